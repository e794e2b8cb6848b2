import type { TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";

/** Documents one migration step deletes: well inside a mutation's limits. */
export const MIGRATION_BATCH = 500;

/** Deletes up to one batch of `table`'s documents; `done` once the table is empty. */
export async function deleteBatch(
  ctx: MutationCtx,
  table: TableNames,
): Promise<{ deleted: number; done: boolean }> {
  const batch = await ctx.db.query(table).take(MIGRATION_BATCH);
  for (const document of batch) await ctx.db.delete(table, document._id);
  return { deleted: batch.length, done: batch.length < MIGRATION_BATCH };
}
