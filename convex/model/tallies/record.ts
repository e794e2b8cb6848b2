import { internal } from "../../_generated/api";
import type { MutationCtx } from "../../_generated/server";
import { foldIsAsleep } from "./chain";
import type { Tally } from "./tally";

/**
 * Puts down what a player's call did to the shared figures, for the fold to add up. An insert
 * that nothing on a player's path reads: two players' calls never conflict over it, however many
 * play at once, and it costs one small document. When the fold sleeps (nobody played for a
 * while) it also schedules its wake, writing no shared document: `foldState` is read here, and
 * written only when the fold falls asleep or wakes (model/tallies/chain.ts).
 */
export async function recordTally(ctx: MutationCtx, { moves, ...counts }: Tally): Promise<void> {
  await ctx.db.insert(
    "tallies",
    moves !== undefined && moves.length > 0 ? { ...counts, moves } : counts,
  );
  if (wakeScheduled.has(ctx.scheduler) || !(await foldIsAsleep(ctx))) return;
  await ctx.scheduler.runAfter(0, internal.tallies.wake, {});
  wakeScheduled.add(ctx.scheduler);
}

/** The transactions (by their scheduler) that scheduled a wake already: one wakes the fold. */
const wakeScheduled = new WeakSet<object>();
