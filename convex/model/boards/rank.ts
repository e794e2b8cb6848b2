import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { RANK_EXACT_LIMIT } from "../shared/rules";
import { bucketOf, emptyStats, moveScore, removeScore, type RankStats } from "../shared/rank";
import type { ScoreMove } from "../tallies/tally";

/**
 * A board's rank statistics in the database: one `boardRanks` document, written only by the fold
 * (and once by `migrations:mergeBoardStats`, from the shards boards kept before the fold).
 */
async function ranksDocument(ctx: QueryCtx, board: string) {
  return await ctx.db
    .query("boardRanks")
    .withIndex("by_board", (q) => q.eq("board", board))
    .unique();
}

/**
 * `board`'s rank statistics as viewers are sent them: the last published (snapshot.ts), one
 * document that changes at most every RANKS_PUBLISH_MS; a board not published since it was
 * first scored on (or since the snapshots existed) reads its statistics as the fold keeps them.
 */
export async function readRanks(ctx: QueryCtx, board: string): Promise<RankStats> {
  const published = await ctx.db
    .query("rankSnapshots")
    .withIndex("by_board", (q) => q.eq("board", board))
    .unique();
  if (published !== null) {
    return { players: published.players, top: published.top, buckets: published.buckets };
  }
  return await liveRanks(ctx, board);
}

/** `board`'s rank statistics as the fold keeps them: one document. */
export async function liveRanks(ctx: QueryCtx, board: string): Promise<RankStats> {
  const doc = await ranksDocument(ctx, board);
  return doc === null ? emptyStats() : { players: doc.players, top: doc.top, buckets: doc.buckets };
}

/**
 * Applies score moves to `board`'s statistics, in the order they were made (each player's moves
 * follow one another: the second of them read what the first wrote). A move to 0 is a player
 * leaving the board (a deleted account). Any other move that would lower a score cannot come
 * from the game; it is left out rather than stopping every fold after it.
 */
export async function applyMoves(
  ctx: MutationCtx,
  board: string,
  moves: Pick<ScoreMove, "from" | "to">[],
): Promise<void> {
  const doc = await ranksDocument(ctx, board);
  let stats: RankStats = doc ?? emptyStats();
  for (const { from, to } of moves) {
    if (to === 0 && from > 0) stats = removeScore(stats, from);
    else if (to > from && from >= 0) stats = moveScore(stats, from, to);
  }
  const fields = { players: stats.players, top: stats.top, buckets: stats.buckets };
  if (doc !== null) {
    await ctx.db.patch("boardRanks", doc._id, fields);
    return;
  }
  await ctx.db.insert("boardRanks", { board, ...fields });
}

/** A board's statistics for `scores` at once (seeding a big board in tests and the bench). */
export function statsOf(scores: number[]): RankStats {
  const onBoard = scores.filter((score) => score > 0).sort((a, b) => b - a);
  const buckets: number[] = [];
  for (const score of onBoard) {
    const bucket = bucketOf(score);
    while (buckets.length <= bucket) buckets.push(0);
    buckets[bucket] += 1;
  }
  return { players: onBoard.length, top: onBoard.slice(0, RANK_EXACT_LIMIT), buckets };
}
