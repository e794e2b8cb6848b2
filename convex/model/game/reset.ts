/**
 * The midnight reset: at the player's local midnight, a full allowance, no cooldown and a new anime.
 *
 * Nothing is scheduled per player: the reset is applied by the player's next call once its
 * instant has passed (see `catchUp` in play.ts). An open game page asks for it at that instant
 * (`game.sync`), so the player watching sees it happen; one who is away finds it done on return.
 * A job per player would put a million jobs in the scheduler's queue at a million daily players,
 * and a time zone's worth of them due at the same instant.
 */
import type { MutationCtx } from "../../_generated/server";
import { CHALLENGE_GUESSES, GUESSES_PER_ANIME, MIN_RESET_GAP_MS } from "../shared/rules";
import { dealRound } from "./deal";
import { nextLocalMidnight } from "../shared/localTime";
import type { Game, GameChanges } from "./state";

/**
 * When the reset after one at `lastReset` comes: the next local midnight in the player's zone
 * (a zone reported since takes effect now), but never within 20 hours of the last one.
 */
export function nextReset(game: Game, lastReset: number, now: number) {
  const timeZone = game.pendingTimeZone ?? game.timeZone;
  return {
    timeZone,
    pendingTimeZone: undefined,
    nextResetAt: Math.max(nextLocalMidnight(now, timeZone), lastReset + MIN_RESET_GAP_MS),
  };
}

/**
 * The midnight reset that was due at `game.nextResetAt`, applied at `now` (that instant or later):
 * a full allowance, no cooldown and a new anime. It is recorded as of the instant it was due,
 * since nothing could be spent between then and the call that applies it (the first since):
 * a reset applied late does not push the next one past its midnight.
 */
export async function resetChanges(
  ctx: MutationCtx,
  game: Game,
  now: number,
): Promise<GameChanges> {
  const dueAt = game.nextResetAt;
  const refilled = { ...game, dailyRemaining: CHALLENGE_GUESSES, cooldownEnd: null };
  const dealt = await dealRound(ctx, refilled, now);
  const dealtChanges =
    dealt.kind === "dealt"
      ? { ...dealt.changes, round: { ...dealt.changes.round!, dealtAtReset: true } }
      : {};
  return {
    dailyRemaining: CHALLENGE_GUESSES,
    // "The allowance resets to 20 and 5", as at a cooldown's end: with nothing else in the pool
    // the round on screen stays, and one still in play gets 5 (it may have used more than 5
    // before, the day having run out on it).
    animeRemaining: GUESSES_PER_ANIME,
    cooldownEnd: null,
    lastReset: dueAt,
    ...nextReset(game, dueAt, now),
    ...dealtChanges,
  };
}
