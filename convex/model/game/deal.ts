import type { MutationCtx } from "../../_generated/server";
import { ensurePool } from "../catalogue/refresh";
import { newCoverToken } from "../catalogue/covers";
import { GUESSES_PER_ANIME } from "../shared/rules";
import { drawAnime, markSeen } from "../round/seen";
import type { Game, GameChanges, Round } from "./state";

export type DealResult =
  { kind: "dealt"; changes: GameChanges } | { kind: "poolEmpty" | "nothingElse" };

/**
 * The changes that deal a new round. The round it replaces counts as seen (its answer is shown);
 * the new anime is never that one, and one the player has not seen when the pool allows. An empty
 * pool starts a refresh; a pool holding only the anime on screen deals nothing.
 */
export async function dealRound(ctx: MutationCtx, game: Game, now: number): Promise<DealResult> {
  const current = game.round;
  const draw = await drawAnime(ctx, game.userId, current?.animeId ?? null, now);
  if (draw.kind === "empty") {
    await ensurePool(ctx);
    return { kind: "poolEmpty" };
  }
  if (draw.kind === "nothingElse") return { kind: "nothingElse" };
  // A round in play is revealed by this deal. One that ended by a guess was recorded then,
  // unless seen before: its time moves now, so the fallback repeats the one seen longest ago.
  // A withdrawn one was never revealed: nothing to record.
  if (
    current !== null &&
    current.status !== "withdrawn" &&
    (current.status === "playing" || current.seenBefore === true)
  ) {
    await markSeen(ctx, game.userId, current.animeId, now);
  }
  const replaced = current === null ? null : endRound(current, "skipped");
  return {
    kind: "dealt",
    changes: {
      round: {
        number: (current?.number ?? 0) + 1,
        animeId: draw.anime._id,
        guessesUsed: 0,
        status: "playing",
        startedAt: now,
        seenBefore: draw.seenBefore,
        clue: draw.clue,
      },
      previousRound: replaced,
      coverToken: newCoverToken(),
      animeRemaining: Math.min(GUESSES_PER_ANIME, game.dailyRemaining),
      // A field retired 2026-11-23 (schema.ts), cleared by each deal until the schema drops it.
      recentAnimeIds: undefined,
    },
  };
}

function endRound(round: Round, status: "skipped"): Round {
  return round.status === "playing" ? { ...round, status } : round;
}
