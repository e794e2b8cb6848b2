import { v, type Infer, type ObjectType } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { catalogueItemFields, type refreshTrigger } from "../../schema";
import { CATALOGUE_PAGE_COUNT, CATALOGUE_PAGE_SIZE, type CatalogueItem } from "./anilist";
import { coversUnderWay, queueCover, startCoverWorkers } from "./coverQueue";
import { withError } from "./refreshLog";
import { insertAnime, replaceAnime } from "../judge/titleIndex";
import { acceptedNamesOf, withAcceptedNames } from "../contests/acceptedNames";

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
/**
 * A running refresh with no progress for this long, and no page job waiting or running, is dead
 * (its page's job lost, its action killed without a word): a page takes seconds, a failed try's
 * wait under 10, and a rate-limit wait counts as progress until it ends. Its watch marks it
 * failed; a new start replaces it.
 */
export const DEAD_REFRESH_MS = 2 * 60_000;
export const NO_PROGRESS_ERROR = "no progress for 2 minutes";

/** The refresh's last sign of life, a rate-limit wait's end included. */
function lastSignOfLife(refresh: Doc<"catalogueRefreshes">): number {
  return Math.max(refresh.progressAt ?? refresh.startedAt, refresh.waitingUntil ?? 0);
}

/** When a running refresh that makes no more progress is taken for dead. */
export function deadAt(refresh: Doc<"catalogueRefreshes">): number {
  return lastSignOfLife(refresh) + DEAD_REFRESH_MS;
}

/**
 * Dead: no progress for DEAD_REFRESH_MS, and its page job neither waiting nor running. A job
 * still due or running is the scheduler's delay, not a death: it is waited for.
 */
async function isDead(
  ctx: QueryCtx,
  refresh: Doc<"catalogueRefreshes">,
  now: number,
): Promise<boolean> {
  if (now < deadAt(refresh)) return false;
  if (refresh.pageJob === undefined) return true;
  const job = await ctx.db.system.get("_scheduled_functions", refresh.pageJob);
  return job === null || (job.state.kind !== "pending" && job.state.kind !== "inProgress");
}

/** Schedules the refresh's next page fetch, recorded with the progress that led to it. */
async function schedulePage(
  ctx: MutationCtx,
  refreshId: Id<"catalogueRefreshes">,
  delayMs: number,
  fetch: ObjectType<typeof fetchPageFields>,
  progress: Partial<Doc<"catalogueRefreshes">> = {},
): Promise<void> {
  const pageJob = await ctx.scheduler.runAfter(delayMs, internal.catalogue.fetchPage, fetch);
  await ctx.db.patch("catalogueRefreshes", refreshId, {
    ...progress,
    progressAt: Date.now(),
    pageJob,
  });
}

async function runningRefresh(ctx: MutationCtx): Promise<Doc<"catalogueRefreshes"> | null> {
  return await ctx.db
    .query("catalogueRefreshes")
    .withIndex("by_status", (q) => q.eq("status", "running"))
    .first();
}

/**
 * Starts a refresh of the pool, unless one is already running (its id is
 * returned then); a dead one is failed and replaced. The pages are fetched by scheduled actions,
 * one after the other, and a watch job follows them (`watchRefresh`); the pool is only ever
 * upserted, so whatever happens it keeps what it had.
 */
export async function startRefresh(
  ctx: MutationCtx,
  trigger: RefreshTrigger,
): Promise<Id<"catalogueRefreshes">> {
  const now = Date.now();
  const running = await runningRefresh(ctx);
  if (running !== null) {
    if (!(await isDead(ctx, running, now))) return running._id;
    await failRefresh(ctx, running, withError(running, NO_PROGRESS_ERROR));
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
  await schedulePage(ctx, refreshId, 0, { refreshId, page: 1, attempt: 1 });
  await ctx.scheduler.runAt(now + DEAD_REFRESH_MS, internal.catalogue.watch, { refreshId });
  return refreshId;
}

/**
 * The refresh's watch, one job at a time per refresh: at the time it would be dead, it is failed
 * if it made no progress since (the waiting screen then offers Try again), or watched again from
 * its last progress. It ends with the refresh. A job rather than the screen's clock: the
 * refresh's record itself changes, so every screen and the operator's report see it, and the
 * next start need not guess.
 */
export async function watchRefresh(
  ctx: MutationCtx,
  refreshId: Id<"catalogueRefreshes">,
): Promise<void> {
  const refresh = await ctx.db.get("catalogueRefreshes", refreshId);
  if (refresh === null || refresh.status !== "running") return;
  const now = Date.now();
  if (await isDead(ctx, refresh, now)) {
    await failRefresh(ctx, refresh, withError(refresh, NO_PROGRESS_ERROR));
    return;
  }
  // Progress since, or a page job the scheduler has yet to run: watched again.
  const next = Math.max(deadAt(refresh), now + DEAD_REFRESH_MS / 4);
  await ctx.scheduler.runAt(next, internal.catalogue.watch, { refreshId });
}

/** A page's fetch, as scheduled: its try, and how often AniList's rate limit has held it back. */
export const fetchPageFields = {
  refreshId: v.id("catalogueRefreshes"),
  page: v.number(),
  attempt: v.number(),
  rateLimitWaits: v.optional(v.number()),
};

/**
 * For a round about to draw an anime: true when the pool has one. An empty pool starts a refresh
 * (or joins the running one, or replaces a dead one) and returns false; so it does when covers
 * are still queued or waiting for a retry, without a refresh: they are on their way, and a
 * refresh would only queue them again. The round never calls AniList itself.
 */
export async function ensurePool(ctx: MutationCtx): Promise<boolean> {
  const dealable = await ctx.db
    .query("anime")
    .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
    .first();
  if (dealable !== null) return true;
  if (!(await coversUnderWay(ctx))) await startRefresh(ctx, "emptyPool");
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
  // Names admins accepted from players' contests are the anime's too: AniList does not send them.
  const titled = withAcceptedNames(item, await acceptedNamesOf(ctx, existing._id));
  const changed = await replaceAnime(ctx, existing, {
    ...titled,
    randomRank: existing.randomRank,
    updatedAt: now,
    ...(existing.coverStatus === undefined ? {} : { coverStatus: existing.coverStatus }),
    ...(existing.covers === undefined ? {} : { covers: existing.covers }),
    ...(existing.coverQueue === undefined ? {} : { coverQueue: existing.coverQueue }),
    ...(existing.coverClaim === undefined ? {} : { coverClaim: existing.coverClaim }),
    // Nor does the Daily's reserve: membership is the Daily's to change (daily/reserve.ts).
    ...(existing.reservedSince === undefined ? {} : { reservedSince: existing.reservedSince }),
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
    progressAt: now,
  };
  if (stored.page < CATALOGUE_PAGE_COUNT && stored.hasNextPage) {
    const next = { refreshId: refresh._id, page: stored.page + 1, attempt: 1 };
    await schedulePage(ctx, refresh._id, PAGE_INTERVAL_MS, next, progress);
    return;
  }
  await ctx.db.patch("catalogueRefreshes", refresh._id, {
    ...progress,
    status: itemCount > 0 ? "succeeded" : "failed",
    finishedAt: now,
    errors: itemCount > 0 ? refresh.errors : withError(refresh, "no valid anime received"),
    pageJob: undefined,
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
    const next = {
      refreshId: refresh._id,
      page: failure.page,
      attempt: failure.attempt + 1,
      ...(failure.rateLimitWaits === undefined ? {} : { rateLimitWaits: failure.rateLimitWaits }),
    };
    await schedulePage(ctx, refresh._id, retryDelayMs(failure.attempt), next, {
      errors,
      waitingUntil: undefined,
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
  const next = {
    refreshId: refresh._id,
    page: failure.page,
    attempt: failure.attempt,
    rateLimitWaits,
  };
  await schedulePage(ctx, refresh._id, delayMs, next, {
    errors: withError(
      refresh,
      `rate limited by AniList: waiting ${wait} before page ${failure.page}`,
    ),
    waitingUntil: Date.now() + delayMs,
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
    pageJob: undefined,
  });
}
