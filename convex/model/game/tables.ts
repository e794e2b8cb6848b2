import { defineTable } from "convex/server";
import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { roundStatus, roundGuess } from "../round/tables";

/**
 * The game at /game: a player's game and its round, the day's use counters, streaks and stats
 * (convex/model/game/). convex/schema.ts composes the tables and re-exports the validators, so the
 * code imports them from there.
 */

export const roundFields = v.object({
  /** Counts up per player, so a late or repeated submission can be recognised. */
  number: v.number(),
  animeId: v.id("anime"),
  guessesUsed: v.number(),
  status: roundStatus,
  startedAt: v.number(),
  pointsEarned: v.optional(v.number()),
  /** The player had seen this anime's answer before it was dealt: a right guess scores nothing. */
  seenBefore: v.optional(v.boolean()),
  /**
   * The clue as dealt, checked against the pool of that moment (catalogue/clue/roundClue.ts);
   * rounds dealt before it was kept show the anime's stored clue.
   */
  clue: v.optional(v.string()),
  /** Dealt by the midnight reset in place of the round then on screen, not asked for by a skip. */
  dealtAtReset: v.optional(v.boolean()),
  /**
   * The round's guesses in order: every counted one, and the first NOT_COUNTED_GUESSES_KEPT of
   * those that cost nothing (absent on rounds dealt before it was kept: none yet).
   */
  guesses: v.optional(v.array(roundGuess)),
});

/** A player's game: the allowance, the current round and what they have seen (one per player). */
export const gameFields = {
  userId: v.id("users"),
  /** IANA time zone the midnight reset follows, sent by the client. */
  timeZone: v.string(),
  /** A zone the client reported since: it takes effect at the next reset, so it buys none. */
  pendingTimeZone: v.optional(v.string()),
  dailyRemaining: v.number(),
  animeRemaining: v.number(),
  lastReset: v.number(),
  /**
   * The next local midnight, and never within 20 hours of the last reset; the player's first
   * call from then on applies it (model/game/catchUp.ts).
   */
  nextResetAt: v.number(),
  /**
   * Retired 2026-11-26 (resets and cooldown ends caught up by the player's calls): the reset and
   * cooldown-end jobs once scheduled per player; their functions went 2026-11-28, when the last
   * such job was a day past due. Old games may still carry these until
   * `migrations:clearRetiredGameFields` (2026-11-28) has run; drop them once it has run on every
   * deployment.
   */
  resetJobFor: v.optional(v.number()),
  resetJobId: v.optional(v.id("_scheduled_functions")),
  cooldownEnd: nullable(v.number()),
  cooldownJobId: v.optional(v.id("_scheduled_functions")),
  round: nullable(roundFields),
  /**
   * The round a skip or a reset replaced, kept so its answer can still be shown (never a
   * withdrawn one's: the view names only a skipped round's).
   */
  previousRound: nullable(roundFields),
  /**
   * Retired 2026-11-23 (the seenAnime table replaced it); old games may still carry it until
   * `migrations:clearRetiredGameFields` has run. Dropped with the job fields above.
   */
  recentAnimeIds: v.optional(v.array(v.id("anime"))),
  lastActiveAt: v.number(),
  /**
   * The current round's random cover address (/cover/<token>/<step>): new for every round dealt,
   * so nothing the browser loads names the anime across rounds or players.
   */
  coverToken: v.optional(v.string()),
};

/**
 * Game use per UTC day, written only by the fold (convex/model/tallies/fold.ts) into shard 0.
 * Days counted before the fold existed are split over a few shards; readers sum them all.
 */
export const gameDailyStatsFields = {
  day: v.string(),
  shard: v.number(),
  sessions: v.number(),
  guesses: v.number(),
  correctGuesses: v.number(),
  /** Daily anime played to their end (solved, missed or given up); days before it have none. */
  dailyAnime: v.optional(v.number()),
};

/** How a round of the day ended, one symbol each in the shared result. */
export const roundMark = v.union(
  v.literal("firstTry"),
  v.literal("solvedLater"),
  v.literal("missed"),
  v.literal("skipped"),
);

/**
 * One player's day (the player-local day of the zone their reset follows), written by the
 * mutation that ends each round: one document per player per day played.
 */
export const playerDayFields = {
  userId: v.id("users"),
  /** "YYYY-MM-DD" in the player's zone. */
  day: v.string(),
  rounds: v.number(),
  solved: v.number(),
  firstTry: v.number(),
  points: v.number(),
  /** How each round ended, in order; only the first STATS_MARKS_KEPT (`rounds` counts all). */
  marks: v.array(roundMark),
};

/** A player's totals and streak (one per player), kept beside the day documents. */
export const playerStatsFields = {
  userId: v.id("users"),
  rounds: v.number(),
  solved: v.number(),
  firstTry: v.number(),
  /** Consecutive days with a solve, ending at `lastSolvedDay`. */
  currentStreak: v.number(),
  bestStreak: v.number(),
  lastSolvedDay: v.optional(v.string()),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const gameTables = {
  games: defineTable(gameFields)
    .index("by_userId", ["userId"])
    .index("by_coverToken", ["coverToken"])
    // Whether the game dealt an anime since a time: a Daily never holds one (daily/candidates.ts).
    .index("by_round_animeId_and_startedAt", ["round.animeId", "round.startedAt"]),
  gameDailyStats: defineTable(gameDailyStatsFields).index("by_day_and_shard", ["day", "shard"]),
  playerDays: defineTable(playerDayFields).index("by_userId_and_day", ["userId", "day"]),
  playerStats: defineTable(playerStatsFields).index("by_userId", ["userId"]),
};
