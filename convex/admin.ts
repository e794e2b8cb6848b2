import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { adminQuery, playerMutation } from "./functions";
import {
  adminChangeValidator,
  feedbackPageValidator,
  feedbackSummary,
  feedbackSummaryValidator,
  listFeedback,
  setAdminByEmail,
} from "./model/beta/dashboard";
import * as AdminClaim from "./model/accounts/adminClaim";

/** All beta feedback, newest first, 20 a page, with each author's username. */
export const feedback = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: feedbackPageValidator,
  handler: async (ctx, { paginationOpts }) => await listFeedback(ctx, paginationOpts),
});

/**
 * The dashboard's charts: the rating, the difficulty votes and 14 days of game use up to `day`,
 * the UTC day the dashboard shows (the client's: a query must not read the clock).
 */
export const summary = adminQuery({
  args: { day: v.string() },
  returns: feedbackSummaryValidator,
  handler: async (ctx, { day }) => await feedbackSummary(ctx, day),
});

/**
 * The /make-admin button: makes the caller admin with a claim code an operator
 * created. A refusal (no, wrong, used or expired code, or too many wrong ones)
 * is returned, not thrown, so that the wrong code is still counted.
 */
export const makeMeAdmin = playerMutation({
  args: { code: v.string() },
  returns: AdminClaim.claimResult,
  handler: async (ctx, { code }) => await AdminClaim.claimAdmin(ctx, ctx.profile, code, Date.now()),
});

/**
 * A single-use code that makes whoever enters it at /make-admin an admin, valid
 * for CLAIM_CODE_VALID_MINUTES, for operators: `npx convex run admin:createClaimCode` or the
 * Convex dashboard. Returns the code and when it expires.
 */
export const createClaimCode = internalMutation({
  args: {},
  returns: AdminClaim.newClaimCodeValidator,
  handler: async (ctx) => await AdminClaim.createClaimCode(ctx, Date.now()),
});

/**
 * Grants or revokes admin by e-mail, for operators:
 * `npx convex run admin:setAdmin '{"email":"a@b.c","isAdmin":true}'` or the Convex dashboard.
 */
export const setAdmin = internalMutation({
  args: { email: v.string(), isAdmin: v.boolean() },
  returns: adminChangeValidator,
  handler: async (ctx, { email, isAdmin }) => await setAdminByEmail(ctx, email, isAdmin),
});

const CLEANUP_BATCH = 200;

/** Hourly (convex/crons.ts): forgets expired codes and old wrong tries, a batch at a time. */
export const cleanupClaims = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const { more } = await AdminClaim.cleanupClaims(ctx, Date.now(), CLEANUP_BATCH);
    if (more) await ctx.scheduler.runAfter(0, internal.admin.cleanupClaims, {});
    return null;
  },
});
