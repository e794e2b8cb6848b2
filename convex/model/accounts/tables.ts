import { authTables } from "@convex-dev/auth/server";
import { defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * Accounts: players (beside Convex Auth's own tables), password-reset codes, admin claim codes and
 * the attempts at them (convex/model/accounts/). convex/schema.ts composes the tables and re-
 * exports the validators, so the code imports them from there.
 */

/**
 * A player. Convex Auth inserts the document through our `createOrUpdateUser` callback
 * (`createPlayer`), so every field a player needs is written at sign-up; an account made by hand
 * on the Convex dashboard must carry them too. (Deployments from before these fields were
 * required ran `migrations:completeProfiles` first: docs/operations.md, "Migrations".)
 */
export const userFields = {
  email: v.string(),
  username: v.string(),
  /**
   * The username's look-alike key (`usernameKey`, convex/model/accounts/usernameKey.ts): a name
   * is taken when an account holds its key. Indexed, not unique (`isUsernameTaken`).
   */
  usernameKey: v.string(),
  score: v.number(),
  isBetaTester: v.boolean(),
  isAdmin: v.boolean(),
  createdAt: v.number(),
  /** Set when the player joins the beta program. */
  betaJoinDate: v.optional(v.number()),
  /**
   * When the last password-reset codes were sent to this account (newest last, at most
   * RESET_CODES_PER_HOUR within the hour): the limit on codes per account.
   */
  resetCodesSentAt: v.optional(v.array(v.number())),
};

/**
 * An account's live password-reset e-mail (at most one: a new one replaces it): the SHA-256 of
 * its code and of its link's token. The code dies after RESET_CODE_MAX_WRONG_TRIES wrong tries;
 * the link, unguessable, works until `expiresAt` like the code; either one used deletes the
 * document. An expired one stays until the account's next request or its deletion (one per
 * account at most, so no job sweeps them). Replaces Convex Auth's `authVerificationCodes` for
 * resets, whose wrong tries locked the address for everyone (issue 38).
 */
export const resetCodeFields = {
  accountId: v.id("authAccounts"),
  codeHash: v.string(),
  linkHash: v.string(),
  sentAt: v.number(),
  expiresAt: v.number(),
  wrongTries: v.number(),
};

/**
 * A single-use admin claim code, created by an operator (`admin:createClaimCode`).
 * Only its SHA-256 is stored; `usedBy` is set once, by the claim that spends it.
 * Deleted some time after `expiresAt` by `admin:cleanupClaims`.
 */
export const adminClaimCodeFields = {
  codeHash: v.string(),
  createdAt: v.number(),
  expiresAt: v.number(),
  usedAt: v.optional(v.number()),
  usedBy: v.optional(v.id("users")),
};

/**
 * A player's recent wrong claim codes (one document per player): the times of
 * the last few, and the lock they earned. Forgotten once `forgetAt` passes.
 */
export const adminClaimAttemptFields = {
  userId: v.id("users"),
  /** Times of the wrong codes within the window, oldest first (at most the limit). */
  failures: v.array(v.number()),
  lockedUntil: v.optional(v.number()),
  forgetAt: v.number(),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const accountTables = {
  ...authTables,
  users: defineTable(userFields)
    .index("by_email", ["email"])
    .index("by_usernameKey", ["usernameKey"])
    .index("by_score", ["score"]),
  resetCodes: defineTable(resetCodeFields).index("by_accountId", ["accountId"]),
  adminClaimCodes: defineTable(adminClaimCodeFields)
    .index("by_codeHash", ["codeHash"])
    .index("by_expiresAt", ["expiresAt"])
    .index("by_usedBy", ["usedBy"]),
  adminClaimAttempts: defineTable(adminClaimAttemptFields)
    .index("by_userId", ["userId"])
    .index("by_forgetAt", ["forgetAt"]),
};
