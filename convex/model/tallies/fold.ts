/**
 * The fold, first half: a lane gathers its shard's tallies. Players' calls insert tallies
 * (record.ts) and never read or write a shared document; each of FOLD_SHARDS lanes (shard.ts)
 * takes a bounded batch of its shard's settled tallies, oldest first, adds them up into one
 * `foldBatches` document and deletes them, and moves its cursor past them, all in one
 * transaction. The apply (apply.ts), the one writer of the shared figures, adds the batches up.
 *
 * Exactly once: a run that fails or times out changes nothing (its tallies stay for the next);
 * two runs of a lane at once read and write the lane's cursor, so Convex commits one and re-runs
 * the other, which finds them gone; lanes never share a tally.
 *
 * The cursor: a lane reads its shard from the creation time of the last tally it took, never
 * from the index's start, so it never steps over the deleted entries Convex keeps for minutes of
 * the tallies it already took. That is safe because of the settle bound: a run takes only
 * tallies made FOLD_SETTLE_MS before it starts, by when every transaction that could still put
 * one down with an older time has ended (a mutation runs for at most a second); a tally put
 * down out of order within that time is still ahead of the cursor.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { applyBatches, publishMoved } from "./apply";
import { allShards } from "./shard";
import type { Batch, DayCounts } from "./tally";

/** Tallies one run of a lane takes at most: well within a transaction's limits. */
export const FOLD_BATCH = 2_000;
/**
 * A run takes tallies inserted at least this long before it starts: a newer one could still be
 * in a player's transaction, and reading up to the newest would make every insert conflict with
 * the fold, or be passed by the cursor before it committed.
 */
export const FOLD_SETTLE_MS = 1_000;

/** What a run gathered: how many tallies, whether a full batch (more wait), its batch's number. */
export type GatherResult = { folded: number; more: boolean; batch: number | null };

async function cursorOf(ctx: MutationCtx, shard: number) {
  return await ctx.db
    .query("foldCursors")
    .withIndex("by_shard", (q) => q.eq("shard", shard))
    .unique();
}

/** Where lane `shard` stopped: the creation time of the last tally it took (undefined: none). */
export async function cursorAt(ctx: MutationCtx, shard: number): Promise<number | undefined> {
  return (await cursorOf(ctx, shard))?.after;
}

/**
 * Up to `limit` tallies of `shard` made before `before`, oldest first, from `after` on (inclusive:
 * a tally made at the same instant as the last one taken may have been left by a full batch).
 * Lane 0 also takes the tallies put down before there were lanes (no shard), first.
 */
async function settledTallies(
  ctx: MutationCtx,
  shard: number,
  after: number | undefined,
  before: number,
  limit: number,
) {
  const legacy =
    shard === 0
      ? await ctx.db
          .query("tallies")
          .withIndex("by_shard", (q) => q.eq("shard", undefined).lt("_creationTime", before))
          .take(limit)
      : [];
  if (legacy.length === limit) return { legacy, sharded: [] };
  const sharded = await ctx.db
    .query("tallies")
    .withIndex("by_shard", (q) =>
      after === undefined
        ? q.eq("shard", shard).lt("_creationTime", before)
        : q.eq("shard", shard).gte("_creationTime", after).lt("_creationTime", before),
    )
    .take(limit - legacy.length);
  return { legacy, sharded };
}

/** Adds up tallies into a batch: counts by day, each board's moves in order, the Daily ends. */
export function batchOf(tallies: Doc<"tallies">[]): Batch {
  const days = new Map<string, DayCounts>();
  const moves = new Map<string, number[]>();
  const dailyEnds: Batch["dailyEnds"] = [];
  for (const tally of tallies) {
    const counts = days.get(tally.day) ?? {
      day: tally.day,
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
      const scores = moves.get(move.board) ?? [];
      scores.push(move.from, move.to);
      moves.set(move.board, scores);
    }
  }
  return {
    tallies: tallies.length,
    days: [...days.values()],
    moves: [...moves].map(([board, scores]) => ({ board, scores })),
    dailyEnds,
  };
}

/**
 * One run of lane `shard`: gathers up to `limit` of its tallies made before `before` into its
 * next batch, deletes them and moves its cursor. Returns the batch's number (null: none waited).
 */
export async function gatherShard(
  ctx: MutationCtx,
  shard: number,
  before: number,
  limit = FOLD_BATCH,
): Promise<GatherResult> {
  const cursor = await cursorOf(ctx, shard);
  const { legacy, sharded } = await settledTallies(ctx, shard, cursor?.after, before, limit);
  const tallies = [...legacy, ...sharded];
  if (tallies.length === 0) return { folded: 0, more: false, batch: null };
  const seq = cursor?.seq ?? 0;
  await ctx.db.insert("foldBatches", { shard, seq, ...batchOf(tallies) });
  for (const tally of tallies) await ctx.db.delete("tallies", tally._id);
  const fields = { after: sharded.at(-1)?._creationTime ?? cursor?.after, seq: seq + 1 };
  if (cursor === null) await ctx.db.insert("foldCursors", { shard, ...fields });
  else await ctx.db.patch("foldCursors", cursor._id, fields);
  return { folded: tallies.length, more: tallies.length === limit, batch: seq };
}

/**
 * Every lane's run and the apply of what it gathered, and the ranks published, in one
 * transaction: what the figures show once the fold has caught up (tests' `foldAll`, the
 * in-process backend, the benches). Takes up to `limit` tallies per lane.
 */
export async function foldTallies(
  ctx: MutationCtx,
  before: number,
  limit = FOLD_BATCH,
): Promise<{ folded: number; more: boolean }> {
  let folded = 0;
  let more = false;
  for (const shard of allShards()) {
    const gathered = await gatherShard(ctx, shard, before, limit);
    folded += gathered.folded;
    more ||= gathered.more;
    // Its batches not applied yet too (a chain's, whose apply job has not run).
    while ((await applyBatches(ctx, shard, Number.MAX_SAFE_INTEGER, Date.now())).more);
  }
  await publishMoved(ctx, Date.now());
  return { folded, more };
}
