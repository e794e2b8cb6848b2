/**
 * Each lane of the fold (one per shard, shard.ts) runs as a chain of jobs while its tallies
 * wait, and sleeps when none does: an idle deployment runs no job and writes nothing. Each run
 * gathers a batch (fold.ts) and schedules the next, straight away while a full batch waits, else
 * after FOLD_EVERY_MS; a run that finds no tally at all marks its lane asleep and schedules
 * nothing. The first tally of a quiet spell wakes it (record.ts → `tallies.wake`). A lane's
 * `foldState` changes only at those transitions, never per run (its cursor is a document of its
 * own), so the players who read it (to know whether to wake it) never conflict with its runs.
 *
 * A run that fails or times out schedules nothing, so a cron watches for tallies left waiting
 * and starts a new generation of that lane; a run of an older generation stops, so two chains of
 * a lane never run side by side for long.
 */
import type { MutationCtx } from "../../_generated/server";
import { cursorAt, FOLD_SETTLE_MS, gatherShard, type GatherResult } from "./fold";

/** How often a lane runs when it is keeping up. */
export const FOLD_EVERY_MS = 1_000;
/** A tally waiting longer than this means the lane's chain stopped: the watch starts another. */
export const FOLD_STALLED_MS = 15_000;

async function stateOf(ctx: MutationCtx, shard: number) {
  return await ctx.db
    .query("foldState")
    .withIndex("by_shard", (q) => q.eq("shard", shard))
    .first();
}

/**
 * The oldest tally of `shard` made at `from` or later (from its start: undefined), or null.
 * When there is none this reads the shard's whole index range from `from` on, so a player's
 * insert at the same time conflicts with it: either the insert commits first and this
 * transaction re-runs and sees it, or this one commits first and the player's re-runs and sees
 * what it wrote (asleep). Lane 0 looks at the tallies from before lanes first.
 */
async function oldestTally(ctx: MutationCtx, shard: number, from: number | undefined) {
  if (shard === 0) {
    const legacy = await ctx.db
      .query("tallies")
      .withIndex("by_shard", (q) => q.eq("shard", undefined))
      .first();
    if (legacy !== null) return legacy;
  }
  return await ctx.db
    .query("tallies")
    .withIndex("by_shard", (q) =>
      from === undefined ? q.eq("shard", shard) : q.eq("shard", shard).gte("_creationTime", from),
    )
    .first();
}

/** True when a tally put down now in `shard` should wake its lane (read on the players' path). */
export async function foldIsAsleep(ctx: MutationCtx, shard: number): Promise<boolean> {
  const state = await stateOf(ctx, shard);
  // No chain yet (a fresh deployment): the first tally starts it.
  return state === null || state.sleeping === true;
}

/** What a run did, and when the next run of its generation is due (null: none). */
export type RunResult = GatherResult & { superseded: boolean; nextInMs: number | null };

export const supersededRun: RunResult = {
  folded: 0,
  more: false,
  batch: null,
  superseded: true,
  nextInMs: null,
};

/**
 * One run of lane `shard`'s chain of `generation` at `now`. A superseded run (an older
 * generation, or a lane put to sleep) folds nothing and the chain ends.
 */
export async function runFold(
  ctx: MutationCtx,
  shard: number,
  generation: number,
  now: number,
): Promise<RunResult> {
  const state = await stateOf(ctx, shard);
  if (state === null || state.generation !== generation || state.sleeping === true) {
    return supersededRun;
  }
  const before = now - FOLD_SETTLE_MS;
  const result = await gatherShard(ctx, shard, before, undefined);
  if (result.more) return { ...result, superseded: false, nextInMs: 0 };
  // The run read its shard up to `before`; what is left is from there on. None left means
  // asleep now, not one run later.
  const oldest = await oldestTally(ctx, shard, before);
  if (oldest === null) {
    await ctx.db.patch("foldState", state._id, { sleeping: true, lastRunAt: undefined });
    return { ...result, superseded: false, nextInMs: null };
  }
  if (result.folded > 0) return { ...result, superseded: false, nextInMs: FOLD_EVERY_MS };
  // Tallies too new to fold yet: the next run as soon as the oldest has settled.
  return { ...result, superseded: false, nextInMs: settledIn(oldest._creationTime, now) };
}

/** How long until a tally made at `madeAt` is settled (the fold takes it), at least 1 ms. */
function settledIn(madeAt: number, now: number): number {
  return Math.max(1, Math.ceil(madeAt + FOLD_SETTLE_MS - now) + 1);
}

/** When a woken lane's first run is due: once the tally that woke it has settled. */
export async function firstRunIn(ctx: MutationCtx, shard: number, now: number): Promise<number> {
  const oldest = await oldestTally(ctx, shard, await cursorAt(ctx, shard));
  return oldest === null ? FOLD_SETTLE_MS : settledIn(oldest._creationTime, now);
}

/**
 * Wakes lane `shard` asleep (or starts its first chain): a new generation, awake. Returns it,
 * or null when the lane is awake already (a burst's later wake jobs).
 */
export async function wake(ctx: MutationCtx, shard: number): Promise<number | null> {
  const state = await stateOf(ctx, shard);
  if (state !== null && state.sleeping !== true) return null;
  return await newGeneration(ctx, shard, state);
}

/**
 * The watch, for lane `shard`: when its tallies wait, a lane asleep (its wake lost) is woken,
 * and a lane awake whose oldest tally is FOLD_STALLED_MS old (its job lost, a run that keeps
 * failing) gets a new generation. Returns the generation to start, or null. Reads from the
 * lane's cursor, so an idle lane costs two reads.
 */
export async function restartIfStalled(
  ctx: MutationCtx,
  shard: number,
  now: number,
): Promise<number | null> {
  const oldest = await oldestTally(ctx, shard, await cursorAt(ctx, shard));
  if (oldest === null) return null;
  const state = await stateOf(ctx, shard);
  const asleep = state === null || state.sleeping === true;
  if (!asleep && now - oldest._creationTime < FOLD_STALLED_MS) return null;
  return await newGeneration(ctx, shard, state);
}

async function newGeneration(
  ctx: MutationCtx,
  shard: number,
  state: Awaited<ReturnType<typeof stateOf>>,
): Promise<number> {
  const generation = (state?.generation ?? 0) + 1;
  if (state === null) await ctx.db.insert("foldState", { shard, generation, sleeping: false });
  else {
    await ctx.db.patch("foldState", state._id, {
      generation,
      sleeping: false,
      lastRunAt: undefined,
    });
  }
  return generation;
}
