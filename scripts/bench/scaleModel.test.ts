// The scale bench's own model (scaleModel.ts, scaleBudgets.mjs): each limit and check fails
// where it should, on recorded calls made by hand.
import { describe, expect, test } from "vitest";
import type { CallRecord, IndexFields } from "../../testing/convex/concurrency/readWriteSets";
import { seededRandom } from "../../testing/convex/concurrency/seeded";
import {
  admitUnderCap,
  foldMeetsNewTallies,
  jobsWritingPlayersReads,
  midnightCalls,
  simulateFold,
  startGapOf,
  unrecordedWrites,
  type FoldWork,
} from "./scaleModel";
import { missedScaleBudgets } from "./scaleBudgets.mjs";

const fields: IndexFields = (table, index) => {
  if (index === "by_creation_time") return ["_creationTime"];
  if (index === "by_id") return ["_id"];
  if (table === "games" && index === "by_user") return ["userId"];
  if (table === "tallies" && index === "by_shard") return ["shard", "_creationTime"];
  throw new Error(`no index ${table}.${index}`);
};

function record(name: string, parts: Partial<CallRecord>): CallRecord {
  return {
    name,
    args: "{}",
    caller: null,
    usesIdentity: false,
    reads: [],
    writes: [],
    scheduled: [],
    ...parts,
  };
}

const doc = (table: string, id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  _creationTime: 1_000,
  ...extra,
  table,
});

describe("the deployment's cap", () => {
  test("a time zone's pages all calling at the same instant go past the cap and are refused", () => {
    const calls = midnightCalls(4_000, 0, seededRandom(1));
    const result = admitUnderCap(
      calls.map((at) => ({ at, kind: "game.sync", durationMs: 25 })),
      256,
    );
    expect(result.peakDemand).toBe(4_000);
    expect(result.refused["game.sync"]).toBe(4_000 - 256);
  });

  test("spread over 2 s, the same pages stay within it: none refused", () => {
    const calls = midnightCalls(4_000, 2_000, seededRandom(1));
    const result = admitUnderCap(
      calls.map((at) => ({ at, kind: "game.sync", durationMs: 25 })),
      256,
    );
    expect(result.peakDemand).toBeLessThan(256);
    expect(result.refused).toEqual({});
    expect(result.admitted.size).toBe(4_000);
  });
});

describe("the fold's pace", () => {
  // A lane run that gathered 2,000 tallies: about what the real one reads and writes.
  const lane: FoldWork = {
    talliesFolded: 2_000,
    documentsRead: 2_002,
    bytesRead: 600_000,
    documentsWritten: 2_002,
    bytesWritten: 80_000,
    startGapMs: 0,
  };
  // An apply of those 2,000 (the counters, the boards' statistics), and a publish.
  const apply: FoldWork = {
    talliesFolded: 2_000,
    documentsRead: 40,
    bytesRead: 200_000,
    documentsWritten: 40,
    bytesWritten: 200_000,
    startGapMs: null,
  };
  const publish: FoldWork = { ...apply, talliesFolded: 1 };
  const parts = { lane, apply, publish };
  const chain = {
    shards: 8,
    batch: 2_000,
    applyBatches: 8,
    settleMs: 1_000,
    everyMs: 1_000,
    publishEveryMs: 10_000,
    seconds: 600,
  };
  // 10,000 correct guesses a second put down about 32,500 tallies.
  const busiest = 32_500;

  test("lanes that walk their tallies from their start step over the deleted ones and fall behind", () => {
    const pace = simulateFold({ ...parts, lane: { ...lane, startGapMs: null } }, busiest, chain);
    expect(pace.lastDeadEntries).toBeGreaterThan(100_000);
    expect(pace.bounded).toBe(false);
    expect(pace.foldLagMs).toBeGreaterThan(3_000);
  });

  test("lanes that start where they stopped keep up, the lag within 3 s", () => {
    const pace = simulateFold(parts, busiest, chain);
    expect(pace.lastDeadEntries).toBe(0);
    expect(pace.bounded).toBe(true);
    expect(pace.foldLagMs).toBeLessThanOrEqual(3_000);
    expect(pace.publishRunsPerSecond).toBeCloseTo(0.1, 2);
  });

  test("one lane where eight kept up falls behind: its runs are serial", () => {
    const pace = simulateFold(parts, busiest, { ...chain, shards: 1 });
    expect(pace.bounded).toBe(false);
  });

  test("the apply is one serial writer: lanes do not help when it cannot keep up", () => {
    // Adding up 2,000 tallies takes ~500 ms: 16 batches a second need 8 s a second.
    const slow = { ...apply, documentsRead: 25_000, documentsWritten: 12_000 };
    const pace = simulateFold({ ...parts, apply: slow }, busiest, chain);
    expect(pace.applyBusy).toBeGreaterThan(0.99);
    expect(pace.bounded).toBe(false);
    expect(pace.foldLagMs).toBeGreaterThan(3_000);
    // The same apply keeps up with a tenth of the tallies.
    expect(simulateFold({ ...parts, apply: slow }, busiest / 10, chain).bounded).toBe(true);
  });

  test("where a lane's walk starts comes from its shard's range's lower bound", () => {
    const range = (prefix: unknown[], lower?: number) =>
      ({
        kind: "range",
        table: "tallies",
        index: "by_shard",
        prefix,
        order: "asc",
        ...(lower === undefined ? {} : { lower: { value: lower, inclusive: true } }),
      }) as const;
    const walk = (...reads: ReturnType<typeof range>[]) =>
      record("tallies:fold", { reads: reads as CallRecord["reads"] }).reads;
    expect(startGapOf(walk(range([3])), 5_000)).toBeNull();
    expect(startGapOf(walk(range([3], 4_990)), 5_000)).toBe(10);
    // Lane 0's read of the tallies from before lanes (no shard) does not count.
    expect(startGapOf(walk(range([undefined]), range([0], 4_990)), 5_000)).toBe(10);
  });
});

describe("the recordings are checked", () => {
  const tally = doc("tallies", "t1");

  test("an insert the recording missed is flagged", () => {
    const inserted = record("game.guess", {
      writes: [{ table: "tallies", id: "t1", before: null, after: tally }],
    });
    expect(unrecordedWrites({ tallies: 5 }, { tallies: 6 }, inserted)).toEqual([]);
    const missed = record("game.guess", { writes: [] });
    expect(unrecordedWrites({ tallies: 5 }, { tallies: 6 }, missed)).toEqual(["tallies"]);
  });

  test("a lane without its settle bound meets the tallies players put down meanwhile", () => {
    const player = record("game.guess", {
      caller: "u1",
      writes: [
        { table: "tallies", id: "t9", before: null, after: doc("tallies", "t9", { shard: 3 }) },
      ],
    });
    // Lane 3 from its cursor: up to the newest tallies, or short of those not yet settled.
    const range = {
      kind: "range" as const,
      table: "tallies",
      index: "by_shard",
      prefix: [3],
      lower: { value: 900, inclusive: true },
      order: "asc" as const,
    };
    const unbounded = record("tallies:fold", { reads: [range] });
    const settled = record("tallies:fold", {
      reads: [{ ...range, upper: { value: 50_000, inclusive: false } }],
    });
    expect(foldMeetsNewTallies(unbounded, [player], fields)).toBe(true);
    expect(foldMeetsNewTallies(settled, [player], fields)).toBe(false);
  });

  test("a cron that writes what players read is named; one writing only its own rows is not", () => {
    const player = record("game.next", {
      caller: "u1",
      reads: [{ kind: "document", table: "anime", id: "a1" }],
    });
    const rewritesAnime = record("catalogue:refreshDaily", {
      writes: [{ table: "anime", id: "a1", before: doc("anime", "a1"), after: doc("anime", "a1") }],
    });
    const ownRows = record("admin:cleanupClaims", {
      writes: [{ table: "adminClaims", id: "c1", before: doc("adminClaims", "c1"), after: null }],
    });
    expect(jobsWritingPlayersReads([rewritesAnime, ownRows], [player], fields)).toEqual([
      "catalogue:refreshDaily",
    ]);
  });
});

test("a missed budget is named, so the bench fails", () => {
  const met = {
    failedGuessRate: 0,
    failedRoomGuessRate: 0,
    rankRunsPerCorrectGuess: 0.002,
    bytesWrittenPerCorrectGuess: 2_551,
    pendingJobsPerMillionPlayers: 0,
    maxJobsDueAtOnce: 0,
    failedCallRate: 0,
    foldPace: {
      1000: { foldLagMs: 2_100, bounded: true },
      3000: { foldLagMs: 2_100, bounded: true },
      10000: { foldLagMs: 2_100, bounded: true },
    },
    pushedBytesPerSecond: { "leaderboard.ranks (all)": 1_000_000 },
    midnight: { peakInFlight: 200 },
    model: { cap: 256 },
  };
  expect(missedScaleBudgets(met)).toEqual([]);
  expect(missedScaleBudgets({ ...met, failedCallRate: 0.01 })).toEqual(["failedCallRate"]);
  expect(missedScaleBudgets({ ...met, midnight: { peakInFlight: 4_000 } })).toEqual([
    "midnightPeakInFlight",
  ]);
  const { pushedBytesPerSecond: _, ...unmeasured } = met;
  expect(missedScaleBudgets(unmeasured)).toEqual(["pushedBytesPerSecond:leaderboard.ranks"]);
});
