import type { TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { writeTitleTerms } from "../judge/titleIndex";

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

/** Anime whose title index one step rewrites: a few dozen rows each, well inside a mutation's limits. */
export const TITLE_INDEX_BATCH = 50;

/** Rewrites the title index of one batch of anime; `cursor` is null once every anime is done. */
export async function rewriteTitleIndexBatch(
  ctx: MutationCtx,
  cursor: string | null,
): Promise<{ rewritten: number; cursor: string | null }> {
  const page = await ctx.db.query("anime").paginate({ cursor, numItems: TITLE_INDEX_BATCH });
  for (const { _id, _creationTime: _, ...anime } of page.page) {
    await writeTitleTerms(ctx, _id, anime);
  }
  return { rewritten: page.page.length, cursor: page.isDone ? null : page.continueCursor };
}
