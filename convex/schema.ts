import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * A player. Convex Auth inserts the document through our `createOrUpdateUser`
 * callback, so the profile fields are always written at sign-up. They stay
 * optional because an account made on the Convex dashboard starts with an
 * e-mail only; `users.ensureProfile` completes it on first sign-in.
 */
export const userFields = {
  email: v.optional(v.string()),
  username: v.optional(v.string()),
  /** Lower-cased username: uniqueness is case-insensitive. */
  usernameKey: v.optional(v.string()),
  score: v.optional(v.number()),
  isBetaTester: v.optional(v.boolean()),
  isAdmin: v.optional(v.boolean()),
  createdAt: v.optional(v.number()),
  betaJoinDate: v.optional(v.number()),
};

const nullableString = v.union(v.string(), v.null());

/**
 * One anime of the pool the rounds draw from, upserted by AniList id when the
 * catalogue refreshes. The clue and the accepted answers are computed then,
 * once; rounds read this table and never call AniList.
 */
export const animeFields = {
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
  /** Uniform in [0, 1), set on insert: drawing walks the index from a random point. */
  randomRank: v.number(),
  updatedAt: v.number(),
};

/**
 * The pool's title index for the judge (convex/model/titleIndex.ts): one row
 * per (word or whole name of an anime's titles, anime), with its franchise.
 */
export const titleTermFields = {
  /** "word:titan" or "name:attackontitan". */
  term: v.string(),
  franchiseKey: v.string(),
  animeId: v.id("anime"),
};

export const roundStatus = v.union(
  v.literal("playing"),
  v.literal("solved"),
  v.literal("outOfGuesses"),
  v.literal("skipped"),
);

export const roundFields = v.object({
  /** Counts up per player, so a late or repeated submission can be recognised. */
  number: v.number(),
  animeId: v.id("anime"),
  guessesUsed: v.number(),
  status: roundStatus,
  startedAt: v.number(),
  pointsEarned: v.optional(v.number()),
});

/** A player's game: the allowance, the current round and what they have seen (one per player). */
export const gameFields = {
  userId: v.id("users"),
  /** IANA time zone the daily reset follows, sent by the client. */
  timeZone: v.string(),
  dailyRemaining: v.number(),
  animeRemaining: v.number(),
  lastReset: v.number(),
  /** The next local midnight; a reset job is scheduled for it while the player is active. */
  nextResetAt: v.number(),
  resetJobFor: v.optional(v.number()),
  cooldownEnd: v.union(v.number(), v.null()),
  round: v.union(roundFields, v.null()),
  /** The round a skip or a reset replaced, kept so its answer can still be shown. */
  previousRound: v.union(roundFields, v.null()),
  /** The last 100 anime dealt, newest first: none of them is dealt again. */
  recentAnimeIds: v.array(v.id("anime")),
  lastActiveAt: v.number(),
};

export const analyticsEventFields = {
  userId: v.id("users"),
  name: v.string(),
  timestamp: v.number(),
};

/**
 * Game use per UTC day, split over a few shards so that players guessing at
 * the same moment rarely write the same document.
 */
export const gameDailyStatsFields = {
  day: v.string(),
  shard: v.number(),
  sessions: v.number(),
  guesses: v.number(),
  correctGuesses: v.number(),
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
  /** Failed page tries and why, oldest first (the most recent ones only). */
  errors: v.array(v.string()),
};

export const FEEDBACK_VERSION = "1.0.0-beta";

export const feedbackDifficulty = v.union(
  v.literal("easy"),
  v.literal("medium"),
  v.literal("hard"),
);

/** What a beta tester sent from the feedback dialog. */
export const betaFeedbackFields = {
  rating: v.number(),
  difficulty: feedbackDifficulty,
  bugReport: v.string(),
  suggestions: v.string(),
  userExperience: v.string(),
  userId: v.id("users"),
  timestamp: v.number(),
  version: v.literal(FEEDBACK_VERSION),
};

/**
 * Running totals over all feedback (one document), kept by each submission so
 * the dashboard's summary reads one document instead of every record.
 */
export const feedbackStatsFields = {
  count: v.number(),
  ratingTotal: v.number(),
  easy: v.number(),
  medium: v.number(),
  hard: v.number(),
};

export const betaActionType = v.union(
  v.literal("beta_registration"),
  v.literal("feedback_submitted"),
);

/** A beta program action, written by the server function that performed it. */
export const betaAnalyticsFields = {
  userId: v.id("users"),
  actionType: betaActionType,
  data: v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null())),
  timestamp: v.number(),
};

export default defineSchema({
  ...authTables,
  users: defineTable(userFields)
    .index("by_email", ["email"])
    .index("by_usernameKey", ["usernameKey"])
    .index("by_score", ["score"]),
  anime: defineTable(animeFields)
    .index("by_anilistId", ["anilistId"])
    .index("by_randomRank", ["randomRank"]),
  titleTerms: defineTable(titleTermFields)
    .index("by_term_and_franchise", ["term", "franchiseKey"])
    .index("by_animeId", ["animeId"]),
  catalogueRefreshes: defineTable(catalogueRefreshFields).index("by_status", ["status"]),
  games: defineTable(gameFields).index("by_userId", ["userId"]),
  analytics_events: defineTable(analyticsEventFields).index("by_timestamp", ["timestamp"]),
  gameDailyStats: defineTable(gameDailyStatsFields).index("by_day_and_shard", ["day", "shard"]),
  beta_feedback: defineTable(betaFeedbackFields)
    .index("by_timestamp", ["timestamp"])
    .index("by_userId_and_timestamp", ["userId", "timestamp"]),
  feedbackStats: defineTable(feedbackStatsFields),
  beta_analytics: defineTable(betaAnalyticsFields).index("by_timestamp", ["timestamp"]),
});
