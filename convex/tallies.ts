import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import * as Chain from "./model/tallies/chain";

/**
 * One run of the fold (convex/model/tallies/fold.ts): adds a batch of players' tallies to the
 * day's counters and the boards' statistics, then schedules the next run of its generation.
 */
export const fold = internalMutation({
  args: { generation: v.number() },
  returns: v.object({ folded: v.number(), more: v.boolean(), superseded: v.boolean() }),
  handler: async (ctx, { generation }) => {
    const result = await Chain.runFold(ctx, generation, Date.now());
    if (!result.superseded) {
      await ctx.scheduler.runAfter(result.more ? 0 : Chain.FOLD_EVERY_MS, internal.tallies.fold, {
        generation,
      });
    }
    return result;
  },
});

/**
 * Every 30 s (convex/crons.ts): starts the fold's chain when there is
 * none or it stopped (a failed run, a deploy that lost its job). Costs one read while it runs.
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
