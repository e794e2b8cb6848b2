/**
 * The fold, second half: the apply, the one writer of the shared figures. Each batch a lane
 * gathered (fold.ts) is added to the day's game-use counters, the boards' rank statistics and the
 * Dailies' results, and deleted, in one transaction, in its shard's order (`foldApplied.next`):
 * a player's moves are all in one shard, so they reach the boards in the order they were made.
 *
 * A lane's run that gathered batch n schedules the apply of its shard up to n. Batches up to n
 * are committed (the lane numbers them one run after another), so the apply reads only those and
 * never conflicts with a lane gathering the next; applies of different lanes write the same
 * figures, so Convex runs them one after another. An apply that finds its batch applied already
 * (a later one took it) does nothing.
 *
 * It also keeps which boards moved since their ranks were last published, and schedules one
 * publish (snapshot.ts) at most every RANKS_PUBLISH_MS while boards move.
 */
import type { MutationCtx } from "../../_generated/server";
import { applyMoves } from "../boards/rank";
import { publishRanks } from "../boards/snapshot";
import { foldDailyEnds, type DailyRoundEnd } from "../daily/results";
import { RANKS_PUBLISH_MS } from "../shared/rules";
import type { DayCounts, ScoreMove } from "./tally";

/** Batches one apply takes at most (each holds up to FOLD_BATCH tallies' worth). */
export const APPLY_BATCHES = 8;

export async function appliedState(ctx: MutationCtx) {
  return await ctx.db.query("foldApplied").first();
}

/** The number of `shard`'s next batch to apply. */
export function nextBatchOf(
  state: Awaited<ReturnType<typeof appliedState>>,
  shard: number,
): number {
  return state?.next[shard] ?? 0;
}

/** What an apply did: batches applied, whether more of them wait, when a publish is due (ms). */
export type ApplyResult = { applied: number; more: boolean; publishIn: number | null };

/**
 * Applies `shard`'s batches from the next not applied up to number `upTo` (at most
 * APPLY_BATCHES of them) at `now`.
 */
export async function applyBatches(
  ctx: MutationCtx,
  shard: number,
  upTo: number,
  now: number,
): Promise<ApplyResult> {
  const state = await appliedState(ctx);
  const from = nextBatchOf(state, shard);
  if (from > upTo) return { applied: 0, more: false, publishIn: null };
  const batches = await ctx.db
    .query("foldBatches")
    .withIndex("by_shard_and_seq", (q) => q.eq("shard", shard).gte("seq", from).lte("seq", upTo))
    .take(APPLY_BATCHES);
  if (batches.length === 0) return { applied: 0, more: false, publishIn: null };

  const days = new Map<string, DayCounts>();
  const moves = new Map<string, Pick<ScoreMove, "from" | "to">[]>();
  const dailyEnds: DailyRoundEnd[] = [];
  for (const batch of batches) {
    for (const counts of batch.days) {
      const sum = days.get(counts.day);
      days.set(
        counts.day,
        sum === undefined
          ? { ...counts }
          : {
              day: counts.day,
              sessions: sum.sessions + counts.sessions,
              guesses: sum.guesses + counts.guesses,
              correctGuesses: sum.correctGuesses + counts.correctGuesses,
              dailyAnime: sum.dailyAnime + counts.dailyAnime,
            },
      );
    }
    for (const { board, scores } of batch.moves) {
      const list = moves.get(board) ?? [];
      for (let i = 0; i + 1 < scores.length; i += 2)
        list.push({ from: scores[i], to: scores[i + 1] });
      moves.set(board, list);
    }
    dailyEnds.push(...batch.dailyEnds);
  }
  for (const counts of days.values()) await addToDay(ctx, counts);
  for (const [board, list] of moves) await applyMoves(ctx, board, list);
  if (dailyEnds.length > 0) await foldDailyEnds(ctx, dailyEnds);
  for (const batch of batches) await ctx.db.delete("foldBatches", batch._id);

  const next = [...(state?.next ?? [])];
  while (next.length <= shard) next.push(0);
  next[shard] = batches[batches.length - 1].seq + 1;
  const boards = [...new Set([...(state?.boards ?? []), ...moves.keys()])];
  // One publish scheduled at a time, RANKS_PUBLISH_MS after the last.
  let publishAt = state?.publishAt;
  let publishIn: number | null = null;
  if (moves.size > 0 && publishAt === undefined) {
    publishAt = Math.max(now, (state?.publishedAt ?? 0) + RANKS_PUBLISH_MS);
    publishIn = publishAt - now;
  }
  const fields = { next, boards, publishAt, publishedAt: state?.publishedAt };
  if (state === null) await ctx.db.insert("foldApplied", fields);
  else await ctx.db.patch("foldApplied", state._id, fields);
  return {
    applied: batches.length,
    more: batches.length === APPLY_BATCHES && next[shard] <= upTo,
    publishIn,
  };
}

/**
 * Publishes the ranks of the boards moved since the last publish (the job the apply scheduled).
 * Returns how many; with none, writes nothing.
 */
export async function publishMoved(ctx: MutationCtx, now: number): Promise<number> {
  const state = await appliedState(ctx);
  if (state === null || (state.boards.length === 0 && state.publishAt === undefined)) return 0;
  await publishRanks(ctx, state.boards, now);
  await ctx.db.patch("foldApplied", state._id, {
    boards: [],
    publishAt: undefined,
    publishedAt: state.boards.length > 0 ? now : state.publishedAt,
  });
  return state.boards.length;
}

/** Adds to a day's counters: the fold's own document of the day (shard 0). */
async function addToDay(ctx: MutationCtx, { day, ...counts }: DayCounts): Promise<void> {
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

/**
 * The watch's part (a cron every few minutes): the shards whose next batch has waited
 * `stalledMs` unapplied (its apply job lost, or failing), and whether a publish is that late.
 * Idle, 1 + FOLD_SHARDS reads.
 */
export async function stalledApplies(
  ctx: MutationCtx,
  shards: number[],
  now: number,
  stalledMs: number,
): Promise<{ shards: number[]; publish: boolean }> {
  const state = await appliedState(ctx);
  const stalled: number[] = [];
  for (const shard of shards) {
    const waiting = await ctx.db
      .query("foldBatches")
      .withIndex("by_shard_and_seq", (q) =>
        q.eq("shard", shard).gte("seq", nextBatchOf(state, shard)),
      )
      .first();
    if (waiting !== null && now - waiting._creationTime >= stalledMs) stalled.push(shard);
  }
  const publishAt = state?.publishAt;
  return { shards: stalled, publish: publishAt !== undefined && now - publishAt >= stalledMs };
}
