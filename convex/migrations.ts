import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import { batchResultValidator, deleteBatch } from "./model/ops/migrations";

/**
 * One-time data changes, run by an operator after a deploy that needs them:
 * `npx convex run migrations:<name>` (docs/operations.md, "Migrations"). Each works in batches and
 * schedules its next batch itself, so one call finishes the job on any table size.
 */

/** Empties the retired `analytics_events` table, so that a later deploy can drop it. */
export const clearAnalyticsEvents = internalMutation({
  args: {},
  returns: batchResultValidator,
  handler: async (ctx) => {
    const result = await deleteBatch(ctx, "analytics_events");
    if (!result.done) await ctx.scheduler.runAfter(0, internal.migrations.clearAnalyticsEvents, {});
    return result;
  },
});
