import { v, type Infer, type ObjectType } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { catalogueItemFields, type refreshTrigger } from "../../schema";
import { CATALOGUE_PAGE_COUNT, CATALOGUE_PAGE_SIZE, type CatalogueItem } from "./anilist";
import { queueCover, startCoverWorkers } from "./coverQueue";
import { withError } from "./refreshLog";
import { insertAnime, replaceAnime } from "../judge/titleIndex";

export type RefreshTrigger = Infer<typeof refreshTrigger>;

/** AniList allows about 30 requests a minute for the whole server: never two within 2.5 s. */
export const PAGE_INTERVAL_MS = 2_500;
/** A failed page is tried at most 3 times, 2 s apart (growing, and never under the pace above). */
export const MAX_PAGE_TRIES = 3;
export const RETRY_DELAY_MS = 2_000;
/** A Retry-After longer than this is not waited for in full. */
export const MAX_RETRY_AFTER_MS = 15 * 60_000;
/** AniList counts its rate limit per minute: a 429 without Retry-After waits that long. */
export const RATE_LIMIT_WAIT_MS = 60_000;
/**
 * A rate-limited try is AniList asking us to slow down, not a failed page: it is tried again
 * without using one of its tries, but a page still refused after this many waits fails.
 */
export const MAX_RATE_LIMIT_WAITS = 5;
/** A refresh still "running" after this long died midway (a deploy, a crash): another may start. */
export const STALE_REFRESH_MS = 30 * 60_000;

async function runningRefresh(ctx: MutationCtx): Promise<Doc<"catalogueRefreshes"> | null> {
  return await ctx.db
    .query("catalogueRefreshes")
    .withIndex("by_status", (q) => q.eq("status", "running"))
    .first();
}

/**
 * Starts a refresh of the pool, unless one is already running (its id is
 * returned then). The pages are fetched by scheduled actions, one after the
 * other; the pool is only ever upserted, so whatever happens it keeps what it had.
 */
export async function startRefresh(
  ctx: MutationCtx,
  trigger: RefreshTrigger,
): Promise<Id<"catalogueRefreshes">> {
  const now = Date.now();
  const running = await runningRefresh(ctx);
  if (running !== null) {
    if (now - running.startedAt < STALE_REFRESH_MS) return running._id;
    await ctx.db.patch("catalogueRefreshes", running._id, {
      status: "failed",
      finishedAt: now,
      errors: withError(running, "abandoned: still running after 30 minutes"),
    });
  }
  const refreshId = await ctx.db.insert("catalogueRefreshes", {
    trigger,
    status: "running",
    startedAt: now,
    pagesFetched: 0,
    itemCount: 0,
    invalidCount: 0,
    errors: [],
  });
  await ctx.scheduler.runAfter(0, internal.catalogue.fetchPage, { refreshId, page: 1, attempt: 1 });
  return refreshId;
}

/** A page's fetch, as scheduled: its try, and how often AniList's rate limit has held it back. */
export const fetchPageFields = {
  refreshId: v.id("catalogueRefreshes"),
  page: v.number(),
  attempt: v.number(),
  rateLimitWaits: v.optional(v.number()),
};

/**
 * For a round about to draw an anime: true when the pool has one. An empty
 * pool starts a refresh (or joins the running one) and returns false; the
 * round never calls AniList itself.
 */
export async function ensurePool(ctx: MutationCtx): Promise<boolean> {
  const dealable = await ctx.db
    .query("anime")
    .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
    .first();
  if (dealable !== null) return true;
  await startRefresh(ctx, "emptyPool");
  return false;
}

export async function isRefreshRunning(
  ctx: QueryCtx,
  refreshId: Id<"catalogueRefreshes">,
): Promise<boolean> {
  const refresh = await ctx.db.get("catalogueRefreshes", refreshId);
  return refresh?.status === "running";
}

/**
 * Upserts an item; returns true when its cover images are missing (it was queued for them, at
 * `queuePosition`).
 */
async function upsertAnime(
  ctx: MutationCtx,
  item: CatalogueItem,
  now: number,
  queuePosition: number,
): Promise<boolean> {
  const existing = await ctx.db
    .query("anime")
    .withIndex("by_anilistId", (q) => q.eq("anilistId", item.anilistId))
    .unique();
  if (existing === null) {
    const animeId = await insertAnime(ctx, { ...item, randomRank: Math.random(), updatedAt: now });
    return await queueCover(ctx, (await ctx.db.get("anime", animeId))!, queuePosition);
  }
  // The rank stays: a refresh must not reshuffle which anime a round draws next. So do the
  // cover images; a changed cover keeps the old ones in use until its own are made. An anime
  // AniList sends as it was writes nothing, not even `updatedAt` (which nothing reads).
  const changed = await replaceAnime(ctx, existing, {
    ...item,
    randomRank: existing.randomRank,
    updatedAt: now,
    ...(existing.coverStatus === undefined ? {} : { coverStatus: existing.coverStatus }),
    ...(existing.covers === undefined ? {} : { covers: existing.covers }),
    ...(existing.coverQueue === undefined ? {} : { coverQueue: existing.coverQueue }),
    ...(existing.coverClaim === undefined ? {} : { coverClaim: existing.coverClaim }),
  });
  const anime = changed ? (await ctx.db.get("anime", existing._id))! : existing;
  return await queueCover(ctx, anime, queuePosition);
}

/** A fetched page, as the action hands it to `catalogue:storePage`. */
export const storedPageFields = {
  refreshId: v.id("catalogueRefreshes"),
  page: v.number(),
  items: v.array(v.object(catalogueItemFields)),
  invalidCount: v.number(),
  hasNextPage: v.boolean(),
};
export type StoredPage = ObjectType<typeof storedPageFields>;

/** Upserts a fetched page, then schedules the next page, or ends the refresh after the last. */
export async function storePage(ctx: MutationCtx, stored: StoredPage): Promise<void> {
  const refresh = await ctx.db.get("catalogueRefreshes", stored.refreshId);
  if (refresh === null || refresh.status !== "running") return;
  const now = Date.now();
  let coversMissing = refresh.coversMissing ?? 0;
  for (const [i, item] of stored.items.entries()) {
    // AniList's popularity order: the first page's covers are made first.
    const queuePosition = (stored.page - 1) * CATALOGUE_PAGE_SIZE + i;
    if (await upsertAnime(ctx, item, now, queuePosition)) coversMissing++;
  }
  await startCoverWorkers(ctx, now);
  const itemCount = refresh.itemCount + stored.items.length;
  const progress = {
    pagesFetched: refresh.pagesFetched + 1,
    itemCount,
    invalidCount: refresh.invalidCount + stored.invalidCount,
    coversMissing,
    waitingUntil: undefined,
  };
  if (stored.page < CATALOGUE_PAGE_COUNT && stored.hasNextPage) {
    await ctx.db.patch("catalogueRefreshes", refresh._id, progress);
    await ctx.scheduler.runAfter(PAGE_INTERVAL_MS, internal.catalogue.fetchPage, {
      refreshId: refresh._id,
      page: stored.page + 1,
      attempt: 1,
    });
    return;
  }
  await ctx.db.patch("catalogueRefreshes", refresh._id, {
    ...progress,
    status: itemCount > 0 ? "succeeded" : "failed",
    finishedAt: now,
    errors: itemCount > 0 ? refresh.errors : withError(refresh, "no valid anime received"),
  });
}

/** How long to wait before the next try of a failed page. */
export function retryDelayMs(attempt: number): number {
  return Math.max(PAGE_INTERVAL_MS, RETRY_DELAY_MS * attempt);
}

/** How long to wait when AniList rate limits a page: what Retry-After says, within bounds. */
export function rateLimitDelayMs(retryAfterMs: number | undefined): number {
  return Math.min(
    MAX_RETRY_AFTER_MS,
    Math.max(PAGE_INTERVAL_MS, retryAfterMs ?? RATE_LIMIT_WAIT_MS),
  );
}

/** A failed try of a page, as the action hands it to `catalogue:recordFailure`. */
export const pageFailureFields = {
  ...fetchPageFields,
  error: v.string(),
  rateLimited: v.optional(v.boolean()),
  retryAfterMs: v.optional(v.number()),
};
export type PageFailure = ObjectType<typeof pageFailureFields>;

/**
 * Records a failed try and schedules the next one; after the last try the
 * refresh fails, and the pool keeps what it had. A rate-limited try waits
 * instead (`waitOutRateLimit`).
 */
export async function recordPageFailure(ctx: MutationCtx, failure: PageFailure): Promise<void> {
  const refresh = await ctx.db.get("catalogueRefreshes", failure.refreshId);
  if (refresh === null || refresh.status !== "running") return;
  if (failure.rateLimited === true) {
    await waitOutRateLimit(ctx, refresh, failure);
    return;
  }
  const errors = withError(
    refresh,
    `page ${failure.page}, try ${failure.attempt}: ${failure.error}`,
  );
  if (failure.attempt < MAX_PAGE_TRIES) {
    await ctx.db.patch("catalogueRefreshes", refresh._id, { errors, waitingUntil: undefined });
    await ctx.scheduler.runAfter(retryDelayMs(failure.attempt), internal.catalogue.fetchPage, {
      refreshId: refresh._id,
      page: failure.page,
      attempt: failure.attempt + 1,
      ...(failure.rateLimitWaits === undefined ? {} : { rateLimitWaits: failure.rateLimitWaits }),
    });
    return;
  }
  await failRefresh(ctx, refresh, errors);
}

/**
 * AniList answered 429: the page is tried again once its Retry-After has passed (a minute
 * without one), and the history says so, as does `waitingUntil` for the screen that waits for the pool.
 */
async function waitOutRateLimit(
  ctx: MutationCtx,
  refresh: Doc<"catalogueRefreshes">,
  failure: PageFailure,
): Promise<void> {
  const rateLimitWaits = (failure.rateLimitWaits ?? 0) + 1;
  if (rateLimitWaits > MAX_RATE_LIMIT_WAITS) {
    const error = `page ${failure.page}: still rate limited by AniList after ${MAX_RATE_LIMIT_WAITS} waits`;
    await failRefresh(ctx, refresh, withError(refresh, error));
    return;
  }
  const delayMs = rateLimitDelayMs(failure.retryAfterMs);
  const seconds = Math.ceil(delayMs / 1000);
  const wait = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  await ctx.db.patch("catalogueRefreshes", refresh._id, {
    errors: withError(
      refresh,
      `rate limited by AniList: waiting ${wait} before page ${failure.page}`,
    ),
    waitingUntil: Date.now() + delayMs,
  });
  await ctx.scheduler.runAfter(delayMs, internal.catalogue.fetchPage, {
    refreshId: refresh._id,
    page: failure.page,
    attempt: failure.attempt,
    rateLimitWaits,
  });
}

async function failRefresh(
  ctx: MutationCtx,
  refresh: Doc<"catalogueRefreshes">,
  errors: string[],
): Promise<void> {
  await ctx.db.patch("catalogueRefreshes", refresh._id, {
    errors,
    status: "failed",
    finishedAt: Date.now(),
    waitingUntil: undefined,
  });
}
