import { defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * Contested guesses: players' names for an anime that admins may accept (convex/model/contests/).
 * convex/schema.ts composes the tables and re-exports the validators, so the code imports them
 * from there.
 */

export const contestStatus = v.union(
  v.literal("open"),
  v.literal("accepted"),
  v.literal("dismissed"),
);

/**
 * One name players say names an anime ("this names it"), one document per (anime, name): how many
 * players sent it, and the admin's answer. An accepted one is an alternative title of the anime
 * from then on, and every catalogue refresh adds it back (catalogue/refresh.ts).
 */
export const contestFields = {
  animeId: v.id("anime"),
  /** The name as the judge normalises it (normalizeTitle): one document per key. */
  nameKey: v.string(),
  /** The name as the first player typed it (trimmed): what the admin reads and accepts. */
  name: v.string(),
  /** Players who sent it, each once. */
  count: v.number(),
  lastAt: v.number(),
  status: contestStatus,
};

/**
 * A player's contest of one name (one per player and name): counts them once, and their contests
 * of a UTC day ("YYYY-MM-DD") against CONTESTS_PER_DAY. Deleted with the account.
 */
export const contestVoteFields = {
  userId: v.id("users"),
  animeId: v.id("anime"),
  nameKey: v.string(),
  day: v.string(),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const contestTables = {
  contests: defineTable(contestFields)
    .index("by_animeId_and_nameKey", ["animeId", "nameKey"])
    .index("by_animeId_and_status", ["animeId", "status"])
    .index("by_status_and_lastAt", ["status", "lastAt"]),
  contestVotes: defineTable(contestVoteFields)
    .index("by_userId_and_animeId_and_nameKey", ["userId", "animeId", "nameKey"])
    .index("by_userId_and_day", ["userId", "day"]),
};
