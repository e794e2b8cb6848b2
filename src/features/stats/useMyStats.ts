import { useQuery } from "convex/react";
import { useEffect, useState } from "react";
import { api } from "@convex/_generated/api";
import type { StatsView } from "@convex/model/game/stats";

const MINUTE_MS = 60_000;

/** The clock to the minute: screens opened in the same minute share one query. */
const thisMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

/**
 * The signed-in player's stats (`stats.mine`; undefined while loading, null before their first
 * round), live. The query never reads the clock (Convex caches its result until the documents it
 * read change), so the client gives its own, and asks again when the player's next day starts
 * (`nextDayAt`, at their zone's midnight), keeping the day shown until the new one arrives.
 */
export function useMyStats(): StatsView | null | undefined {
  const [at, setAt] = useState(thisMinute);
  const fetched = useQuery(api.stats.mine, { at });
  const [shown, setShown] = useState(fetched);
  if (fetched !== undefined && fetched !== shown) setShown(fetched);
  const nextDayAt = shown?.nextDayAt;
  useEffect(() => {
    if (nextDayAt === undefined) return;
    const timer = setTimeout(() => setAt(thisMinute()), Math.max(0, nextDayAt - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextDayAt]);
  return fetched ?? shown;
}
