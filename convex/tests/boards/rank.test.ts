// The rank at any scale: exact while fewer than RANK_EXACT_LIMIT players are ahead, an estimate
// said to be one beyond, from two documents (the player's entry, the board's statistics) with
// 100, 10,000 and 100,000 players.
import { describe, expect, test } from "vitest";
import type { Id } from "../../_generated/dataModel";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { testUser } from "../../../testing/fixtures/users";
import { countingCtx, newCounts } from "../../../scripts/bench/countingCtx";
import { foldAll } from "../../../testing/world";
import { ALL_TIME, ownEntryOn, syncAllTime } from "../../model/boards/board";
import { readRanks, statsOf } from "../../model/boards/rank";
import {
  bucketOf,
  emptyStats,
  mergeStats,
  moveScore,
  rankOf,
  removeScore,
  type RankStats,
} from "../../model/shared/rank";
import { RANK_EXACT_LIMIT } from "../../model/shared/rules";

const MAX_READS = 2;

/** Deterministic pseudo-random numbers, so a failure replays. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
    return seed / 4_294_967_296;
  };
}

/** Scores as a real board has them: multiples of 50, many small, few large, many tied. */
function scoresFor(players: number, seed = 7): number[] {
  const next = random(seed);
  return Array.from({ length: players }, () => 50 * Math.ceil(2000 * next() ** 3 + next() * 3));
}

/** The true rank of `score`: 1 + the players with more points. */
function trueRank(sorted: number[], score: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] > score) low = mid + 1;
    else high = mid;
  }
  return low + 1;
}

describe("the rank statistics (pure)", () => {
  test("keep exactly the best `cap` scores of the board as scores rise", () => {
    const next = random(3);
    const cap = 5;
    const scores = new Array<number>(30).fill(0);
    let stats = emptyStats();
    for (let step = 0; step < 500; step++) {
      const who = Math.floor(next() * scores.length);
      const to = scores[who] + 50 * (1 + Math.floor(next() * 3));
      stats = moveScore(stats, scores[who], to, cap);
      scores[who] = to;
      const onBoard = scores.filter((s) => s > 0).sort((a, b) => b - a);
      expect(stats.top).toEqual(onBoard.slice(0, cap));
      expect(stats.players).toBe(onBoard.length);
      expect(stats.buckets.reduce((a, b) => a + b, 0)).toBe(onBoard.length);
    }
  });

  test("refuse a falling score, and change nothing for an equal one", () => {
    const stats = moveScore(emptyStats(), 0, 100);
    expect(() => moveScore(stats, 100, 50)).toThrow(/cannot fall/);
    expect(moveScore(stats, 100, 100)).toBe(stats);
  });

  test("a player without points ranks after everyone with some, exactly", () => {
    const stats = moveScore(moveScore(emptyStats(), 0, 100), 0, 100);
    expect(rankOf(stats, 0)).toEqual({
      rank: 3,
      exact: true,
      players: 2,
      topPercent: null,
    });
  });

  test("an estimate is never better than the players known to be ahead", () => {
    // A full list, all far above: the exact count is already the cap.
    let full: RankStats = emptyStats();
    for (let i = 0; i < 4; i++) full = moveScore(full, 0, 10_000, 4);
    full = moveScore(full, 0, 100, 4);
    const rank = rankOf(full, 100, 2);
    expect(rank.exact).toBe(false);
    expect(rank.rank).toBeGreaterThanOrEqual(3);
    expect(rank.topPercent).toBe(100);
  });

  test("a player who leaves the board leaves its count, its buckets and its best scores", () => {
    let stats = emptyStats();
    for (const score of [300, 200, 200, 100]) stats = moveScore(stats, 0, score);
    const left = removeScore(stats, 200);
    expect(left.players).toBe(3);
    expect(left.top).toEqual([300, 200, 100]);
    expect(left.buckets.reduce((a, b) => a + b, 0)).toBe(3);
    expect(rankOf(left, 150)).toMatchObject({ rank: 3, exact: true });
    expect(removeScore(emptyStats(), 100)).toEqual(emptyStats());
  });

  test("a score newer than the statistics still ranks within the board", () => {
    // The player's own points show at once; the statistics catch up at the fold's pace.
    const stats = moveScore(emptyStats(), 0, 300);
    expect(rankOf(stats, 500)).toEqual({ rank: 1, exact: true, players: 1, topPercent: null });
    expect(rankOf(stats, 200)).toEqual({ rank: 2, exact: true, players: 2, topPercent: null });
  });

  test("old boards' shards merge into the same statistics as one list", () => {
    const next = random(11);
    const scores = Array.from({ length: 300 }, () => 50 * (1 + Math.floor(next() * 40)));
    const parts = [0, 1, 2].map((part) =>
      statsOf(scores.filter((_, i) => i % 3 === part).slice(0, 100)),
    );
    const merged = mergeStats(parts, 50);
    const all = statsOf(scores.filter((_, i) => i < 300));
    expect(merged.players).toBe(all.players);
    expect(merged.buckets).toEqual(all.buckets);
    expect(merged.top).toEqual(all.top.slice(0, 50));
  });

  test("buckets are stable", () => {
    expect(bucketOf(100)).toBeLessThan(bucketOf(110));
    expect(bucketOf(100)).toBe(bucketOf(100.0001));
  });
});

type Board = { t: TestConvex; scores: number[]; sorted: number[]; ids: Map<number, Id<"users">> };

/**
 * `players` players on the all-time board. The `documented` ones (all by default) get a user
 * document, put on the board as the backfill does (entry, and statistics through the fold); the
 * others go straight into the statistics: ranking a few of 100,000 players needs the statistics
 * and their own entries only.
 */
async function board(players: number, documented?: number[]): Promise<Board> {
  const t = newBackend();
  const scores = scoresFor(players);
  const withDocument = documented ?? scores.map((_, i) => i);
  const ids = new Map<number, Id<"users">>();
  await t.run(async (ctx) => {
    for (const i of withDocument) {
      const id = await ctx.db.insert("users", testUser(`p${i}`, { score: scores[i] }));
      ids.set(i, id);
      await syncAllTime(ctx, (await ctx.db.get("users", id))!);
    }
  });
  if (withDocument.length < players) {
    // The tallies of the documented players are left out: the statistics hold every score.
    await t.run(async (ctx) => {
      for (const tally of await ctx.db.query("tallies").take(1_000)) {
        await ctx.db.delete("tallies", tally._id);
      }
      await ctx.db.insert("boardRanks", { board: ALL_TIME, ...statsOf(scores) });
    });
  }
  await foldAll(t);
  return { t, scores, sorted: [...scores].sort((a, b) => b - a), ids };
}

/** The player's standing on the all-time board as their screen works it out, and the reads. */
async function measuredStanding({ t, ids }: Board, index: number) {
  const counts = newCounts();
  const standing = await t.run(async (raw) => {
    const { ctx } = countingCtx(raw, counts);
    const own = await ownEntryOn(ctx, ALL_TIME, { _id: ids.get(index)!, username: `p${index}` });
    return { ...own, ...rankOf(await readRanks(ctx, ALL_TIME), own.score) };
  });
  return { standing, reads: counts.reads };
}

/** Checks the standing of players `sample` on `b`: exact within the limit, a fair estimate beyond. */
async function expectRanks(b: Board, sample: number[]) {
  let estimates = 0;
  for (const index of sample) {
    const score = b.scores[index];
    const { standing, reads } = await measuredStanding(b, index);
    expect(reads).toBeLessThanOrEqual(MAX_READS);
    expect(standing.score).toBe(score);
    expect(standing.players).toBe(b.scores.length);
    const truth = trueRank(b.sorted, score);
    // Exact for the top RANK_EXACT_LIMIT, and wherever the statistics still hold every score.
    if (truth <= RANK_EXACT_LIMIT) expect(standing.exact, `p${index} at ${score}`).toBe(true);
    if (standing.exact) {
      expect(standing, `p${index} at ${score}`).toMatchObject({ rank: truth, topPercent: null });
      continue;
    }
    estimates += 1;
    // Honest: between the first and the last place of the players in the same score bucket.
    const bucket = bucketOf(score);
    const first = 1 + b.sorted.filter((s) => bucketOf(s) > bucket).length;
    const last = b.sorted.filter((s) => bucketOf(s) >= bucket).length;
    expect(standing.rank).toBeGreaterThanOrEqual(first);
    expect(standing.rank).toBeLessThanOrEqual(last);
    expect(Math.abs(standing.rank - truth) / truth).toBeLessThan(0.1);
    const percent = Math.ceil((truth / b.scores.length) * 100);
    expect(Math.abs(standing.topPercent! - percent)).toBeLessThanOrEqual(5);
  }
  return estimates;
}

/** Players across the board: the best, the ranks around the limit, the middle, the last. */
function sampleOf(scores: number[]): number[] {
  const byRank = scores.map((score, index) => ({ score, index })).sort((x, y) => y.score - x.score);
  const count = scores.length;
  const ranks = [1, 2, 10, 500, 990, 1000, 1001, 1010, 2000, 5000, Math.floor(count / 2), count];
  return [...new Set(ranks.filter((r) => r <= count).map((rank) => byRank[rank - 1].index))];
}

describe("a player's rank at scale", () => {
  test("100 players: exact, from two documents", async () => {
    const b = await board(100);
    expect(await expectRanks(b, sampleOf(b.scores))).toBe(0);
  });

  test("10,000 players: exact for the top 1,000, a fair estimate beyond, two documents", async () => {
    const sample = sampleOf(scoresFor(10_000));
    const b = await board(10_000, sample);
    expect(await expectRanks(b, sample)).toBeGreaterThan(0);
  });

  test("100,000 players: exact for the top 1,000, a fair estimate beyond, two documents", async () => {
    const sample = sampleOf(scoresFor(100_000));
    const b = await board(100_000, sample);
    expect(await expectRanks(b, sample)).toBeGreaterThan(0);
  });
});
