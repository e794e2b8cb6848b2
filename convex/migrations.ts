import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation } from "./_generated/server";
import {
  clearRetiredGameFieldsBatch,
  mergeBoardStatsBatch,
  rekeyUsernamesBatch,
  rewriteTitleIndexBatch,
} from "./model/ops/migrations";

/**
 * One-time data changes, run by an operator after a deploy that needs them:
 * `npx convex run migrations:<name>` (docs/operations.md, "Migrations"). Each works in batches and
 * schedules its next batch itself, so one call finishes the job on any table size.
 */

/**
 * Rewrites every anime's title index and suggestion rows, as the catalogue writes them now
 * (acronyms, names with generic words around them, the typeahead's prefix rows of real titles),
 * and its stored franchise (a franchise now stops at a format word): the judge's refusals and
 * acronyms, the guess box's suggestions and the clue's franchise need them, and the next
 * catalogue refresh would write them too.
 */
export const rewriteTitleIndex = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ rewritten: v.number(), done: v.boolean() }),
  handler: async (ctx, { cursor }) => {
    const result = await rewriteTitleIndexBatch(ctx, cursor ?? null);
    if (result.cursor !== null) {
      await ctx.scheduler.runAfter(0, internal.migrations.rewriteTitleIndex, {
        cursor: result.cursor,
      });
    }
    return { rewritten: result.rewritten, done: result.cursor === null };
  },
});

/**
 * Gives every account the username key that tells look-alike names apart no more (`AIice` and
 * `alice`, `B0ss` and `Boss`), so that sign-up and rename find them taken. Run right after the
 * deploy that brought the key: until then a look-alike of an older name is not yet seen as taken.
 */
export const rekeyUsernames = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ rekeyed: v.number(), done: v.boolean() }),
  handler: async (ctx, { cursor }) => {
    const result = await rekeyUsernamesBatch(ctx, cursor ?? null);
    if (result.cursor !== null) {
      await ctx.scheduler.runAfter(0, internal.migrations.rekeyUsernames, {
        cursor: result.cursor,
      });
    }
    return { rekeyed: result.rekeyed, done: result.cursor === null };
  },
});

/**
 * Merges the boards' rank statistics kept in `boardStats` shards (boards scored on before the
 * fold, 2026-11-26) into their `boardRanks` documents, which are all the leaderboard reads since
 * 2026-11-28: run right after that deploy, or a past board's ranks read empty until it is pruned.
 */
export const mergeBoardStats = internalMutation({
  args: {},
  returns: v.object({ merged: v.number(), done: v.boolean() }),
  handler: async (ctx) => {
    const result = await mergeBoardStatsBatch(ctx);
    if (!result.done) await ctx.scheduler.runAfter(0, internal.migrations.mergeBoardStats, {});
    return result;
  },
});

/**
 * Takes the retired fields off every game (the per-player jobs' ids and due times, which no code
 * has written since 2026-11-26, and the old recent-anime list), so that a later deploy can drop
 * them from the schema.
 */
export const clearRetiredGameFields = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.object({ cleared: v.number(), done: v.boolean() }),
  handler: async (ctx, { cursor }) => {
    const result = await clearRetiredGameFieldsBatch(ctx, cursor ?? null);
    if (result.cursor !== null) {
      await ctx.scheduler.runAfter(0, internal.migrations.clearRetiredGameFields, {
        cursor: result.cursor,
      });
    }
    return { cleared: result.cleared, done: result.cursor === null };
  },
});
