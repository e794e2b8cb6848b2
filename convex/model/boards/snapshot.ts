/**
 * What viewers of a board are sent (`leaderboard.ranks`): its rank statistics, ~7 KB on a big
 * board (RANK_EXACT_LIMIT best scores and the buckets), the same for every viewer. Sent at every
 * run of the fold, 10,000 viewers would receive ~150 MB/s; so the fold publishes a copy, a
 * `rankSnapshots` document per board, at most every RANKS_PUBLISH_MS (tallies/apply.ts schedules
 * it), and the query reads that copy. The top rows (`leaderboard.top`, the board's entries) and
 * a viewer's own points (`leaderboard.mine`) stay live, and their screen ranks their live points
 * against the copy (shared/rank.ts), so only the others' scores behind their rank are older.
 */
import type { MutationCtx } from "../../_generated/server";
import { RANKS_PUBLISH_MS } from "../shared/rules";
import type { RankStats } from "../shared/rank";
import { liveRanks } from "./rank";

/** Copies the statistics of `boards` as the fold keeps them into what viewers read. */
export async function publishRanks(ctx: MutationCtx, boards: string[], now: number) {
  for (const board of boards) {
    const stats = await liveRanks(ctx, board);
    const fields = { players: stats.players, top: stats.top, buckets: stats.buckets, at: now };
    const doc = await ctx.db
      .query("rankSnapshots")
      .withIndex("by_board", (q) => q.eq("board", board))
      .unique();
    if (doc === null) await ctx.db.insert("rankSnapshots", { board, ...fields });
    else await ctx.db.patch("rankSnapshots", doc._id, fields);
  }
}

// The figures a load model needs (scripts/bench), from the same rule the fold follows.

/** Bytes of one `leaderboard.ranks` result for `stats`, as JSON (what a viewer is pushed). */
export function ranksResultBytes(stats: RankStats): number {
  return JSON.stringify({ players: stats.players, top: stats.top, buckets: stats.buckets }).length;
}

/** How often at most one board's `leaderboard.ranks` result changes, per second, under any load. */
export const RANKS_CHANGES_PER_SECOND = 1_000 / RANKS_PUBLISH_MS;

/**
 * The share of the fold's runs after which a busy board's result changes, when the fold applies
 * `applyRunsPerSecond` batches a second: at most one publish every RANKS_PUBLISH_MS.
 */
export function ranksChangesPerFoldRun(applyRunsPerSecond: number): number {
  return applyRunsPerSecond <= 0 ? 0 : Math.min(1, RANKS_CHANGES_PER_SECOND / applyRunsPerSecond);
}

/** Bytes a second pushed to `viewers` of one busy board whose result is `stats`. */
export function ranksPushedBytesPerSecond(stats: RankStats, viewers: number): number {
  return ranksResultBytes(stats) * RANKS_CHANGES_PER_SECOND * viewers;
}
