/**
 * The fold runs as a chain of jobs: each run folds a batch and schedules the next, straight away
 * while tallies wait, else after FOLD_EVERY_MS. A run that fails or times out schedules nothing,
 * so a cron watches the chain and starts a new generation when runs stop; a run of an older
 * generation stops, so two chains never run side by side for long.
 */
import type { MutationCtx } from "../../_generated/server";
import { FOLD_SETTLE_MS, foldTallies, type FoldResult } from "./fold";

/** How often the fold runs when it is keeping up. */
export const FOLD_EVERY_MS = 1_000;
/** A chain whose last run is older than this has stopped: the watch starts another. */
export const FOLD_STALLED_MS = 15_000;

async function stateOf(ctx: MutationCtx) {
  return await ctx.db.query("foldState").first();
}

export type RunResult = FoldResult & { superseded: boolean };

/**
 * One run of the chain's `generation` at `now`. Returns what it folded, and whether it found
 * itself superseded (then it folds nothing and the chain ends).
 */
export async function runFold(
  ctx: MutationCtx,
  generation: number,
  now: number,
): Promise<RunResult> {
  const state = await stateOf(ctx);
  if (state === null || state.generation !== generation) {
    return { folded: 0, more: false, superseded: true };
  }
  const result = await foldTallies(ctx, now - FOLD_SETTLE_MS);
  await ctx.db.patch("foldState", state._id, { lastRunAt: now });
  return { ...result, superseded: false };
}

/**
 * The watch: a new generation when there is no chain yet or its last run is FOLD_STALLED_MS old.
 * Returns the generation to start, or null when the chain is running.
 */
export async function restartIfStalled(ctx: MutationCtx, now: number): Promise<number | null> {
  const state = await stateOf(ctx);
  if (state !== null && now - state.lastRunAt < FOLD_STALLED_MS) return null;
  const generation = (state?.generation ?? 0) + 1;
  if (state === null) await ctx.db.insert("foldState", { generation, lastRunAt: now });
  else await ctx.db.patch("foldState", state._id, { generation, lastRunAt: now });
  return generation;
}
