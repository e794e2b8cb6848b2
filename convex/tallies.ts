import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import * as Chain from "./model/tallies/chain";

/**
 * One run of the fold (convex/model/tallies/fold.ts): adds a batch of players' tallies to the
 * day's counters and the boards' statistics, then schedules the next run of its generation, or
 * puts the chain to sleep when no tally is left (model/tallies/chain.ts).
 */
export const fold = internalMutation({
  args: { generation: v.number() },
  returns: v.object({
    folded: v.number(),
    more: v.boolean(),
    superseded: v.boolean(),
    nextInMs: v.union(v.number(), v.null()),
  }),
  handler: async (ctx, { generation }) => {
    const result = await Chain.runFold(ctx, generation, Date.now());
    if (result.nextInMs !== null) {
      await ctx.scheduler.runAfter(result.nextInMs, internal.tallies.fold, { generation });
    }
    return result;
  },
});

/**
 * Scheduled by a player's call that put down a tally while the fold slept: wakes it, its first
 * run once that tally has settled (FOLD_SETTLE_MS). A burst schedules a few; all but the first find it awake.
 */
export const wake = internalMutation({
  args: {},
  returns: v.union(v.number(), v.null()),
  handler: async (ctx) => {
    const generation = await Chain.wake(ctx);
    if (generation !== null) {
      const delay = await Chain.firstRunIn(ctx, Date.now());
      await ctx.scheduler.runAfter(delay, internal.tallies.fold, { generation });
    }
    return generation;
  },
});

/**
 * Every 5 minutes (convex/crons.ts): when tallies wait, wakes a fold whose wake was lost and
 * restarts a chain that stopped (a failed run, a deploy that lost its job). Idle, one read.
 */
export const watch = internalMutation({
  args: {},
  returns: v.union(v.number(), v.null()),
  handler: async (ctx) => {
    const generation = await Chain.restartIfStalled(ctx, Date.now());
    if (generation !== null) await ctx.scheduler.runAfter(0, internal.tallies.fold, { generation });
    return generation;
  },
});
