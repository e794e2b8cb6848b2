/**
 * The limits the scale bench (scale.bench.ts) puts around the concurrency model of
 * testing/convex/concurrency/occ.ts: a deployment's cap on functions in flight, the fold's own
 * pace from what its run reads and writes, the bytes pushed to viewers, and the checks that keep
 * the recorded read and write sets honest. Plain functions over numbers and recorded calls, so
 * that scaleModel.test.ts can prove each one fails where it should.
 */
import type { CallRecord, IndexFields, Read } from "../../testing/convex/concurrency/readWriteSets";
import { touches, type OccResult, type PlacedWrite } from "../../testing/convex/concurrency/occ";

// ---------------------------------------------------------------- the deployment's cap

/**
 * Functions (queries, mutations) a deployment runs at once, by its class: "Free and Starter share
 * the same S16 provisioned performance tier" and Professional is S256
 * (https://docs.convex.dev/production/state/limits). A popular day needs a paid plan
 * (docs/operations.md#what-a-deployment-costs): the launch class is Professional's S256.
 */
export const DEPLOYMENT_CLASSES = { s16: 16, s256: 256 } as const;
export const LAUNCH_CLASS: keyof typeof DEPLOYMENT_CLASSES = "s256";

export type Slot = { at: number; kind: string; durationMs: number };

export type CapResult = {
  /** Indexes (into the arrivals as given) of those let in. */
  admitted: Set<number>;
  /** Arrivals refused because `cap` were in flight, by kind. */
  refused: Record<string, number>;
  /** The most in flight at one instant had nothing been refused (the demand). */
  peakDemand: number;
};

/**
 * Lets arrivals in while fewer than `cap` run; one that finds the cap full is refused (Convex
 * answers overload with an error, not a queue: counted as a failed call). Peak demand counts
 * every arrival, refused or not, so a burst shows how far past the cap it went.
 */
export function admitUnderCap(arrivals: Slot[], cap: number): CapResult {
  const order = arrivals.map((_, i) => i).sort((a, b) => arrivals[a].at - arrivals[b].at);
  const running: number[] = [];
  const demand: number[] = [];
  const admitted = new Set<number>();
  const refused: Record<string, number> = {};
  let peakDemand = 0;
  for (const i of order) {
    const { at, kind, durationMs } = arrivals[i];
    dropEnded(running, at);
    dropEnded(demand, at);
    insertSorted(demand, at + durationMs);
    peakDemand = Math.max(peakDemand, demand.length);
    if (running.length >= cap) {
      refused[kind] = (refused[kind] ?? 0) + 1;
      continue;
    }
    insertSorted(running, at + durationMs);
    admitted.add(i);
  }
  return { admitted, refused, peakDemand };
}

function dropEnded(ends: number[], now: number) {
  let n = 0;
  while (n < ends.length && ends[n] <= now) n++;
  if (n > 0) ends.splice(0, n);
}

function insertSorted(list: number[], value: number) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, value);
}

export type FunctionFailures = {
  calls: number;
  refused: number;
  conflicts: number;
  failed: number;
  failedCallRate: number;
};

/** Per function: its calls, those refused over the cap and those failing after their retries. */
export function failuresByFunction(
  arrivals: { kind: string }[],
  capped: CapResult,
  occ: OccResult,
): Record<string, FunctionFailures> {
  const result: Record<string, FunctionFailures> = {};
  for (const { kind } of arrivals) {
    result[kind] ??= { calls: 0, refused: 0, conflicts: 0, failed: 0, failedCallRate: 0 };
    result[kind].calls += 1;
  }
  for (const [kind, entry] of Object.entries(result)) {
    entry.refused = capped.refused[kind] ?? 0;
    entry.conflicts = occ[kind]?.conflicts ?? 0;
    entry.failed = entry.refused + (occ[kind]?.failed ?? 0);
    entry.failedCallRate = entry.failed / entry.calls;
  }
  return result;
}

// ---------------------------------------------------------------- the fold's pace

/** What one recorded run of the fold did: from its read and write sets and its result. */
export type FoldWork = {
  talliesFolded: number;
  documentsRead: number;
  bytesRead: number;
  documentsWritten: number;
  bytesWritten: number;
  /**
   * How far below the oldest tally waiting its walk of the tallies started (ms of tallies), or
   * null when it starts at the index's beginning: then it steps over every deleted entry still
   * kept.
   */
  startGapMs: number | null;
};

/**
 * The cost model of a run (an assumption, not a measurement: the lead re-measures on a real
 * deployment): a fixed part, then per document and per kB read and written, and per index entry
 * stepped over, deleted ones included. A deleted document's index entry stays in the index, to be
 * stepped over by any walk through it, for DELETED_ENTRIES_KEPT_MS (Convex keeps old versions
 * for minutes before its retention removes them).
 */
export const FOLD_COST = {
  perRunMs: 5,
  perDocumentReadMs: 0.01,
  perKbReadMs: 0.005,
  perDocumentWrittenMs: 0.02,
  perKbWrittenMs: 0.01,
  perIndexEntryMs: 0.002,
} as const;
export const DELETED_ENTRIES_KEPT_MS = 4 * 60_000;

export type FoldCost = { [K in keyof typeof FOLD_COST]: number };

/** A run's time folding `tallies` (its recorded work scaled to them) past `deadEntries`. */
export function foldRunMs(
  work: FoldWork,
  tallies: number,
  deadEntries: number,
  cost: FoldCost = FOLD_COST,
): number {
  const share = work.talliesFolded === 0 ? 0 : tallies / work.talliesFolded;
  const variable =
    work.documentsRead * cost.perDocumentReadMs +
    (work.bytesRead / 1_000) * cost.perKbReadMs +
    work.documentsWritten * cost.perDocumentWrittenMs +
    (work.bytesWritten / 1_000) * cost.perKbWrittenMs;
  return cost.perRunMs + share * variable + deadEntries * cost.perIndexEntryMs;
}

export type FoldPace = {
  talliesPerSecond: number;
  /** The longest a tally waited, from its insert to the commit of the run that folded it. */
  foldLagMs: number;
  /** Tallies waiting halfway through the window and at its end. */
  backlogHalfway: number;
  backlogAtEnd: number;
  /** Not growing: the second half ends with no more waiting than the first. */
  bounded: boolean;
  runsPerSecond: number;
  /** A run's time at the end of the window, and the deleted entries it stepped over. */
  lastRunMs: number;
  lastDeadEntries: number;
};

export type FoldChain = {
  batch: number;
  settleMs: number;
  everyMs: number;
  seconds: number;
  cost?: FoldCost;
};

/**
 * The fold's chain as one serial writer, tallies arriving evenly at `talliesPerSecond`: each run
 * takes up to `batch` tallies older than `settleMs`, runs for `foldRunMs`, and the next starts at
 * once after a full batch, else `everyMs` later (model/tallies/chain.ts). The lag is measured
 * over the window's second half, once the deleted entries have built up.
 */
export function simulateFold(work: FoldWork, talliesPerSecond: number, chain: FoldChain): FoldPace {
  const perMs = talliesPerSecond / 1_000;
  const end = chain.seconds * 1_000;
  const history: { at: number; folded: number }[] = [{ at: 0, folded: 0 }];
  let folded = 0;
  let start = chain.settleMs;
  let lag = 0;
  let runs = 0;
  let backlogHalfway = 0;
  let lastRunMs = 0;
  let lastDeadEntries = 0;
  while (start < end) {
    if (backlogHalfway === 0 && start >= end / 2) backlogHalfway = perMs * start - folded;
    const settled = Math.max(0, Math.floor(perMs * (start - chain.settleMs) - folded));
    const take = Math.min(chain.batch, settled);
    // Deleted entries still in the index: what the fold deleted within the time they are kept,
    // the part its walk crosses (all of them from the index start; a cursor's gap otherwise).
    const keptFrom = foldedBy(history, start - DELETED_ENTRIES_KEPT_MS);
    const kept = folded - keptFrom;
    const dead =
      work.startGapMs === null ? kept : Math.min(kept, perMs * Math.max(0, work.startGapMs));
    const runMs = foldRunMs(work, take, dead, chain.cost);
    const commit = start + runMs;
    if (take > 0) {
      // The oldest tally of the batch arrived when the folded count reached `folded`.
      if (start >= end / 2) lag = Math.max(lag, commit - folded / perMs);
      folded += take;
      history.push({ at: commit, folded });
      runs += 1;
      lastRunMs = runMs;
      lastDeadEntries = dead;
    }
    start = take === chain.batch ? commit : commit + chain.everyMs;
  }
  const backlogAtEnd = perMs * end - folded;
  return {
    talliesPerSecond,
    foldLagMs: Math.round(lag),
    backlogHalfway: Math.round(backlogHalfway),
    backlogAtEnd: Math.round(backlogAtEnd),
    bounded: backlogAtEnd <= backlogHalfway + chain.batch,
    runsPerSecond: runs / chain.seconds,
    lastRunMs: Math.round(lastRunMs),
    lastDeadEntries: Math.round(lastDeadEntries),
  };
}

/** Tallies folded by commits at or before `at`. */
function foldedBy(history: { at: number; folded: number }[], at: number): number {
  let result = 0;
  for (const entry of history) {
    if (entry.at > at) break;
    result = entry.folded;
  }
  return result;
}

/**
 * Where the fold's walk of the tallies starts, below the oldest tally waiting when it ran:
 * null when its range has no lower bound (the index's start).
 */
export function startGapOf(reads: Read[], oldestWaiting: number): number | null {
  const walk = reads.find((read) => read.kind === "range" && read.table === "tallies");
  if (walk === undefined || walk.kind !== "range") return null;
  const lower = walk.lower?.value;
  return typeof lower === "number" ? Math.max(0, oldestWaiting - lower) : null;
}

// ---------------------------------------------------------------- what viewers receive

/**
 * Bytes a query pushes to its viewers a second: each re-run whose result changes is sent to
 * every viewer subscribed to it (a subscription update, billed as a function call).
 */
export function pushedBytesPerSecond(runsPerSecond: number, resultBytes: number, viewers: number) {
  return Math.round(runsPerSecond * viewers * resultBytes);
}

/**
 * Bytes a second each watched query pushes: it re-runs on each fold run and each correct guess
 * whose writes touch its read set (the recorded guesses' share of them), and each re-run goes to
 * every viewer.
 */
export function pushedByQuery(
  watched: { name: string; record: CallRecord; resultBytes: number }[],
  day: {
    foldWrites: PlacedWrite[];
    foldRunsPerSecond: number;
    correct: CallRecord[];
    correctPerSecond: number;
    viewers: number;
    fields: IndexFields;
  },
): Record<string, number> {
  const pushed: Record<string, number> = {};
  for (const query of watched) {
    const byFold = touches(query.record.reads, day.foldWrites, day.fields)
      ? day.foldRunsPerSecond
      : 0;
    const touching = day.correct.filter((record) =>
      touches(
        query.record.reads,
        record.writes.map((write) => ({ write, renaming: null })),
        day.fields,
      ),
    ).length;
    const runs = byFold + (day.correctPerSecond * touching) / day.correct.length;
    pushed[query.name] = pushedBytesPerSecond(runs, query.resultBytes, day.viewers);
  }
  return pushed;
}

// ---------------------------------------------------------------- the midnight

/** When `pages` open game pages call at their zone's midnight (0): spread over `spreadMs`. */
export function midnightCalls(pages: number, spreadMs: number, random: () => number): number[] {
  return Array.from({ length: pages }, () => random() * spreadMs);
}

/**
 * A time zone's midnight beside the day's other calls: the most in flight at once, and the
 * midnight calls refused over the cap.
 */
export function midnightBurst(
  day: Slot[],
  burst: {
    pages: number;
    spreadMs: number;
    atMs: number;
    runMs: number;
    cap: number;
    random: () => number;
  },
): { peakInFlight: number; refused: number } {
  const kind = "game.sync (midnight)";
  const calls = midnightCalls(burst.pages, burst.spreadMs, burst.random).map((at) => ({
    at: burst.atMs + at,
    kind,
    durationMs: burst.runMs,
  }));
  const result = admitUnderCap([...day, ...calls], burst.cap);
  return { peakInFlight: result.peakDemand, refused: result.refused[kind] ?? 0 };
}

// ---------------------------------------------------------------- the recordings' honesty

export type TableCounts = Record<string, number>;

/**
 * Tables whose document count a call changed other than by the inserts and deletions it was
 * recorded making: a write the recording missed (a ctx the recorder never wrapped), which the
 * replay would never see conflict.
 */
export function unrecordedWrites(
  before: TableCounts,
  after: TableCounts,
  record: CallRecord,
): string[] {
  const recorded: TableCounts = {};
  for (const write of record.writes) {
    const change = (write.after === null ? -1 : 0) + (write.before === null ? 1 : 0);
    recorded[write.table] = (recorded[write.table] ?? 0) + change;
  }
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...tables].filter(
    (table) => (after[table] ?? 0) - (before[table] ?? 0) !== (recorded[table] ?? 0),
  );
}

/**
 * Whether a fold run would conflict with players putting down tallies as it runs: their inserts
 * are the newest keys of the tallies table (made after the fold started), so a fold whose walk
 * reaches the newest (no settle bound, and it ran out of tallies) meets every one of them.
 */
export function foldMeetsNewTallies(
  fold: CallRecord,
  players: CallRecord[],
  fields: IndexFields,
): boolean {
  const newest = Number.MAX_SAFE_INTEGER;
  const inserts: PlacedWrite[] = players.flatMap((record) =>
    record.writes
      .filter((write) => write.table === "tallies" && write.before === null && write.after)
      .map((write) => ({
        write: { ...write, after: { ...write.after!, _creationTime: newest } },
        renaming: null,
      })),
  );
  return touches(fold.reads, inserts, fields);
}

/**
 * The jobs and crons (by name) whose writes touch what a player's call reads: each such run can
 * make players' calls conflict, so it must be rare and is replayed at its cadence beside them.
 */
export function jobsWritingPlayersReads(
  jobs: CallRecord[],
  players: CallRecord[],
  fields: IndexFields,
): string[] {
  const names = new Set<string>();
  for (const job of jobs) {
    const writes: PlacedWrite[] = job.writes
      .filter((write) => write.table !== "_scheduled_functions")
      .map((write) => ({ write, renaming: null }));
    if (writes.length === 0) continue;
    if (players.some((player) => touches(player.reads, writes, fields))) names.add(job.name);
  }
  return [...names].sort();
}
