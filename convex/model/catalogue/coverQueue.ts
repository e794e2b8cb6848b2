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
/**
 * A cover whose download failed for a passing reason (the image host answering 5xx or 429, a
 * timeout, a network error) is tried again after 30 s, then 1, 2 and 4 minutes, and every
 * 4 minutes after: 6 retries, the last about 15 minutes after the first failure. Then, or at once
 * for a refusal that would not change (404, not an image, too large), it is missing.
 */
export const COVER_RETRY_FIRST_MS = 30_000;
export const COVER_RETRY_MAX_MS = 4 * 60_000;
export const COVER_RETRIES = 6;

/** The wait before retry number `retry` (from 1). */
export function coverRetryDelayMs(retry: number): number {
  return Math.min(COVER_RETRY_MAX_MS, COVER_RETRY_FIRST_MS * 2 ** (retry - 1));
}

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
  if (anime.coverQueue !== position || anime.coverRetryAt !== undefined) {
    // A cover waiting for a retry is queued afresh: a refresh gives it its tries again.
    await ctx.db.patch("anime", anime._id, {
      coverQueue: position,
      coverRetryAt: undefined,
      coverTries: undefined,
    });
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

/** The covers waiting for a retry that is due (bounded). */
async function dueRetries(ctx: QueryCtx, now: number): Promise<Doc<"anime">[]> {
  return await ctx.db
    .query("anime")
    .withIndex("by_coverRetryAt", (q) => q.gte("coverRetryAt", 0).lte("coverRetryAt", now))
    .take(CLAIM_SCAN);
}

/**
 * When the next retry can be claimed, or null when no cover waits for one: the earliest retry
 * time, or a claim's end for a retry claimed by a worker that died (a run scheduled before would
 * find nothing to claim, again and again).
 */
async function nextRetryAt(ctx: QueryCtx): Promise<number | null> {
  const waiting = await ctx.db
    .query("anime")
    .withIndex("by_coverRetryAt", (q) => q.gte("coverRetryAt", 0))
    .take(CLAIM_SCAN);
  const times = waiting.map((anime) => Math.max(anime.coverRetryAt!, anime.coverClaim?.until ?? 0));
  return times.length === 0 ? null : Math.min(...times);
}

function isClaimable(anime: Doc<"anime">, now: number): boolean {
  return anime.coverClaim === undefined || anime.coverClaim.until <= now;
}

/** The covers a worker could claim now: the queue's first, then the retries that are due. */
async function claimable(ctx: QueryCtx, now: number): Promise<Doc<"anime">[]> {
  const queued = (await queueHead(ctx)).filter((anime) => isClaimable(anime, now));
  if (queued.length >= COVER_WORKERS) return queued;
  return [...queued, ...(await dueRetries(ctx, now)).filter((anime) => isClaimable(anime, now))];
}

/**
 * True while covers are still to be made: queued, or waiting for a retry. The pool's fill is
 * under way then, even with no refresh running.
 */
export async function coversUnderWay(ctx: QueryCtx): Promise<boolean> {
  const queued = await ctx.db
    .query("anime")
    .withIndex("by_coverQueue", (q) => q.gte("coverQueue", 0))
    .first();
  return queued !== null || (await nextRetryAt(ctx)) !== null;
}

async function workerOf(ctx: QueryCtx, slot: number): Promise<Doc<"coverWorkers"> | null> {
  return await ctx.db
    .query("coverWorkers")
    .withIndex("by_slot", (q) => q.eq("slot", slot))
    .unique();
}

type WorkerState = "idle" | "working" | { waitsUntil: number };

/** True when the worker will run by `at`. */
function isScheduledBy(state: WorkerState, at: number): boolean {
  return state === "working" || (typeof state === "object" && state.waitsUntil <= at);
}

/**
 * Whether the worker's run is running or due ("working"), scheduled for a later retry
 * (`waitsUntil`), or idle: no run, or one that has overstayed any action's life.
 */
async function stateOf(
  ctx: QueryCtx,
  worker: Doc<"coverWorkers"> | null,
  now: number,
): Promise<WorkerState> {
  if (worker?.jobId === undefined) return "idle";
  const job = await ctx.db.system.get("_scheduled_functions", worker.jobId);
  if (job === null) return "idle";
  if (job.state.kind === "pending") {
    return job.scheduledTime > now ? { waitsUntil: job.scheduledTime } : "working";
  }
  return job.state.kind === "inProgress" && now - job.scheduledTime < STALLED_RUN_MS
    ? "working"
    : "idle";
}

async function scheduleRun(
  ctx: MutationCtx,
  worker: Doc<"coverWorkers"> | null,
  slot: number,
  run: number,
  at?: number,
) {
  const args = { slot, run };
  const jobId =
    at === undefined
      ? await ctx.scheduler.runAfter(0, internal.coverMaker.work, args)
      : await ctx.scheduler.runAt(at, internal.coverMaker.work, args);
  if (worker === null) await ctx.db.insert("coverWorkers", { slot, run, jobId });
  else await ctx.db.patch("coverWorkers", worker._id, { run, jobId });
}

/**
 * Starts a worker in every idle or dead slot while there is a cover to claim: after a refresh
 * stores a page, and from a cron, so that a worker that died is replaced. A replaced run that
 * was alive after all stops at its next claim. A worker waiting for a later retry starts now
 * when covers can be claimed now. With only retries to wait for, one worker is scheduled for
 * the earliest: none spins on covers not yet due.
 */
export async function startCoverWorkers(ctx: MutationCtx, now: number): Promise<void> {
  const ready = (await claimable(ctx, now)).length;
  const workers = [];
  for (let slot = 0; slot < COVER_WORKERS; slot++) {
    const worker = await workerOf(ctx, slot);
    workers.push({ slot, worker, state: await stateOf(ctx, worker, now) });
  }
  if (ready === 0) {
    const at = await nextRetryAt(ctx);
    if (at === null || workers.some(({ state }) => isScheduledBy(state, at))) return;
    const { slot, worker, state } = workers.find(({ state }) => state === "idle") ?? workers[0];
    if (typeof state === "object") await ctx.scheduler.cancel(worker!.jobId!);
    await scheduleRun(ctx, worker, slot, (worker?.run ?? 0) + 1, at);
    return;
  }
  let working = workers.filter(({ state }) => state === "working").length;
  for (const { slot, worker, state } of workers) {
    if (state === "working" || working >= ready) continue;
    if (typeof state === "object") await ctx.scheduler.cancel(worker!.jobId!);
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
  const [next] = await claimable(ctx, now);
  if (next === undefined) return null;
  const claim = crypto.randomUUID();
  await ctx.db.patch("anime", next._id, { coverClaim: { token: claim, until: now + CLAIM_MS } });
  return { animeId: next._id, source: next.coverImage, claim };
}

/**
 * The end of a run: the next one is scheduled while covers are left to claim; with only retries
 * left, for the earliest of them, unless another worker runs by then; else the worker
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
  if (error === undefined) {
    if ((await claimable(ctx, now)).length > 0) {
      await scheduleRun(ctx, worker, slot, run + 1);
      return;
    }
    const at = await nextRetryAt(ctx);
    if (at !== null && !(await othersScheduledBy(ctx, slot, now, at))) {
      await scheduleRun(ctx, worker, slot, run + 1, at);
      return;
    }
  }
  await ctx.db.patch("coverWorkers", worker._id, { jobId: undefined });
}

/** True when a worker other than `slot` will run by `at`. */
async function othersScheduledBy(
  ctx: QueryCtx,
  slot: number,
  now: number,
  at: number,
): Promise<boolean> {
  for (let other = 0; other < COVER_WORKERS; other++) {
    if (other === slot) continue;
    if (isScheduledBy(await stateOf(ctx, await workerOf(ctx, other), now), at)) return true;
  }
  return false;
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
    coverRetryAt: undefined,
    coverTries: undefined,
  });
  return true;
}

/**
 * A cover the worker could not make. A passing failure (`transient`: the host answered 5xx or
 * 429, timed out, or could not be reached) leaves the queue to wait for its retry, with a
 * growing backoff; a refusal that would not change, or the last retry, leaves it missing until
 * the next refresh queues it again.
 */
export async function coverFailed(
  ctx: MutationCtx,
  failure: { animeId: Id<"anime">; claim: string; source: string; transient: boolean },
  now: number,
): Promise<void> {
  const anime = await claimed(ctx, failure.animeId, failure.claim, failure.source);
  if (anime === null) return;
  const tries = (anime.coverTries ?? 0) + 1;
  const leftQueue = { coverQueue: undefined, coverClaim: undefined };
  if (failure.transient && tries <= COVER_RETRIES) {
    await ctx.db.patch("anime", anime._id, {
      ...leftQueue,
      coverRetryAt: now + coverRetryDelayMs(tries),
      coverTries: tries,
    });
    return;
  }
  await ctx.db.patch("anime", anime._id, {
    ...leftQueue,
    coverStatus: "missing",
    coverRetryAt: undefined,
    coverTries: undefined,
  });
}

/** A claim given back unmade (the worker cannot make covers now): next in line again. */
export async function releaseCover(ctx: MutationCtx, animeId: Id<"anime">, claim: string) {
  const anime = await ctx.db.get("anime", animeId);
  if (anime?.coverClaim?.token === claim) {
    await ctx.db.patch("anime", animeId, { coverClaim: undefined });
  }
}
