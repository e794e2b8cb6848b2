import type { MutationCtx } from "../../_generated/server";
import { franchiseKey, writeTitleTerms } from "../judge/titleIndex";
import { usernameKey } from "../accounts/usernameKey";
import { mergeStats } from "../shared/rank";
import { RANK_SHARDS } from "../shared/rules";

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

/** Boards one step merges: up to RANK_SHARDS shards each, well inside a mutation's limits. */
export const BOARD_STATS_BATCH = 50;

/**
 * Merges the rank statistics of one batch of boards kept as `boardStats` shards (boards scored on
 * before the fold, 2026-11-26) into each board's one `boardRanks` document, and deletes the
 * shards; `done` once none is left. A board the fold already gave a document (a deleted player
 * leaving it since) keeps it, with the shards' counts added.
 */
export async function mergeBoardStatsBatch(
  ctx: MutationCtx,
): Promise<{ merged: number; done: boolean }> {
  for (let merged = 0; merged < BOARD_STATS_BATCH; merged++) {
    const next = await ctx.db.query("boardStats").withIndex("by_board_and_shard").first();
    if (next === null) return { merged, done: true };
    const { board } = next;
    const shards = await ctx.db
      .query("boardStats")
      .withIndex("by_board_and_shard", (q) => q.eq("board", board))
      .take(RANK_SHARDS);
    const doc = await ctx.db
      .query("boardRanks")
      .withIndex("by_board", (q) => q.eq("board", board))
      .unique();
    const { players, top, buckets } = mergeStats(doc === null ? shards : [doc, ...shards]);
    if (doc === null) await ctx.db.insert("boardRanks", { board, players, top, buckets });
    else await ctx.db.patch("boardRanks", doc._id, { players, top, buckets });
    for (const shard of shards) await ctx.db.delete("boardStats", shard._id);
  }
  const more = await ctx.db.query("boardStats").first();
  return { merged: BOARD_STATS_BATCH, done: more === null };
}

/** Games one step looks at: one patch each at most, well inside a mutation's limits. */
export const GAME_FIELDS_BATCH = 500;

/**
 * Takes the fields no code has written since 2026-11-26 off one batch of games (the ids and due
 * times of the reset and cooldown-end jobs once scheduled per player, and the recent anime the
 * `seenAnime` table replaced), so that the schema can drop them; `cursor` is null once every game
 * is done.
 */
export async function clearRetiredGameFieldsBatch(
  ctx: MutationCtx,
  cursor: string | null,
): Promise<{ cleared: number; cursor: string | null }> {
  const page = await ctx.db.query("games").paginate({ cursor, numItems: GAME_FIELDS_BATCH });
  let cleared = 0;
  for (const game of page.page) {
    const { resetJobFor, resetJobId, cooldownJobId, recentAnimeIds } = game;
    const retired = [resetJobFor, resetJobId, cooldownJobId, recentAnimeIds];
    if (retired.every((field) => field === undefined)) continue;
    await ctx.db.patch("games", game._id, {
      resetJobFor: undefined,
      resetJobId: undefined,
      cooldownJobId: undefined,
      recentAnimeIds: undefined,
    });
    cleared += 1;
  }
  return { cleared, cursor: page.isDone ? null : page.continueCursor };
}
