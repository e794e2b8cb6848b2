import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import { RANK_BUCKETS_PER_DOUBLING, RANK_EXACT_LIMIT } from "./rules";

/**
 * A player's rank on a board of any size, from one small document per board (`boardRanks`): its
 * best RANK_EXACT_LIMIT scores, kept exactly, and every score counted in a bucket
 * (RANK_BUCKETS_PER_DOUBLING per doubling). Counting the kept scores above a player's is exact
 * within the top RANK_EXACT_LIMIT; beyond, the buckets give an estimate, and it says it is one.
 *
 * Shared with the client: the board's statistics are the same for every viewer (one cached query),
 * and each viewer's screen works out its own rank from its own score, so nobody's rank query
 * re-runs because somebody else scored.
 */
export type RankStats = Pick<Doc<"boardRanks">, "players" | "top" | "buckets">;

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

export const emptyStats = (): RankStats => ({ players: 0, top: [], buckets: [] });

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
 * One player moves from `from` points to `to` (0: not on the board). Scores only rise: the kept
 * best scores stay exactly the board's best when one of them is replaced by a higher one, which a
 * fall would not keep true.
 */
export function moveScore(
  stats: RankStats,
  from: number,
  to: number,
  cap = RANK_EXACT_LIMIT,
): RankStats {
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

/**
 * A player with `score` points leaves the board (their account deleted). Their score leaves the
 * kept best scores too, which then hold one fewer than the board's best `cap` until scores move:
 * a rank just below them may read as exact while it is one place off, never more per leaver.
 */
export function removeScore(stats: RankStats, score: number): RankStats {
  if (score <= 0) return stats;
  const top = [...stats.top];
  const kept = top.indexOf(score);
  if (kept >= 0) top.splice(kept, 1);
  const buckets = [...stats.buckets];
  const bucket = bucketOf(score);
  if ((buckets[bucket] ?? 0) > 0) buckets[bucket] -= 1;
  return { players: Math.max(0, stats.players - 1), top, buckets };
}

/**
 * Statistics kept in parts (each part's best `cap` and its buckets) as one: the best `cap` of all
 * parts are among the parts' own best, so the merged list is still exact.
 */
export function mergeStats(parts: RankStats[], cap = RANK_EXACT_LIMIT): RankStats {
  const buckets: number[] = [];
  for (const part of parts) {
    part.buckets.forEach((count, b) => {
      while (buckets.length <= b) buckets.push(0);
      buckets[b] += count;
    });
  }
  return {
    players: parts.reduce((sum, part) => sum + part.players, 0),
    top: parts
      .flatMap((part) => part.top)
      .sort((a, b) => b - a)
      .slice(0, cap),
    buckets,
  };
}

/**
 * The rank of `score` on a board with statistics `stats`. The player's own score may be newer than
 * the statistics (published at most every RANKS_PUBLISH_MS): a rank is never beyond the board.
 */
export function rankOf(stats: RankStats, score: number, cap = RANK_EXACT_LIMIT): Rank {
  const players = stats.players;
  // A player without points ranks after everyone with some (and ties with the others without).
  if (score <= 0) return { rank: players + 1, exact: true, players, topPercent: null };
  const below = stats.top.findIndex((s) => s <= score);
  const ahead = below === -1 ? stats.top.length : below;
  // A full list that is all above the score may leave out more players above.
  const complete = below !== -1 || stats.top.length < cap;
  if (complete) {
    return {
      rank: ahead + 1,
      exact: true,
      players: Math.max(players, ahead + 1),
      topPercent: null,
    };
  }

  const bucket = bucketOf(score);
  const { low, high } = bucketBounds(bucket);
  let estimate = 0;
  let sameBucket = -1; // the player themself
  stats.buckets.forEach((count, b) => {
    if (b > bucket) estimate += count;
    else if (b === bucket) sameBucket += count;
  });
  // The others in the player's bucket, taken as spread evenly over its scores.
  estimate += Math.max(0, sameBucket) * Math.min(1, Math.max(0, (high - score) / (high - low)));
  // Never better than the players known to be ahead.
  const rank = Math.max(ahead + 1, Math.round(estimate) + 1);
  const onBoard = Math.max(players, rank);
  const topPercent = Math.min(100, Math.max(1, Math.ceil((rank / onBoard) * 100)));
  return { rank, exact: false, players: onBoard, topPercent };
}
