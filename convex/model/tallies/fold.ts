/**
 * The fold: the one writer of the shared figures. Players' calls insert tallies (record.ts) and
 * never read or write a shared document; the fold, about once a second, adds a bounded batch of
 * tallies to the day's game-use counters, the boards' rank statistics and the Dailies' results and deletes them, all in
 * one transaction. So a tally counts exactly once: a fold that fails or times out changes nothing
 * (its tallies stay for the next), and two folds at once read the same tallies, so Convex commits
 * one and re-runs the other, which finds them gone.
 */
import type { MutationCtx } from "../../_generated/server";
import { applyMoves } from "../boards/rank";
import { foldDailyEnds, type DailyRoundEnd } from "../daily/results";
import type { ScoreMove } from "./tally";

/** Tallies one fold adds up at most: well within a transaction's limits (reads and writes). */
export const FOLD_BATCH = 2_000;
/**
 * A fold takes tallies inserted at least this long before it starts: a newer one could still be
 * in a player's transaction, and reading up to the newest would make every insert conflict with
 * the fold. One inserted late with an older time is not lost: each fold starts from the oldest.
 */
export const FOLD_SETTLE_MS = 1_000;

export type FoldResult = { folded: number; more: boolean };

type Counts = { sessions: number; guesses: number; correctGuesses: number; dailyAnime: number };

/** Folds up to `limit` of the tallies inserted before `before`, oldest first. */
export async function foldTallies(
  ctx: MutationCtx,
  before: number,
  limit = FOLD_BATCH,
): Promise<FoldResult> {
  const tallies = await ctx.db
    .query("tallies")
    .withIndex("by_creation_time", (q) => q.lt("_creationTime", before))
    .take(limit);
  const days = new Map<string, Counts>();
  const boards = new Map<string, ScoreMove[]>();
  const dailyEnds: DailyRoundEnd[] = [];
  for (const tally of tallies) {
    const counts = days.get(tally.day) ?? {
      sessions: 0,
      guesses: 0,
      correctGuesses: 0,
      dailyAnime: 0,
    };
    if (tally.daily !== undefined) {
      dailyEnds.push(tally.daily);
      counts.dailyAnime += 1;
    }
    counts.sessions += tally.sessions ?? 0;
    counts.guesses += tally.guesses ?? 0;
    counts.correctGuesses += tally.correctGuesses ?? 0;
    days.set(tally.day, counts);
    for (const move of tally.moves ?? []) {
      boards.set(move.board, [...(boards.get(move.board) ?? []), move]);
    }
  }
  for (const [day, counts] of days) await addToDay(ctx, day, counts);
  for (const [board, moves] of boards) await applyMoves(ctx, board, moves);
  if (dailyEnds.length > 0) await foldDailyEnds(ctx, dailyEnds);
  for (const tally of tallies) await ctx.db.delete("tallies", tally._id);
  return { folded: tallies.length, more: tallies.length === limit };
}

/** Adds to a day's counters: the fold's own document of the day (shard 0). */
async function addToDay(ctx: MutationCtx, day: string, counts: Counts): Promise<void> {
  if (counts.sessions + counts.guesses + counts.correctGuesses + counts.dailyAnime === 0) return;
  const doc = await ctx.db
    .query("gameDailyStats")
    .withIndex("by_day_and_shard", (q) => q.eq("day", day).eq("shard", 0))
    .unique();
  if (doc === null) {
    await ctx.db.insert("gameDailyStats", { day, shard: 0, ...counts });
    return;
  }
  await ctx.db.patch("gameDailyStats", doc._id, {
    sessions: doc.sessions + counts.sessions,
    guesses: doc.guesses + counts.guesses,
    correctGuesses: doc.correctGuesses + counts.correctGuesses,
    dailyAnime: (doc.dailyAnime ?? 0) + counts.dailyAnime,
  });
}
