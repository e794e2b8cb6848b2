import type { TableNames } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { ensureProfile, toProfile } from "./users";

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

/** Completes the profiles among one page of users; the cursor goes on to the next page. */
export async function completeProfiles(
  ctx: MutationCtx,
  cursor: string | null,
): Promise<{ completed: number; continueCursor: string; done: boolean }> {
  const page = await ctx.db.query("users").paginate({ cursor, numItems: MIGRATION_BATCH });
  let completed = 0;
  for (const user of page.page) {
    if (toProfile(user) !== null) continue;
    await ensureProfile(ctx, user);
    completed += 1;
  }
  return { completed, continueCursor: page.continueCursor, done: page.isDone };
}
