import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { COOLDOWN_MS, DAILY_GUESSES, GUESSES_PER_ANIME } from "../shared/rules";
import { cancelIfPending } from "../ops/jobs";
import type { Game, GameChanges } from "./state";

/**
 * The allowance back: 20 a day, and the anime in play its own 5 less those used (as at midnight).
 * An ended round keeps its count, so the counter agrees with its message ("Out of guesses!",
 * Next Anime); the next deal refills it.
 */
export function cooldownEndChanges(game: Game): GameChanges {
  const round = game.round;
  const animeRemaining =
    round === null
      ? GUESSES_PER_ANIME
      : round.status === "playing"
        ? GUESSES_PER_ANIME - round.guessesUsed
        : game.animeRemaining;
  return { dailyRemaining: DAILY_GUESSES, animeRemaining, cooldownEnd: null };
}

/**
 * The 10-minute cooldown, started by the guess that spends the last daily one (or by anything
 * that finds them spent without one), replacing any cooldown job still waiting (one a midnight
 * reset made pointless): never two at once.
 */
export async function startCooldown(ctx: MutationCtx, game: Game, now: number): Promise<number> {
  if (game.cooldownEnd !== null) return game.cooldownEnd;
  const cooldownEnd = now + COOLDOWN_MS;
  await cancelIfPending(ctx, game.cooldownJobId);
  const cooldownJobId = await ctx.scheduler.runAt(cooldownEnd, internal.game.endCooldown, {
    gameId: game._id,
    cooldownEnd,
  });
  await ctx.db.patch("games", game._id, { cooldownEnd, cooldownJobId });
  return cooldownEnd;
}

/** Scheduled at a cooldown's end. A stale or repeated run changes nothing. */
export async function endCooldown(ctx: MutationCtx, gameId: Id<"games">, cooldownEnd: number) {
  const game = await ctx.db.get("games", gameId);
  if (game === null || game.cooldownEnd !== cooldownEnd) return;
  await ctx.db.patch("games", gameId, cooldownEndChanges(game));
}
