import { v, type Infer } from "convex/values";
import type { TableNames } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { franchiseKey, writeTitleTerms } from "../judge/titleIndex";
import { usernameKey } from "../accounts/usernameKey";

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

/** Anime whose title index one step rewrites: a few dozen rows each, well inside a mutation's limits. */
export const TITLE_INDEX_BATCH = 50;

/**
 * Rewrites the title index of one batch of anime, and each anime's stored franchise (the clue
 * reads the franchise's first entries by it); `cursor` is null once every anime is done.
 */
export async function rewriteTitleIndexBatch(
  ctx: MutationCtx,
  cursor: string | null,
): Promise<{ rewritten: number; cursor: string | null }> {
  const page = await ctx.db.query("anime").paginate({ cursor, numItems: TITLE_INDEX_BATCH });
  for (const { _id, _creationTime: _, franchiseKey: stored, ...anime } of page.page) {
    const key = franchiseKey(anime);
    if (stored !== key) await ctx.db.patch("anime", _id, { franchiseKey: key });
    await writeTitleTerms(ctx, _id, anime);
  }
  return { rewritten: page.page.length, cursor: page.isDone ? null : page.continueCursor };
}

/** Accounts one step re-keys: one patch each at most, well inside a mutation's limits. */
export const USERNAME_KEY_BATCH = 500;

/**
 * Gives one batch of accounts the look-alike key (`usernameKey`) in place of the lower-cased
 * name they were stored with; `cursor` is null once every account is done. Nobody is renamed:
 * two accounts whose names now share a key both keep their names, and the name counts as taken
 * for anyone else (`isUsernameTaken`).
 */
export async function rekeyUsernamesBatch(
  ctx: MutationCtx,
  cursor: string | null,
): Promise<{ rekeyed: number; cursor: string | null }> {
  const page = await ctx.db.query("users").paginate({ cursor, numItems: USERNAME_KEY_BATCH });
  let rekeyed = 0;
  for (const user of page.page) {
    const key = usernameKey(user.username);
    if (user.usernameKey === key) continue;
    await ctx.db.patch("users", user._id, { usernameKey: key });
    rekeyed += 1;
  }
  return { rekeyed, cursor: page.isDone ? null : page.continueCursor };
}
