import { defineTable } from "convex/server";
import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";

/**
 * The anime pool: the anime with their covers, the refreshes from AniList, the cover workers and
 * retired covers (convex/model/catalogue/). convex/schema.ts composes the tables and re-exports
 * the validators, so the code imports them from there.
 */

const nullableString = nullable(v.string());

export const coverStatus = v.union(v.literal("ready"), v.literal("missing"));

export const coverSet = v.object({
  /** The cover this set was made from: a changed cover is made again. */
  source: v.string(),
  /** One image per blur step (BLUR_STEPS_PX), each no sharper than its step shows. */
  steps: v.array(v.id("_storage")),
  /** The clear cover, served only once the round has ended. */
  clear: v.id("_storage"),
  /** What a round's images cost, all steps and the clear cover. */
  bytes: v.number(),
});

export const coverClaim = v.object({ token: v.string(), until: v.number() });

/**
 * One anime as the catalogue refresh reads it from AniList (convex/model/catalogue/anilist.ts):
 * what the `anime` table stores for it, apart from what the pool adds (`animeFields`).
 */
export const catalogueItemFields = {
  anilistId: v.number(),
  title: v.object({ english: nullableString, romaji: nullableString, native: nullableString }),
  synonyms: v.array(v.string()),
  /** The de-named, shortened description shown as the clue. */
  clue: v.string(),
  /** Every title form and synonym the judge accepts. */
  answers: v.array(v.string()),
  coverImage: v.string(),
  /** A placeholder colour while the cover loads, e.g. "#e4a15d". */
  coverColor: v.optional(v.string()),
  siteUrl: v.string(),
  format: v.optional(v.string()),
  episodes: v.optional(v.number()),
  duration: v.optional(v.number()),
  genres: v.array(v.string()),
  popularity: v.optional(v.number()),
  averageScore: v.optional(v.number()),
};

/**
 * One anime of the pool the rounds draw from, upserted by AniList id when the
 * catalogue refreshes. The clue and the accepted answers are computed then,
 * once; rounds read this table and never call AniList.
 */
export const animeFields = {
  ...catalogueItemFields,
  /** Uniform in [0, 1), set on insert: drawing walks the index from a random point. */
  randomRank: v.number(),
  updatedAt: v.number(),
  /**
   * Whether the server-made cover images exist: only "ready" anime are dealt. Unset until a
   * cover worker has tried once; "missing" when it failed (the next refresh queues it again).
   */
  coverStatus: v.optional(coverStatus),
  /** The images a round shows (see convex/model/catalogue/coverImages.ts), for `coverImage` as stored. */
  covers: v.optional(coverSet),
  /**
   * Set while the cover images must be made (convex/model/catalogue/coverQueue.ts): the anime's
   * place in the cover queue, its place in AniList's popularity order, so the first page's are
   * made first. Unset once made or refused.
   */
  coverQueue: v.optional(v.number()),
  /** A cover worker making this anime's images now, and until when its claim holds. */
  coverClaim: v.optional(coverClaim),
  /**
   * Set while a cover whose download failed for a passing reason (the image host answering 5xx
   * or 429, a timeout, a network error) waits to be tried again: not before this time. It has left
   * `coverQueue` meanwhile, so the covers behind it are made (convex/model/catalogue/coverQueue.ts).
   */
  coverRetryAt: v.optional(v.number()),
  /** The failed downloads of the cover so far, while it is retried (the backoff grows with them). */
  coverTries: v.optional(v.number()),
  /**
   * The judge's franchise key (convex/model/judge/titleIndex.ts), written with the title index:
   * a clue that tells nothing borrows its franchise's first entry's (catalogue/clue/roundClue.ts).
   */
  franchiseKey: v.optional(v.string()),
  /**
   * Set while the anime is in the Daily's reserve (convex/model/daily/reserve.ts): the number of
   * the Daily on whose day it joined. No deal gives a member to anyone (round/dealBar.ts reads it
   * off the document each deal reads anyway); unset when it is released after its Daily's day.
   * Optional for good: an anime outside the reserve has none.
   */
  reservedSince: v.optional(v.number()),
};

export const refreshStatus = v.union(
  v.literal("running"),
  v.literal("succeeded"),
  v.literal("failed"),
);
export const refreshTrigger = v.union(
  v.literal("daily"),
  v.literal("manual"),
  v.literal("emptyPool"),
);

/**
 * One run of the catalogue refresh, for the Convex dashboard: when it ran, how
 * it went, how many items it stored or refused, and the failed page tries.
 */
export const catalogueRefreshFields = {
  trigger: refreshTrigger,
  status: refreshStatus,
  startedAt: v.number(),
  finishedAt: v.optional(v.number()),
  /** Pages stored so far. */
  pagesFetched: v.number(),
  /** Items upserted into the pool. */
  itemCount: v.number(),
  /** Items refused as "Invalid anime data received". */
  invalidCount: v.number(),
  /**
   * Failed page tries and why, and the cover workers' failures (sharp not loading, a run that
   * crashed), oldest first (the most recent ones only).
   */
  errors: v.array(v.string()),
  /** Stored items whose cover images were not ready, so they were queued for the cover workers. */
  coversMissing: v.optional(v.number()),
  /** While AniList's rate limit holds the refresh back: when the page is tried again. */
  waitingUntil: v.optional(v.number()),
  /**
   * The refresh's last sign of life: its start, a page stored, a failed try recorded, a rate-limit
   * wait begun. Running with none for 2 minutes (a wait counts until it ends), it is dead
   * (convex/model/catalogue/refresh.ts). Unset on refreshes recorded before it existed.
   */
  progressAt: v.optional(v.number()),
  /** The job of the refresh's next page fetch, while one is scheduled or running. */
  pageJob: v.optional(v.id("_scheduled_functions")),
};

/**
 * One of the cover workers (convex/model/catalogue/coverQueue.ts): its run now, and that run's
 * job while it is waiting or running (unset when the worker is idle).
 */
export const coverWorkerFields = {
  slot: v.number(),
  run: v.number(),
  jobId: v.optional(v.id("_scheduled_functions")),
};

/**
 * A cover set a newer one replaced, kept for the rounds dealt before (their addresses keep
 * serving it) until no round can still show it.
 */
export const retiredCoverFields = {
  animeId: v.id("anime"),
  covers: coverSet,
  retiredAt: v.number(),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const catalogueTables = {
  anime: defineTable(animeFields)
    .index("by_anilistId", ["anilistId"])
    .index("by_randomRank", ["randomRank"])
    .index("by_coverStatus_and_randomRank", ["coverStatus", "randomRank"])
    .index("by_coverStatus_and_popularity", ["coverStatus", "popularity"])
    .index("by_coverQueue", ["coverQueue"])
    .index("by_coverRetryAt", ["coverRetryAt"])
    .index("by_franchiseKey_and_anilistId", ["franchiseKey", "anilistId"])
    .index("by_reservedSince", ["reservedSince"]),
  catalogueRefreshes: defineTable(catalogueRefreshFields).index("by_status", ["status"]),
  coverWorkers: defineTable(coverWorkerFields).index("by_slot", ["slot"]),
  retiredCovers: defineTable(retiredCoverFields)
    .index("by_animeId_and_retiredAt", ["animeId", "retiredAt"])
    .index("by_retiredAt", ["retiredAt"]),
};
