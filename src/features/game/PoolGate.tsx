import { useQuery } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { dailyNumberAt } from "@convex/model/shared/rules";
import { PoolTooSmall } from "@/components/game/PoolTooSmall";
import { useViewer } from "@/lib/auth/viewer";
import { GamePlaceholder } from "./GameLayout";
import { PoolWait } from "./PoolWait";

/**
 * The game screen with no round: either the pool is filling (PoolWait, which deals the round
 * once an anime is ready), or it is so small that today's and tomorrow's Daily hold every anime
 * ready, which no game deals: then why, and what can be done. Once the pool grows past the
 * Dailies, the wait takes over and deals the round.
 */
export function PoolGate({ reopen }: { reopen: () => Promise<void> }) {
  const [today] = useState(() => dailyNumberAt(Date.now()));
  const held = useQuery(api.daily.poolHeld, { number: today });
  const viewer = useViewer();
  if (held === undefined) return <GamePlaceholder busy>Loading anime...</GamePlaceholder>;
  if (held === null) return <PoolWait reopen={reopen} />;
  return (
    <PoolTooSmall
      title="Not enough anime to play yet"
      isAdmin={viewer.status === "signedIn" && viewer.viewer.isAdmin}
    >
      Only {held.ready} anime {held.ready === 1 ? "is" : "are"} ready, and today's and tomorrow's
      Daily hold them all: the game never deals the Daily's anime.
    </PoolTooSmall>
  );
}
