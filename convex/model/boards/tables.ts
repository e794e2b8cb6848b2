import { defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * Leaderboards by period (convex/model/boards/board.ts and rank.ts). convex/schema.ts composes the
 * tables and re-exports the validators, so the code imports them from there.
 */

/**
 * A player's points on one board: "all" (all time), "day:2026-11-23" (a UTC day) or
 * "week:2026-11-23" (the UTC week starting that Monday). Written with the score, in the same
 * mutation; the username is copied so that a board's top N reads N documents.
 */
export const boardEntryFields = {
  board: v.string(),
  userId: v.id("users"),
  username: v.string(),
  score: v.number(),
};

/**
 * Retired 2026-11-26 (the fold): a board's rank statistics are one `boardRanks` document now, and
 * since 2026-11-28 nothing reads these shards but `migrations:mergeBoardStats`, which merges each
 * board's into its document. Drop the table (and RANK_SHARDS) once it has run on every deployment.
 */
export const boardStatsFields = {
  board: v.string(),
  shard: v.number(),
  players: v.number(),
  top: v.array(v.number()),
  buckets: v.array(v.number()),
};

/**
 * A board's rank statistics, the same for every viewer: how many players have points on it, their
 * best scores (at most RANK_EXACT_LIMIT, best first: the exact ranks) and how many fall in each
 * score bucket (the estimate beyond). Written only by the fold's apply, about once a second;
 * viewers read the copy it publishes (`rankSnapshots`).
 */
export const boardRankFields = {
  board: v.string(),
  players: v.number(),
  top: v.array(v.number()),
  buckets: v.array(v.number()),
};

/**
 * A board's rank statistics as viewers are sent them (`leaderboard.ranks`): a copy of its
 * `boardRanks` published at most every RANKS_PUBLISH_MS (model/boards/snapshot.ts), so that the
 * ~7 KB result reaches every viewer a few times a minute, not at every run of the fold.
 */
export const rankSnapshotFields = {
  ...boardRankFields,
  /** When it was published. */
  at: v.number(),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const boardTables = {
  boardEntries: defineTable(boardEntryFields)
    .index("by_board_and_score", ["board", "score"])
    .index("by_board_and_userId", ["board", "userId"])
    .index("by_userId", ["userId"]),
  boardStats: defineTable(boardStatsFields).index("by_board_and_shard", ["board", "shard"]),
  boardRanks: defineTable(boardRankFields).index("by_board", ["board"]),
  rankSnapshots: defineTable(rankSnapshotFields).index("by_board", ["board"]),
};
