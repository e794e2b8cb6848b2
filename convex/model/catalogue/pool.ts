/**
 * How ready the anime pool is, for the game screen that waits for its first round on a fresh
 * deployment and for the operator who fills it (`npx convex run catalogue:fillPool`). Derived
 * from what the refresh and the cover workers store, with bounded reads: the latest refresh record,
 * and the ready anime counted up to a first page's worth.
 */
import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { refreshStatus, refreshTrigger } from "../../schema";
import { CATALOGUE_PAGE_SIZE } from "./anilist";
import { NO_PROGRESS_ERROR, startRefresh } from "./refresh";

export const poolStatusValidator = v.object({
  /** Anime a round can be dealt from (their covers are made), counted up to `target`. */
  ready: v.number(),
  /** A first page's worth: the valid anime of the first page once it is stored, 50 before. */
  target: v.number(),
  /** The latest refresh's state; "none" before the first. */
  refresh: v.union(v.literal("none"), refreshStatus),
  /** Pages the latest refresh has stored: 0 while it waits for AniList's first answer. */
  pagesFetched: v.number(),
  /** While AniList's rate limit holds the refresh back: when it tries again. */
  waitingUntil: nullable(v.number()),
  /** The latest refresh was failed for making no progress for 2 minutes (it died midway). */
  stalled: v.boolean(),
  /** Covers still queued for the cover workers. */
  coversQueued: v.boolean(),
  /** Covers whose download failed for a passing reason, waiting for a retry (up to `target`). */
  coversRetrying: v.number(),
  /** The earliest of those retries. */
  nextCoverRetryAt: nullable(v.number()),
  /**
   * Nothing is ready and nothing fills the pool any more (no refresh running, no cover queued or
   * waiting for a retry): only Try again (`catalogue:fillAgain`) goes on.
   */
  stuck: v.boolean(),
});
export type PoolStatus = Infer<typeof poolStatusValidator>;

async function latestRefresh(ctx: QueryCtx): Promise<Doc<"catalogueRefreshes"> | null> {
  return await ctx.db.query("catalogueRefreshes").order("desc").first();
}

/** The ready anime, up to `limit`: a first page's worth tells the whole story of a filling pool. */
async function countReady(ctx: QueryCtx, limit: number): Promise<number> {
  const ready = await ctx.db
    .query("anime")
    .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
    .take(limit);
  return ready.length;
}

function targetOf(refresh: Doc<"catalogueRefreshes"> | null): number {
  if (refresh === null || refresh.pagesFetched === 0 || refresh.itemCount === 0) {
    return CATALOGUE_PAGE_SIZE;
  }
  return Math.min(CATALOGUE_PAGE_SIZE, refresh.itemCount);
}

/** The covers waiting for a retry, earliest first, up to `limit`. */
async function coverRetries(ctx: QueryCtx, limit: number) {
  return await ctx.db
    .query("anime")
    .withIndex("by_coverRetryAt", (q) => q.gte("coverRetryAt", 0))
    .take(limit);
}

export async function poolStatus(ctx: QueryCtx): Promise<PoolStatus> {
  const refresh = await latestRefresh(ctx);
  const target = targetOf(refresh);
  const ready = await countReady(ctx, target);
  const queued = await ctx.db
    .query("anime")
    .withIndex("by_coverQueue", (q) => q.gte("coverQueue", 0))
    .first();
  const retries = await coverRetries(ctx, target);
  const running = refresh?.status === "running";
  return {
    ready,
    target,
    refresh: refresh?.status ?? "none",
    pagesFetched: refresh?.pagesFetched ?? 0,
    waitingUntil: running ? (refresh.waitingUntil ?? null) : null,
    stalled: refresh?.status === "failed" && refresh.errors.includes(NO_PROGRESS_ERROR),
    coversQueued: queued !== null,
    coversRetrying: retries.length,
    nextCoverRetryAt: retries[0]?.coverRetryAt ?? null,
    stuck: ready === 0 && !running && queued === null && retries.length === 0,
  };
}

export const poolReportValidator = v.object({
  ready: v.number(),
  target: v.number(),
  /** The latest refresh record, as the dashboard's catalogueRefreshes table shows it. */
  latestRefresh: nullable(
    v.object({
      _id: v.id("catalogueRefreshes"),
      trigger: refreshTrigger,
      status: refreshStatus,
      startedAt: v.string(),
      finishedAt: nullable(v.string()),
      pagesFetched: v.number(),
      itemCount: v.number(),
      invalidCount: v.number(),
      coversMissing: v.number(),
      waitingUntil: nullable(v.string()),
      errors: v.array(v.string()),
    }),
  ),
});
export type PoolReport = Infer<typeof poolReportValidator>;

const isoTime = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** For the operator: how many anime are ready and how the latest refresh went, times readable. */
export async function poolReport(ctx: QueryCtx): Promise<PoolReport> {
  const refresh = await latestRefresh(ctx);
  const target = targetOf(refresh);
  return {
    ready: await countReady(ctx, target),
    target,
    latestRefresh:
      refresh === null
        ? null
        : {
            _id: refresh._id,
            trigger: refresh.trigger,
            status: refresh.status,
            startedAt: isoTime(refresh.startedAt)!,
            finishedAt: isoTime(refresh.finishedAt),
            pagesFetched: refresh.pagesFetched,
            itemCount: refresh.itemCount,
            invalidCount: refresh.invalidCount,
            coversMissing: refresh.coversMissing ?? 0,
            waitingUntil: refresh.status === "running" ? isoTime(refresh.waitingUntil) : null,
            errors: refresh.errors,
          },
  };
}

/**
 * Fills the pool of a deployment: starts a refresh (or joins the running one) unless a first
 * page's worth of anime is ready already, so running it on every `npm run dev` costs nothing
 * once the pool is there. Returns the report, as `poolReport` then follows it.
 */
export async function fillPool(ctx: MutationCtx): Promise<PoolReport> {
  if ((await countReady(ctx, CATALOGUE_PAGE_SIZE)) < CATALOGUE_PAGE_SIZE) {
    await startRefresh(ctx, "manual");
  }
  return await poolReport(ctx);
}
