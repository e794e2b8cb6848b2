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
  // A run that folded 2,000 tallies: about what the real one reads and writes.
  const work: FoldWork = {
    talliesFolded: 2_000,
    documentsRead: 2_010,
    bytesRead: 600_000,
    documentsWritten: 2_010,
    bytesWritten: 80_000,
    startGapMs: null,
  };
  const chain = { batch: 2_000, settleMs: 1_000, everyMs: 1_000, seconds: 600 };

  test("a fold that walks the tallies from the index start steps over the deleted ones and falls behind", () => {
    const pace = simulateFold(work, 3_250, chain);
    expect(pace.lastDeadEntries).toBeGreaterThan(100_000);
    expect(pace.bounded).toBe(false);
    expect(pace.foldLagMs).toBeGreaterThan(3_000);
  });

  test("one that starts where it stopped keeps up, its lag within 3 s", () => {
    const pace = simulateFold({ ...work, startGapMs: 0 }, 3_250, chain);
    expect(pace.lastDeadEntries).toBe(0);
    expect(pace.bounded).toBe(true);
    expect(pace.foldLagMs).toBeLessThanOrEqual(3_000);
  });

  test("where the walk starts comes from the recorded range's lower bound", () => {
    const walk = (lower?: number) =>
      record("tallies:fold", {
        reads: [
          {
            kind: "range",
            table: "tallies",
            index: "by_creation_time",
            prefix: [],
            order: "asc",
            ...(lower === undefined ? {} : { lower: { value: lower, inclusive: false } }),
          },
        ],
      }).reads;
    expect(startGapOf(walk(), 5_000)).toBeNull();
    expect(startGapOf(walk(4_990), 5_000)).toBe(10);
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

  test("a fold without its settle bound meets the tallies players put down meanwhile", () => {
    const player = record("game.guess", {
      caller: "u1",
      writes: [{ table: "tallies", id: "t9", before: null, after: doc("tallies", "t9") }],
    });
    const range = {
      kind: "range" as const,
      table: "tallies",
      index: "by_creation_time",
      prefix: [],
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
