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

export default defineSchema({
  ...authTables,
  users: defineTable(userFields)
    .index("by_email", ["email"])
    .index("by_usernameKey", ["usernameKey"])
    .index("by_score", ["score"]),
});
