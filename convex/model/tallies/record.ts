import { internal } from "../../_generated/api";
import type { MutationCtx } from "../../_generated/server";
import { foldIsAsleep } from "./chain";
import { shardOf } from "./shard";
import type { Tally } from "./tally";

/**
 * Puts down what a player's call did to the shared figures, for the fold to add up. An insert
 * that nothing on a player's path reads: two players' calls never conflict over it, however many
 * play at once, and it costs one small document. It goes to the shard of `by` (the player whose
 * call it is; shard.ts). When that shard's lane sleeps (nobody played for a while) it also
 * schedules its wake, writing no shared document: the lane's `foldState` is read here, and
 * written only when the lane falls asleep or wakes (model/tallies/chain.ts).
 */
export async function recordTally(
  ctx: MutationCtx,
  { moves, ...counts }: Tally,
  by: string,
): Promise<void> {
  const shard = shardOf(by);
  await ctx.db.insert(
    "tallies",
    moves !== undefined && moves.length > 0 ? { ...counts, shard, moves } : { ...counts, shard },
  );
  const woken = wakeScheduled.get(ctx.scheduler) ?? new Set<number>();
  if (woken.has(shard) || !(await foldIsAsleep(ctx, shard))) return;
  await ctx.scheduler.runAfter(0, internal.tallies.wake, { shard });
  woken.add(shard);
  wakeScheduled.set(ctx.scheduler, woken);
}

/** The lanes each transaction (by its scheduler) scheduled a wake of already: one wakes a lane. */
const wakeScheduled = new WeakMap<object, Set<number>>();
