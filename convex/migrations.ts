import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { completeProfiles as completeProfilesPage, deleteBatch } from "./model/migrations";

/**
 * One-time data changes, run by an operator after a deploy that needs them:
 * `npx convex run migrations:<name>` (README, "Migrations"). Each works in batches and
 * schedules its next batch itself, so one call finishes the job on any table size.
 */

/** Empties the retired `analytics_events` table, so that a later deploy can drop it. */
export const clearAnalyticsEvents = internalMutation({
  args: {},
  returns: v.object({ deleted: v.number(), done: v.boolean() }),
  handler: async (ctx) => {
    const result = await deleteBatch(ctx, "analytics_events");
    if (!result.done) await ctx.scheduler.runAfter(0, internal.migrations.clearAnalyticsEvents, {});
    return result;
  },
});

/**
 * Gives every account without a complete profile (one made by hand on the dashboard) the
 * profile sign-up would have made: username from the e-mail, score 0, no roles. Run before the
 * deploy that makes the profile fields required (README, "Migrations").
 */
export const completeProfiles = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ completed: v.number(), done: v.boolean() }),
  handler: async (ctx, { cursor = null }) => {
    const { completed, continueCursor, done } = await completeProfilesPage(ctx, cursor);
    if (!done) {
      await ctx.scheduler.runAfter(0, internal.migrations.completeProfiles, {
        cursor: continueCursor,
      });
    }
    return { completed, done };
  },
});
