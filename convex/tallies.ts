import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import * as Apply from "./model/tallies/apply";
import * as Chain from "./model/tallies/chain";
import { allShards } from "./model/tallies/shard";

/**
 * One run of a lane of the fold (convex/model/tallies/fold.ts): gathers a batch of its shard's
 * tallies, schedules the apply of that batch, then the next run of its generation, or puts the
 * lane to sleep when no tally is left (model/tallies/chain.ts). A job from before lanes (no
 * shard) ends: lane 0 takes its tallies.
 */
export const fold = internalMutation({
  args: { shard: v.optional(v.number()), generation: v.number() },
  returns: v.object({
    folded: v.number(),
    more: v.boolean(),
    batch: v.union(v.number(), v.null()),
    superseded: v.boolean(),
    nextInMs: v.union(v.number(), v.null()),
  }),
  handler: async (ctx, { shard, generation }) => {
    if (shard === undefined) return Chain.supersededRun;
    const result = await Chain.runFold(ctx, shard, generation, Date.now());
    if (result.batch !== null) {
      await ctx.scheduler.runAfter(0, internal.tallies.apply, { shard, upTo: result.batch });
    }
    if (result.nextInMs !== null) {
      await ctx.scheduler.runAfter(result.nextInMs, internal.tallies.fold, { shard, generation });
    }
    return result;
  },
});

/**
 * Applies a lane's batches up to `upTo` to the shared figures (model/tallies/apply.ts), again at
 * once while more wait, and schedules the ranks' publish when boards moved and none is due.
 */
export const apply = internalMutation({
  args: { shard: v.number(), upTo: v.number() },
  returns: v.object({
    applied: v.number(),
    more: v.boolean(),
    publishIn: v.union(v.number(), v.null()),
  }),
  handler: async (ctx, { shard, upTo }) => {
    const result = await Apply.applyBatches(ctx, shard, upTo, Date.now());
    if (result.more) await ctx.scheduler.runAfter(0, internal.tallies.apply, { shard, upTo });
    if (result.publishIn !== null) {
      await ctx.scheduler.runAfter(result.publishIn, internal.tallies.publish, {});
    }
    return result;
  },
});

/** Publishes the ranks of the boards moved since the last publish (model/boards/snapshot.ts). */
export const publish = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => await Apply.publishMoved(ctx, Date.now()),
});

/**
 * Scheduled by a player's call that put down a tally while its lane slept: wakes the lane, its
 * first run once that tally has settled (FOLD_SETTLE_MS). A burst schedules a few; all but the
 * first find it awake. A wake from before lanes (no shard) wakes lane 0.
 */
export const wake = internalMutation({
  args: { shard: v.optional(v.number()) },
  returns: v.union(v.number(), v.null()),
  handler: async (ctx, args) => {
    const shard = args.shard ?? 0;
    const generation = await Chain.wake(ctx, shard);
    if (generation !== null) {
      const delay = await Chain.firstRunIn(ctx, shard, Date.now());
      await ctx.scheduler.runAfter(delay, internal.tallies.fold, { shard, generation });
    }
    return generation;
  },
});

/**
 * Every 5 minutes (convex/crons.ts): for each lane whose tallies wait, wakes it when its wake was
 * lost and restarts a chain that stopped (a failed run, a deploy that lost its job); re-applies
 * batches whose apply was lost, and runs a publish that was. Idle, a few reads a lane; writes
 * nothing. Returns the lanes restarted, the shards re-applied and whether it published.
 */
export const watch = internalMutation({
  args: {},
  returns: v.object({
    lanes: v.array(v.number()),
    applies: v.array(v.number()),
    published: v.boolean(),
  }),
  handler: async (ctx) => {
    const now = Date.now();
    const lanes: number[] = [];
    for (const shard of allShards()) {
      const generation = await Chain.restartIfStalled(ctx, shard, now);
      if (generation === null) continue;
      lanes.push(shard);
      await ctx.scheduler.runAfter(0, internal.tallies.fold, { shard, generation });
    }
    const stalled = await Apply.stalledApplies(ctx, allShards(), now, Chain.FOLD_STALLED_MS);
    for (const shard of stalled.shards) {
      await ctx.scheduler.runAfter(0, internal.tallies.apply, {
        shard,
        upTo: Number.MAX_SAFE_INTEGER,
      });
    }
    if (stalled.publish) await ctx.scheduler.runAfter(0, internal.tallies.publish, {});
    return { lanes, applies: stalled.shards, published: stalled.publish };
  },
});
