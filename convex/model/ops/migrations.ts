import { v, type Infer } from "convex/values";
import type { TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";

/** Documents one migration step deletes: well inside a mutation's limits. */
export const MIGRATION_BATCH = 500;

/** What one migration step did: the documents it deleted, and whether the table is empty. */
export const batchResultValidator = v.object({ deleted: v.number(), done: v.boolean() });

/** Deletes up to one batch of `table`'s documents; `done` once the table is empty. */
export async function deleteBatch(
  ctx: MutationCtx,
  table: TableNames,
): Promise<Infer<typeof batchResultValidator>> {
  const batch = await ctx.db.query(table).take(MIGRATION_BATCH);
  for (const document of batch) await ctx.db.delete(table, document._id);
  return { deleted: batch.length, done: batch.length < MIGRATION_BATCH };
}
