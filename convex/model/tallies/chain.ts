/**
 * The fold runs as a chain of jobs while tallies wait, and sleeps when none does: an idle
 * deployment runs no job and writes nothing. Each run folds a batch and schedules the next,
 * straight away while a full batch waits, else after FOLD_EVERY_MS; a run that finds no tally at
 * all marks the chain asleep and schedules nothing. The first tally of a quiet spell wakes it
 * (record.ts → `tallies.wake`). `foldState` changes only at those transitions, never per run, so
 * the players who read it (to know whether to wake the fold) never conflict with a running fold.
 *
 * A run that fails or times out schedules nothing, so a cron watches for tallies left waiting
 * and starts a new generation; a run of an older generation stops, so two chains never run side
 * by side for long.
 */
import type { MutationCtx } from "../../_generated/server";
import { FOLD_SETTLE_MS, foldTallies, type FoldResult } from "./fold";

/** How often the fold runs when it is keeping up. */
export const FOLD_EVERY_MS = 1_000;
/** A tally waiting longer than this means the chain stopped: the watch starts another. */
export const FOLD_STALLED_MS = 15_000;

async function stateOf(ctx: MutationCtx) {
  return await ctx.db.query("foldState").first();
}

/**
 * The oldest tally, or null. When there is none this reads the whole (empty) index, so a
 * player's insert at the same time conflicts with it: either the insert commits first and this
 * transaction re-runs and sees it, or this one commits first and the player's re-runs and sees
 * what it wrote (asleep). When a tally exists it reads only up to that one, older than any insert
 * in flight.
 */
async function oldestTally(ctx: MutationCtx) {
  return await ctx.db.query("tallies").withIndex("by_creation_time").first();
}

/** True when a tally put down now should wake the fold (read on the players' path). */
export async function foldIsAsleep(ctx: MutationCtx): Promise<boolean> {
  const state = await stateOf(ctx);
  // No chain yet (a fresh deployment): the first tally starts it.
  return state === null || state.sleeping === true;
}

/** What a run did, and when the next run of its generation is due (null: none). */
export type RunResult = FoldResult & { superseded: boolean; nextInMs: number | null };

/**
 * One run of the chain's `generation` at `now`. A superseded run (an older generation, or a
 * chain put to sleep) folds nothing and the chain ends.
 */
export async function runFold(
  ctx: MutationCtx,
  generation: number,
  now: number,
): Promise<RunResult> {
  const state = await stateOf(ctx);
  if (state === null || state.generation !== generation || state.sleeping === true) {
    return { folded: 0, more: false, superseded: true, nextInMs: null };
  }
  const result = await foldTallies(ctx, now - FOLD_SETTLE_MS);
  if (result.more) return { ...result, superseded: false, nextInMs: 0 };
  // After its own deletions: none left means asleep now, not one run later.
  const oldest = await oldestTally(ctx);
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

/** When a woken chain's first run is due: once the tally that woke it has settled. */
export async function firstRunIn(ctx: MutationCtx, now: number): Promise<number> {
  const oldest = await oldestTally(ctx);
  return oldest === null ? FOLD_SETTLE_MS : settledIn(oldest._creationTime, now);
}

/**
 * Wakes a sleeping chain (or starts the first): a new generation, awake. Returns it, or null
 * when the chain is awake already (a burst's later wake jobs).
 */
export async function wake(ctx: MutationCtx): Promise<number | null> {
  const state = await stateOf(ctx);
  if (state !== null && state.sleeping !== true) return null;
  return await newGeneration(ctx, state);
}

/**
 * The watch: when tallies wait, a chain asleep (its wake lost) is woken, and a chain awake whose
 * oldest tally is FOLD_STALLED_MS old (its job lost, a run that keeps failing) is replaced by a
 * new generation. Returns the generation to start, or null. Nothing waiting: nothing to do.
 */
export async function restartIfStalled(ctx: MutationCtx, now: number): Promise<number | null> {
  const oldest = await oldestTally(ctx);
  if (oldest === null) return null;
  const state = await stateOf(ctx);
  const asleep = state === null || state.sleeping === true;
  if (!asleep && now - oldest._creationTime < FOLD_STALLED_MS) return null;
  return await newGeneration(ctx, state);
}

async function newGeneration(
  ctx: MutationCtx,
  state: Awaited<ReturnType<typeof stateOf>>,
): Promise<number> {
  const generation = (state?.generation ?? 0) + 1;
  if (state === null) await ctx.db.insert("foldState", { generation, sleeping: false });
  else {
    await ctx.db.patch("foldState", state._id, {
      generation,
      sleeping: false,
      lastRunAt: undefined,
    });
  }
  return generation;
}
