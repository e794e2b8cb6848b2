import { describe, expect, test } from "vitest";
import type { GenericDocument } from "convex/server";
import {
  bytesWritten,
  inRange,
  poissonTimes,
  privateIds,
  queryRunsCaused,
  replayOcc,
  touches,
  type Arrival,
} from "./occ";
import { seededRandom } from "./seeded";
import { newRecord, type CallRecord, type IndexFields, type RangeRead } from "./readWriteSets";

const fields: IndexFields = (_table, index) =>
  index === "by_board_and_score" ? ["board", "score"] : index === "by_id" ? ["_id"] : [];

const seeded = (seed = 7) => seededRandom(seed);

function doc(id: string, fieldsOf: Record<string, unknown> = {}): GenericDocument {
  return { _id: id, _creationTime: 1, ...fieldsOf };
}

/** A mutation every caller runs on one counter document: the model must find it hot. */
function counterIncrement(caller: string): CallRecord {
  const record = newRecord("counter.increment", caller);
  record.reads.push({ kind: "document", table: "counters", id: "counter" });
  record.writes.push({
    table: "counters",
    id: "counter",
    before: doc("counter", { value: 1 }),
    after: doc("counter", { value: 2 }),
  });
  return record;
}

/** A mutation that reads and writes only the caller's own document. */
function ownRowUpdate(caller: string): CallRecord {
  const record = newRecord("own.update", caller);
  record.reads.push({ kind: "document", table: "users", id: caller });
  record.writes.push({ table: "users", id: caller, before: doc(caller), after: doc(caller) });
  return record;
}

function arrivalsOf(make: (caller: string) => CallRecord, perSecond: number, seconds: number) {
  const random = seeded();
  const samples = Array.from({ length: 50 }, (_, i) => make(`user${i}`));
  const times = poissonTimes(perSecond, seconds, random);
  const arrivals: Arrival[] = times.map((at, i) => ({
    at,
    kind: samples[0].name,
    record: samples[i % samples.length],
    instance: i + 1,
  }));
  return { arrivals, ids: privateIds(samples), random };
}

describe("the concurrency model", () => {
  test("flags a deliberately hot counter: most calls fail at 1,000 per second", () => {
    const { arrivals, ids, random } = arrivalsOf(counterIncrement, 1_000, 2);
    const result = replayOcc(arrivals, { runMs: 25, fields, privateIds: ids, random });
    const { calls, failed } = result["counter.increment"];
    expect(calls).toBeGreaterThan(1_800);
    expect(failed / calls).toBeGreaterThan(0.5);
  });

  test("a counter called rarely conflicts rarely and never fails", () => {
    const { arrivals, ids, random } = arrivalsOf(counterIncrement, 2, 60);
    const result = replayOcc(arrivals, { runMs: 25, fields, privateIds: ids, random });
    expect(result["counter.increment"].failed).toBe(0);
  });

  test("players writing only their own documents never conflict, however many", () => {
    const { arrivals, ids, random } = arrivalsOf(ownRowUpdate, 5_000, 1);
    const result = replayOcc(arrivals, { runMs: 25, fields, privateIds: ids, random });
    expect(result["own.update"]).toMatchObject({ conflicts: 0, failed: 0 });
  });

  test("a retry after a conflict can succeed: conflicts exceed failures", () => {
    const { arrivals, ids, random } = arrivalsOf(counterIncrement, 40, 10);
    const result = replayOcc(arrivals, { runMs: 25, fields, privateIds: ids, random });
    const { conflicts, failed } = result["counter.increment"];
    expect(conflicts).toBeGreaterThan(0);
    expect(failed).toBeLessThan(conflicts);
  });

  test("the same recorded player on two arrivals is two players", () => {
    const record = ownRowUpdate("user0");
    const ids = privateIds([record]);
    const arrivals: Arrival[] = [
      { at: 0, kind: "own", record, instance: 1 },
      { at: 1, kind: "own", record, instance: 2 },
    ];
    const result = replayOcc(arrivals, { runMs: 25, fields, privateIds: ids, random: seeded() });
    expect(result.own.conflicts).toBe(0);
    // ...while the very same instance twice conflicts.
    const again = replayOcc(
      arrivals.map((a) => ({ ...a, instance: 1 })),
      { runMs: 25, fields, privateIds: ids, random: seeded() },
    );
    expect(again.own.conflicts).toBe(1);
  });
});

describe("index ranges", () => {
  const board: RangeRead = {
    kind: "range",
    table: "boardEntries",
    index: "by_board_and_score",
    prefix: ["all"],
    order: "desc",
  };
  const entry = (score: number) => ["all", score, 1, `e${score}`];

  test("a key with the range's prefix is in it; another board's is not", () => {
    expect(inRange(entry(100), board)).toBe(true);
    expect(inRange(["day:2026-11-26", 100, 1, "x"], board)).toBe(false);
  });

  test("bounds on the next field, inclusive or not", () => {
    const above = { ...board, lower: { value: 100, inclusive: false } };
    expect(inRange(entry(100), above)).toBe(false);
    expect(inRange(entry(101), above)).toBe(true);
    expect(inRange(entry(100), { ...above, lower: { value: 100, inclusive: true } })).toBe(true);
    expect(inRange(entry(50), { ...board, upper: { value: 60, inclusive: false } })).toBe(true);
    expect(inRange(entry(70), { ...board, upper: { value: 60, inclusive: false } })).toBe(false);
  });

  test("a walk that stopped early (the top 10, descending) did not read below where it stopped", () => {
    const top = { ...board, stopAt: entry(500) };
    expect(inRange(entry(900), top)).toBe(true);
    expect(inRange(entry(500), top)).toBe(true);
    expect(inRange(entry(100), top)).toBe(false);
  });

  test("a write moving a document into or out of a read range touches it", () => {
    const reads = [{ ...board, stopAt: entry(500) }];
    const write = (before: number | null, after: number | null) => [
      {
        write: {
          table: "boardEntries",
          id: "e",
          before: before === null ? null : doc("e", { board: "all", score: before }),
          after: after === null ? null : doc("e", { board: "all", score: after }),
        },
        renaming: null,
      },
    ];
    const boardFields: IndexFields = () => ["board", "score"];
    expect(touches(reads, write(100, 200), boardFields)).toBe(false);
    expect(touches(reads, write(100, 600), boardFields)).toBe(true);
    expect(touches(reads, write(600, null), boardFields)).toBe(true);
    expect(touches(reads, write(null, 50), boardFields)).toBe(false);
  });
});

describe("subscriptions", () => {
  const shardWrite = [
    {
      write: { table: "stats", id: "shard1", before: doc("shard1"), after: doc("shard1") },
      renaming: null,
    },
  ];

  test("a per-viewer query reading the shared document re-runs for every viewer", () => {
    const sample = Array.from({ length: 20 }, (_, i) => {
      const query = newRecord("rank.mine", `user${i}`);
      query.usesIdentity = true;
      query.reads.push({ kind: "document", table: "stats", id: "shard1" });
      return query;
    });
    expect(queryRunsCaused(shardWrite, sample, 10_000, fields)).toBe(10_000);
  });

  test("an identity-free query with the same arguments runs once for all viewers", () => {
    const sample = Array.from({ length: 20 }, () => {
      const query = newRecord("rank.snapshot", null, { board: "all" });
      query.reads.push({ kind: "document", table: "stats", id: "shard1" });
      return query;
    });
    expect(queryRunsCaused(shardWrite, sample, 10_000, fields)).toBe(1);
  });

  test("a query that does not read what was written does not re-run", () => {
    const query = newRecord("rank.mine", "user1");
    query.usesIdentity = true;
    query.reads.push({ kind: "document", table: "stats", id: "shard2" });
    expect(queryRunsCaused(shardWrite, [query], 10_000, fields)).toBe(0);
  });
});

test("bytes written count each new version, a deletion as its id", () => {
  expect(
    bytesWritten([
      { table: "t", id: "a", before: null, after: doc("a", { n: 1 }) },
      { table: "t", id: "bb", before: doc("bb"), after: null },
    ]),
  ).toBe(JSON.stringify(doc("a", { n: 1 })).length + 2);
});
