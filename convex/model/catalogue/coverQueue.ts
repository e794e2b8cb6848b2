/**
 * The cover queue: anime whose images must be made wait here (`anime.coverQueue`, in AniList's
 * popularity order), and at most COVER_WORKERS actions (convex/coverMaker.ts `work`) make them,
 * a few per run, each run scheduling the next while work remains. A deployment runs only a few
 * scheduled functions at once (8 on Convex's Free and Starter plans): a job per cover would make
 * a room's timeline, a cooldown's end and the refresh's own pages wait minutes behind a first
 * refresh's 1,000 covers.
 */
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { coversReady, deleteCoverSet, retireCovers, type CoverSet } from "./covers";
import { recordInLatestRefresh } from "./refreshLog";

/** Cover workers at once: the rest of the deployment's scheduled functions keep their room. */
export const COVER_WORKERS = 2;
/** Covers one run makes at most, and the time after which it claims no more (1–5 s each). */
export const COVERS_PER_RUN = 8;
export const RUN_BUDGET_MS = 30_000;
/**
 * A claim not stored within this is free again (a worker that died): well over a cover's
 * fetch time limit (15 s) and its making.
 */
export const CLAIM_MS = 2 * 60_000;
/** A run still "in progress" after this died without Convex noticing (actions stop at 10 min). */
export const STALLED_RUN_MS = 15 * 60_000;
/** Queue entries a claim looks at: every worker's claim, and a dead worker's, fit in it. */
const CLAIM_SCAN = 4 * COVER_WORKERS;

export type ClaimedCover = { animeId: Id<"anime">; source: string; claim: string };

/**
 * Queues an anime whose images are missing or out of date, at `position` (lower goes first);
 * false when its images are ready. A claim in hand stays: a changed cover is refused when stored.
 */
export async function queueCover(
  ctx: MutationCtx,
  anime: Doc<"anime">,
  position: number,
): Promise<boolean> {
  if (coversReady(anime)) return false;
  if (anime.coverQueue !== position) {
    await ctx.db.patch("anime", anime._id, { coverQueue: position });
  }
  return true;
}

/** The first queued anime, in order (bounded). */
async function queueHead(ctx: QueryCtx): Promise<Doc<"anime">[]> {
  return await ctx.db
    .query("anime")
    .withIndex("by_coverQueue", (q) => q.gte("coverQueue", 0))
    .take(CLAIM_SCAN);
}

function isClaimable(anime: Doc<"anime">, now: number): boolean {
  return anime.coverClaim === undefined || anime.coverClaim.until <= now;
}

async function workerOf(ctx: QueryCtx, slot: number): Promise<Doc<"coverWorkers"> | null> {
  return await ctx.db
    .query("coverWorkers")
    .withIndex("by_slot", (q) => q.eq("slot", slot))
    .unique();
}

/** True while the worker's run is waiting or running (and has not overstayed any action's life). */
async function isAlive(ctx: QueryCtx, worker: Doc<"coverWorkers"> | null, now: number) {
  if (worker?.jobId === undefined) return false;
  const job = await ctx.db.system.get("_scheduled_functions", worker.jobId);
  if (job === null) return false;
  if (job.state.kind === "pending") return true;
  return job.state.kind === "inProgress" && now - job.scheduledTime < STALLED_RUN_MS;
}

async function scheduleRun(
  ctx: MutationCtx,
  worker: Doc<"coverWorkers"> | null,
  slot: number,
  run: number,
) {
  const jobId = await ctx.scheduler.runAfter(0, internal.coverMaker.work, { slot, run });
  if (worker === null) await ctx.db.insert("coverWorkers", { slot, run, jobId });
  else await ctx.db.patch("coverWorkers", worker._id, { run, jobId });
}

/**
 * Starts a worker in every idle or dead slot while there is a cover to claim: after a refresh
 * stores a page, and from a cron, so that a worker that died is replaced. A replaced run that
 * was alive after all stops at its next claim.
 */
export async function startCoverWorkers(ctx: MutationCtx, now: number): Promise<void> {
  const claimable = (await queueHead(ctx)).filter((anime) => isClaimable(anime, now)).length;
  if (claimable === 0) return;
  let working = 0;
  for (let slot = 0; slot < COVER_WORKERS; slot++) {
    const worker = await workerOf(ctx, slot);
    if (await isAlive(ctx, worker, now)) {
      working++;
      continue;
    }
    if (working >= claimable) continue;
    await scheduleRun(ctx, worker, slot, (worker?.run ?? 0) + 1);
    working++;
  }
}

/**
 * Claims the first claimable anime in the queue for worker `slot`'s run `run`, or null: when
 * nothing is left to claim, or when the run was replaced.
 */
export async function claimCover(
  ctx: MutationCtx,
  slot: number,
  run: number,
  now: number,
): Promise<ClaimedCover | null> {
  const worker = await workerOf(ctx, slot);
  if (worker === null || worker.run !== run) return null;
  const next = (await queueHead(ctx)).find((anime) => isClaimable(anime, now));
  if (next === undefined) return null;
  const claim = crypto.randomUUID();
  await ctx.db.patch("anime", next._id, { coverClaim: { token: claim, until: now + CLAIM_MS } });
  return { animeId: next._id, source: next.coverImage, claim };
}

/**
 * The end of a run: the next one is scheduled while covers are left to claim, else the worker
 * goes idle. A run that failed (`error`) records it in the refresh history and leaves the slot
 * idle, for the next refresh or the cron to try again.
 */
export async function finishRun(
  ctx: MutationCtx,
  slot: number,
  run: number,
  now: number,
  error?: string,
): Promise<void> {
  const worker = await workerOf(ctx, slot);
  if (worker === null || worker.run !== run) return;
  if (error !== undefined) await recordInLatestRefresh(ctx, `cover worker: ${error}`);
  const more = (await queueHead(ctx)).some((anime) => isClaimable(anime, now));
  if (error === undefined && more) {
    await scheduleRun(ctx, worker, slot, run + 1);
    return;
  }
  await ctx.db.patch("coverWorkers", worker._id, { jobId: undefined });
}

/** Why a worker's images are not kept: the claim lost, or the cover changed since. */
async function claimed(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  claim: string,
  source: string,
): Promise<Doc<"anime"> | null> {
  const anime = await ctx.db.get("anime", animeId);
  if (anime === null || anime.coverClaim?.token !== claim) return null;
  if (anime.coverImage !== source) {
    // Queued again for its new cover by the refresh: free for the next claim.
    await ctx.db.patch("anime", animeId, { coverClaim: undefined });
    return null;
  }
  return anime;
}

/**
 * Keeps the images a worker made, if its claim still holds and the anime still has that cover;
 * otherwise they are deleted (another worker made them, or they are out of date). The set they
 * replace is retired, not deleted: rounds dealt on it keep showing it.
 */
export async function storeCovers(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  claim: string,
  covers: CoverSet,
  now: number,
): Promise<boolean> {
  const anime = await claimed(ctx, animeId, claim, covers.source);
  if (anime === null) {
    await deleteCoverSet(ctx, covers);
    return false;
  }
  if (anime.covers !== undefined) await retireCovers(ctx, animeId, anime.covers, now);
  await ctx.db.patch("anime", animeId, {
    coverStatus: "ready",
    covers,
    coverQueue: undefined,
    coverClaim: undefined,
  });
  return true;
}

/** A cover the worker could not make: the anime leaves the queue until the next refresh. */
export async function markCoversMissing(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  claim: string,
  source: string,
): Promise<void> {
  if ((await claimed(ctx, animeId, claim, source)) === null) return;
  await ctx.db.patch("anime", animeId, {
    coverStatus: "missing",
    coverQueue: undefined,
    coverClaim: undefined,
  });
}

/** A claim given back unmade (the worker cannot make covers now): next in line again. */
export async function releaseCover(ctx: MutationCtx, animeId: Id<"anime">, claim: string) {
  const anime = await ctx.db.get("anime", animeId);
  if (anime?.coverClaim?.token === claim) {
    await ctx.db.patch("anime", animeId, { coverClaim: undefined });
  }
}
