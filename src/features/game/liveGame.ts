import { useEffect, useState } from "react";
import type { GameView } from "@convex/model/game/view";
import { MIDNIGHT_SPREAD_MS } from "@convex/model/shared/rules";

/**
 * Whether `live` is an older state of the game than `opened`: an earlier midnight reset, an earlier
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

/** The longest a timer may be set for (a longer one would fire at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Asked too early (the clocks differ), the page asks again after this at least, doubling up to... */
export const SYNC_RETRY_MS = 1000;
/** ...this. */
const SYNC_RETRY_MAX_MS = 60_000;

type Instant = { local: number; server: number };

/**
 * Asks the server (`sync`, i.e. game.sync) for what is due at the next instant the game names:
 * the midnight reset (`nextResetAt`, taken on this device's clock) or the cooldown's end (its
 * local `cooldownDeadline`). The server schedules nothing per player, so without this an open
 * page would wait for its player's next move to see either. The server decides by its own clock:
 * asked early, it changes nothing and says what time it has, and the page asks again when that
 * clock should be there. A change replaces this effect with one for the next instant. The
 * midnight call comes at a random moment within MIDNIGHT_SPREAD_MS of it, so that a time zone's
 * pages do not all call at once; a cooldown's end is the player's own instant and comes on time.
 */
export function useCatchUpTimer(
  game: GameView | null,
  cooldownDeadline: number | null,
  sync: () => Promise<{ now: number }>,
  enabled: boolean,
): void {
  const resetAt = game?.nextResetAt ?? null;
  const cooldownEnd = game?.cooldownEnd ?? null;
  useEffect(() => {
    if (!enabled || resetAt === null) return;
    const instants: Instant[] = [{ local: resetAt, server: resetAt }];
    if (cooldownEnd !== null && cooldownDeadline !== null) {
      instants.push({ local: cooldownDeadline, server: cooldownEnd });
    }
    const next = instants.reduce((a, b) => (b.local < a.local ? b : a));
    const spread = next === instants[0] ? Math.random() * MIDNIGHT_SPREAD_MS : 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let retries = 0;
    const askAfter = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void ask(), Math.min(MAX_TIMER_MS, Math.max(0, ms)));
    };
    const ask = async () => {
      let serverWait = 0;
      try {
        const { now } = await sync();
        serverWait = next.server - now;
      } catch (error) {
        console.error("Asking for the game's reset or cooldown end failed", error);
      }
      if (stopped) return;
      // Still the same instant: the server's clock was not there yet (or the call failed).
      const backoff = Math.min(SYNC_RETRY_MAX_MS, SYNC_RETRY_MS * 2 ** retries);
      retries += 1;
      askAfter(Math.max(serverWait, backoff));
    };
    askAfter(next.local + spread - Date.now());
    // A sleeping device runs no timers: on waking, a passed instant is asked for at once.
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() >= next.local && retries === 0) {
        askAfter(0);
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [enabled, resetAt, cooldownEnd, cooldownDeadline, sync]);
}
