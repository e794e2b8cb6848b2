import { defineTable } from "convex/server";
import { v } from "convex/values";
import { roundGuess } from "../round/tables";

/**
 * The Daily: one puzzle for everyone each UTC day (convex/model/daily/). convex/schema.ts composes
 * the tables and re-exports the validators, so the code imports them from there.
 */

/**
 * One Daily: its anime in the order everyone plays them, and their clues as dealt (the same for
 * everyone). Written once, before its day starts (the cron at the previous day's start, or the
 * first call of its day), never changed; read by every deal, which must not deal its anime.
 */
export const dailyPuzzleFields = {
  /** Daily #number: UTC days since DAILY_EPOCH_MS, from 1 (rules.ts). */
  number: v.number(),
  animeIds: v.array(v.id("anime")),
  clues: v.array(v.string()),
  createdAt: v.number(),
};

/**
 * The last Daily an anime was in (one document per anime ever chosen, written with the Daily):
 * the choice prefers anime never in one, then the one used longest ago, in one read per anime.
 * Apart from the anime document, which each refresh replaces.
 */
export const dailyAnimeUseFields = {
  animeId: v.id("anime"),
  lastNumber: v.number(),
};

/** How a player's round of a Daily anime stands: guessing, solved, out of guesses, or given up. */
export const dailyRoundStatus = v.union(
  v.literal("playing"),
  v.literal("solved"),
  v.literal("outOfGuesses"),
  v.literal("gaveUp"),
);

/**
 * A player's round of one anime of one Daily (the player's own document, one per anime they
 * reached): the guesses, and the random cover address that serves its blur steps, and the clear
 * cover once it has ended.
 */
export const dailyRoundFields = {
  userId: v.id("users"),
  number: v.number(),
  /** The anime's place in the Daily, from 0. */
  index: v.number(),
  animeId: v.id("anime"),
  status: dailyRoundStatus,
  guessesUsed: v.number(),
  guesses: v.array(roundGuess),
  startedAt: v.number(),
  endedAt: v.optional(v.number()),
  coverToken: v.string(),
};

/** A player's Daily streak: consecutive Daily numbers completed (all anime played to their end). */
export const dailyStreakFields = {
  userId: v.id("users"),
  current: v.number(),
  best: v.number(),
  /** The number of the last Daily completed: the streak goes on only from the one before. */
  lastNumber: v.number(),
};

/** One player's round of a Daily anime that ended, as a tally for the world's results. */
export const dailyRoundEnd = v.object({
  number: v.number(),
  index: v.number(),
  /** The guesses it took when solved (1..5); 0 when missed (out of guesses or given up). */
  solvedIn: v.number(),
});

/** How everyone did on one anime of a Daily, as folded so far. */
export const dailyAnimeResults = v.object({
  /** Players whose round of it ended (each once). */
  players: v.number(),
  /** By the guesses it took: solvedIn[0] solved with the first guess, … */
  solvedIn: v.array(v.number()),
  missed: v.number(),
});

/** The world's results of one Daily, one entry per anime: written only by the fold. */
export const dailyResultFields = {
  number: v.number(),
  anime: v.array(dailyAnimeResults),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const dailyTables = {
  dailyPuzzles: defineTable(dailyPuzzleFields).index("by_number", ["number"]),
  dailyAnimeUses: defineTable(dailyAnimeUseFields).index("by_animeId", ["animeId"]),
  dailyRounds: defineTable(dailyRoundFields)
    .index("by_userId_and_number_and_index", ["userId", "number", "index"])
    .index("by_coverToken", ["coverToken"]),
  dailyStreaks: defineTable(dailyStreakFields).index("by_userId", ["userId"]),
  dailyResults: defineTable(dailyResultFields).index("by_number", ["number"]),
};
