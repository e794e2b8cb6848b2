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

export default defineSchema({
  ...authTables,
  users: defineTable(userFields)
    .index("by_email", ["email"])
    .index("by_usernameKey", ["usernameKey"])
    .index("by_score", ["score"]),
  anime: defineTable(animeFields)
    .index("by_anilistId", ["anilistId"])
    .index("by_randomRank", ["randomRank"]),
});
