import type { MutationCtx } from "../../_generated/server";
import { COOLDOWN_MS, CHALLENGE_GUESSES, GUESSES_PER_ANIME } from "../shared/rules";
import type { Game, GameChanges } from "./state";

/**
 * The allowance back, as the rules say: 20 a day and 5 for the anime in play, which stayed in
 * play through the cooldown (its own guesses used before stay counted on its cover and its
 * points). An ended round keeps its count, so the counter agrees with its message ("Out of
 * guesses!", Next Anime); the next deal refills it.
 */
export function cooldownEndChanges(game: Game): GameChanges {
  const round = game.round;
  const animeRemaining =
    round === null || round.status === "playing" ? GUESSES_PER_ANIME : game.animeRemaining;
  return { dailyRemaining: CHALLENGE_GUESSES, animeRemaining, cooldownEnd: null };
}

/**
 * The 10-minute cooldown, started by the guess that spends the last daily one (or by anything
 * that finds them spent without one). Nothing is scheduled for its end: the player's next call
 * after it ends it (an open page asks at that instant, `game.sync`).
 */
export async function startCooldown(ctx: MutationCtx, game: Game, now: number): Promise<number> {
  if (game.cooldownEnd !== null) return game.cooldownEnd;
  const cooldownEnd = now + COOLDOWN_MS;
  await ctx.db.patch("games", game._id, { cooldownEnd });
  return cooldownEnd;
}
