import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { RANK_BUCKETS_PER_DOUBLING, RANK_EXACT_LIMIT, RANK_SHARDS } from "../shared/rules";

/**
 * A player's rank on a board of any size, from a few documents: each board keeps RANK_SHARDS
 * `boardStats` documents, and a player always counts in the same one (by a hash of their id).
 * A shard holds its best RANK_EXACT_LIMIT scores, so counting the scores above a player's in
 * every shard is exact whenever fewer than that many are ahead of them. Beyond, the score
 * buckets (RANK_BUCKETS_PER_DOUBLING per doubling) give an estimate, and it says it is one.
 */
export type ShardStats = Pick<Doc<"boardStats">, "players" | "top" | "buckets">;

export const rankValidator = v.object({
  /** 1 + the players with more points: tied players share a rank. */
  rank: v.number(),
  /** False for an estimate (more than RANK_EXACT_LIMIT players ahead). */
  exact: v.boolean(),
  /** Players with points on the board. */
  players: v.number(),
  /** For an estimate, the share of the board at or above the player, as a whole percent. */
  topPercent: nullable(v.number()),
});
export type Rank = Infer<typeof rankValidator>;

export const emptyStats = (): ShardStats => ({ players: 0, top: [], buckets: [] });

/** The shard a player's points count in: a stable hash (FNV-1a) of their id. */
export function shardOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % RANK_SHARDS;
}

/** The bucket of a positive score: scores within about 9 % of each other share one. */
export function bucketOf(score: number): number {
  return Math.floor(Math.log2(score) * RANK_BUCKETS_PER_DOUBLING);
}

function bucketBounds(bucket: number) {
  return {
    low: 2 ** (bucket / RANK_BUCKETS_PER_DOUBLING),
    high: 2 ** ((bucket + 1) / RANK_BUCKETS_PER_DOUBLING),
  };
}

/**
 * One player of the shard moves from `from` points to `to` (0: not on the board). Scores only
 * rise: the kept best scores stay exactly the shard's best when one of them is replaced by a
 * higher one, which a fall would not keep true.
 */
export function moveScore(
  stats: ShardStats,
  from: number,
  to: number,
  cap = RANK_EXACT_LIMIT,
): ShardStats {
  if (to < from) throw new Error(`A board score cannot fall (${from} to ${to})`);
  if (to === from) return stats;
  const top = [...stats.top];
  const buckets = [...stats.buckets];
  let players = stats.players;
  if (from > 0) {
    players -= 1;
    buckets[bucketOf(from)] -= 1;
    const kept = top.indexOf(from);
    if (kept >= 0) top.splice(kept, 1);
  }
  players += 1;
  const bucket = bucketOf(to);
  while (buckets.length <= bucket) buckets.push(0);
  buckets[bucket] += 1;
  const at = top.findIndex((score) => score < to);
  top.splice(at === -1 ? top.length : at, 0, to);
  if (top.length > cap) top.pop();
  return { players, top, buckets };
}

/** The rank of `score` on a board whose shards are `shards`. */
export function rankFromStats(shards: ShardStats[], score: number, cap = RANK_EXACT_LIMIT): Rank {
  const players = shards.reduce((sum, shard) => sum + shard.players, 0);
  // A player without points ranks after everyone with some (and ties with the others without).
  if (score <= 0) return { rank: players + 1, exact: true, players, topPercent: null };
  let ahead = 0;
  let complete = true;
  for (const shard of shards) {
    const below = shard.top.findIndex((s) => s <= score);
    const count = below === -1 ? shard.top.length : below;
    ahead += count;
    // A full list that is all above the score may leave out more of the shard's players above.
    if (below === -1 && shard.top.length >= cap) complete = false;
  }
  if (complete) return { rank: ahead + 1, exact: true, players, topPercent: null };

  const bucket = bucketOf(score);
  const { low, high } = bucketBounds(bucket);
  let estimate = 0;
  let sameBucket = -1; // the player themself
  for (const shard of shards) {
    shard.buckets.forEach((count, b) => {
      if (b > bucket) estimate += count;
      else if (b === bucket) sameBucket += count;
    });
  }
  // The others in the player's bucket, taken as spread evenly over its scores.
  estimate += Math.max(0, sameBucket) * Math.min(1, Math.max(0, (high - score) / (high - low)));
  // Never better than the players known to be ahead.
  const rank = Math.max(ahead + 1, Math.round(estimate) + 1);
  const topPercent = Math.min(100, Math.max(1, Math.ceil((rank / Math.max(players, 1)) * 100)));
  return { rank, exact: false, players, topPercent };
}

/** The rank of `score` on `board`: RANK_SHARDS documents read. */
export async function rankOnBoard(ctx: QueryCtx, board: string, score: number): Promise<Rank> {
  const shards = await ctx.db
    .query("boardStats")
    .withIndex("by_board_and_shard", (q) => q.eq("board", board))
    .take(RANK_SHARDS);
  return rankFromStats(shards, score);
}

/** Counts a player's move from `from` to `to` points in their shard of `board`'s statistics. */
export async function moveInStats(
  ctx: MutationCtx,
  board: string,
  userId: string,
  from: number,
  to: number,
): Promise<void> {
  const shard = shardOf(userId);
  const doc = await ctx.db
    .query("boardStats")
    .withIndex("by_board_and_shard", (q) => q.eq("board", board).eq("shard", shard))
    .unique();
  const next = moveScore(doc ?? emptyStats(), from, to);
  if (doc === null) await ctx.db.insert("boardStats", { board, shard, ...next });
  else await ctx.db.patch("boardStats", doc._id, next);
}

/** A board's shard statistics for `players` at once (seeding a big board in tests and the bench). */
export function statsOf(players: { userId: string; score: number }[]): ShardStats[] {
  const shards = Array.from({ length: RANK_SHARDS }, emptyStats);
  for (const { userId, score } of players) {
    const shard = shardOf(userId);
    if (score > 0) shards[shard] = moveScore(shards[shard], 0, score);
  }
  return shards;
}
