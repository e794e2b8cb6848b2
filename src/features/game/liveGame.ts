import { useState } from "react";
import type { GameView } from "@convex/model/game/view";

/**
 * Whether `live` is an older state of the game than `opened`: an earlier daily reset, an earlier
 * round, or the same round with fewer guesses on it. Each of these only ever grows on the server
 * (a reset that finds nothing to deal keeps the round but moves `lastReset`; every deal numbers
 * its round one higher), so a state that has less of one predates the other. No round counts as
 * round 0: the open may have dealt the first.
 */
export function isOlderGame(live: GameView, opened: GameView): boolean {
  if (live.lastReset !== opened.lastReset) return live.lastReset < opened.lastReset;
  const liveRound = live.round?.number ?? 0;
  const openedRound = opened.round?.number ?? 0;
  if (liveRound !== openedRound) return liveRound < openedRound;
  return (live.round?.guessesUsed ?? 0) < (opened.round?.guessesUsed ?? 0);
}

/**
 * The game to show: `opened` (what game.open returned) until the live query (`live`, undefined
 * while it loads) has caught up with it, then the live query for good.
 *
 * A mutation sent over the WebSocket resolves only once the client's subscriptions reflect it,
 * but the boot's game.open goes over HTTP (src/boot/openCall.ts): the subscription's first result
 * may predate it (a game not yet created, the round before the one the open dealt, the day before
 * a reset it caught up). Shown, it would replace the round on screen with an older one, and then
 * the newer again.
 */
export function useLiveGame(
  live: GameView | null | undefined,
  opened: GameView | null,
): GameView | null {
  const [followsLive, setFollowsLive] = useState(false);
  const caughtUp = opened !== null && live != null && !isOlderGame(live, opened);
  // Set during render (React's pattern for state derived from earlier renders): once caught up,
  // the live state is followed whatever it shows next, without a render of the older one.
  if (caughtUp && !followsLive) setFollowsLive(true);
  if (followsLive || caughtUp || opened === null) return live ?? opened;
  return opened;
}
