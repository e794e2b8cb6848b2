import type { Infer, ObjectType } from "convex/values";
import type { MutationCtx } from "../../_generated/server";
import type { scoreMove, tallyFields } from "../../schema";

export type Tally = ObjectType<typeof tallyFields>;
export type ScoreMove = Infer<typeof scoreMove>;

/**
 * Puts down what a player's call did to the shared figures, for the fold to add up. An insert
 * that nothing on a player's path reads: two players' calls never conflict over it, however many
 * play at once, and it costs one small document.
 */
export async function recordTally(ctx: MutationCtx, { moves, ...counts }: Tally): Promise<void> {
  await ctx.db.insert(
    "tallies",
    moves !== undefined && moves.length > 0 ? { ...counts, moves } : counts,
  );
}
