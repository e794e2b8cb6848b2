/**
 * The daily reset: at the player's local midnight, a full allowance, no cooldown and a new anime.
 */
import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { DAILY_GUESSES, GUESSES_PER_ANIME, MIN_RESET_GAP_MS } from "../shared/rules";
import { dealRound } from "./deal";
import { cancelIfPending } from "../ops/jobs";
import { nextLocalMidnight } from "./localTime";
import type { Game, GameChanges } from "./state";

/**
 * Schedules the reset for `game.nextResetAt` unless one is already set for it, replacing the
 * one set before: a player never has more than one reset job waiting.
 */
export async function ensureResetScheduled(ctx: MutationCtx, game: Game): Promise<GameChanges> {
  if (game.resetJobFor === game.nextResetAt) return {};
  await cancelIfPending(ctx, game.resetJobId);
  const resetJobId = await ctx.scheduler.runAt(game.nextResetAt, internal.game.resetDay, {
    gameId: game._id,
    resetAt: game.nextResetAt,
  });
  return { resetJobFor: game.nextResetAt, resetJobId };
}

/**
 * When the reset after one at `lastReset` comes: the next local midnight in the player's zone
 * (a zone reported since takes effect now), but never within 20 hours of the last one. A reset
 * caught up late in the day thus delays the next few a little, until they are back at midnight.
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
 * The daily reset: a full allowance, no cooldown and a new anime. The next reset's job is
 * scheduled only for players who played since the last reset; a returning player's first call
 * catches up instead.
 */
export async function resetChanges(
  ctx: MutationCtx,
  game: Game,
  now: number,
): Promise<GameChanges> {
  const refilled = { ...game, dailyRemaining: DAILY_GUESSES, cooldownEnd: null };
  const dealt = await dealRound(ctx, refilled, now);
  const round = game.round;
  // With nothing else in the pool, the round on screen stays, with the guesses it has left.
  const kept =
    round?.status === "playing" ? GUESSES_PER_ANIME - round.guessesUsed : GUESSES_PER_ANIME;
  return {
    dailyRemaining: DAILY_GUESSES,
    animeRemaining: kept,
    cooldownEnd: null,
    lastReset: now,
    ...nextReset(game, now, now),
    ...(dealt.kind === "dealt" ? dealt.changes : {}),
  };
}

/** Scheduled for the next reset. A stale, late or repeated run changes nothing twice. */
export async function resetDay(ctx: MutationCtx, gameId: Id<"games">, resetAt: number) {
  const game = await ctx.db.get("games", gameId);
  if (game === null || game.nextResetAt !== resetAt) return;
  const now = Math.max(Date.now(), resetAt);
  const changes = await resetChanges(ctx, game, now);
  const playedSinceLastReset = game.lastActiveAt >= game.lastReset;
  const updated = { ...game, ...changes };
  const scheduled = playedSinceLastReset ? await ensureResetScheduled(ctx, updated) : {};
  await ctx.db.patch("games", gameId, { ...changes, ...scheduled });
}
