import { useQueries, type RequestForQueries } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { useEffect, useMemo, useState } from "react";
import { api } from "@convex/_generated/api";

export type LeaderboardEntry = FunctionReturnType<typeof api.leaderboard.top>[number];
export type Standing = FunctionReturnType<typeof api.leaderboard.mine>;
export type Period = NonNullable<FunctionArgs<typeof api.leaderboard.top>["period"]>;

export type Loadable<T> =
  { status: "loading" } | { status: "error" } | { status: "ready"; value: T };

function loadable<T>(result: T | Error | undefined): Loadable<T> {
  if (result === undefined) return { status: "loading" };
  if (result instanceof Error) return { status: "error" };
  return { status: "ready", value: result };
}

const utcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Today's UTC day ("2026-11-23"), changing at UTC midnight: the boards ask for the day they show,
 * so Today and This week move on to the new board at midnight without a reload.
 */
export function useUtcDay(): string {
  const [day, setDay] = useState(() => utcDay(Date.now()));
  useEffect(() => {
    const now = Date.now();
    const nextMidnight = Date.parse(`${utcDay(now)}T00:00:00Z`) + 24 * 60 * 60 * 1000;
    const timer = setTimeout(() => setDay(utcDay(Date.now())), nextMidnight - now + 50);
    return () => clearTimeout(timer);
  }, [day]);
  return day;
}

/**
 * A board's top `limit` players and, for a signed-in player, their own standing on it (null for a
 * visitor), both live while the calling component is mounted (a closed dialog or a hidden tab
 * subscribes to nothing). A query that fails gives an "error" state instead of throwing, so the
 * list can say so in place.
 */
export function useLeaderboard(period: Period, limit: number, signedIn: boolean) {
  const day = useUtcDay();
  const queries = useMemo((): RequestForQueries => {
    const board = { period, day };
    const requests: RequestForQueries = {
      top: { query: api.leaderboard.top, args: { ...board, limit } },
    };
    if (signedIn) requests.mine = { query: api.leaderboard.mine, args: board };
    return requests;
  }, [period, day, limit, signedIn]);
  const results = useQueries(queries) as {
    top?: LeaderboardEntry[] | Error;
    mine?: Standing | Error;
  };
  return { top: loadable(results.top), mine: signedIn ? loadable(results.mine) : null };
}
