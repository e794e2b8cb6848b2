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

/** A recorded run of each part of the fold: a lane's gather, the apply, the publish. */
export type FoldParts = { lane: FoldWork; apply: FoldWork; publish: FoldWork };

export type FoldPace = {
  talliesPerSecond: number;
  /**
   * The longest a tally waited, from its insert to the commit of the apply that added it to the
   * shared figures (counters, the boards' statistics; viewers' ranks follow at the next publish).
   */
  foldLagMs: number;
  /** Tallies not yet applied (in `tallies` or in a batch) halfway through the window and at its end. */
  backlogHalfway: number;
  backlogAtEnd: number;
  /** Not growing: the second half ends with at most a round of full batches more waiting. */
  bounded: boolean;
  /** Lane runs a second (all lanes), applies and publishes a second. */
  runsPerSecond: number;
  applyRunsPerSecond: number;
  publishRunsPerSecond: number;
  /** The share of the window the one serial apply (with the publishes) is busy. */
  applyBusy: number;
  /** A lane run's time at the end of the window, the deleted entries it stepped over; an apply's. */
  lastRunMs: number;
  lastDeadEntries: number;
  lastApplyMs: number;
};

export type FoldChain = {
  /** Lanes folding side by side (FOLD_SHARDS), each owning its shard's tallies. */
  shards: number;
  /** Tallies a lane run takes at most (FOLD_BATCH), and batches an apply takes (APPLY_BATCHES). */
  batch: number;
  applyBatches: number;
  settleMs: number;
  everyMs: number;
  /** At most one publish of the ranks this often (RANKS_PUBLISH_MS). */
  publishEveryMs: number;
  seconds: number;
  cost?: FoldCost;
};

type Gathered = { lane: number; seq: number; commit: number; tallies: number; oldest: number };

/**
 * One lane's chain, its share of the tallies arriving evenly at `perMs`: each run takes up to
 * `batch` tallies older than `settleMs`, runs for `foldRunMs`, and the next starts at once after a
 * full batch, else `everyMs` later (model/tallies/chain.ts). Returns its batches.
 */
function simulateLane(
  work: FoldWork,
  lane: number,
  perMs: number,
  firstAt: number,
  chain: FoldChain,
): { batches: Gathered[]; runs: number; lastRunMs: number; lastDeadEntries: number } {
  const end = chain.seconds * 1_000;
  const history: { at: number; folded: number }[] = [{ at: 0, folded: 0 }];
  const batches: Gathered[] = [];
  let folded = 0;
  let start = firstAt;
  let lastRunMs = 0;
  let lastDeadEntries = 0;
  while (start < end) {
    const settled = Math.max(0, Math.floor(perMs * (start - chain.settleMs) - folded));
    const take = Math.min(chain.batch, settled);
    // Deleted entries still in the lane's index range: what it deleted within the time they are
    // kept, the part its walk crosses (all of them from the range's start; a cursor's gap else).
    const kept = folded - foldedBy(history, start - DELETED_ENTRIES_KEPT_MS);
    const dead =
      work.startGapMs === null ? kept : Math.min(kept, perMs * Math.max(0, work.startGapMs));
    const runMs = foldRunMs(work, take, dead, chain.cost);
    const commit = start + runMs;
    if (take > 0) {
      // The oldest tally of the batch arrived when the lane's folded count reached `folded`.
      batches.push({ lane, seq: batches.length, commit, tallies: take, oldest: folded / perMs });
      folded += take;
      history.push({ at: commit, folded });
      lastRunMs = runMs;
      lastDeadEntries = dead;
    }
    start = take === chain.batch ? commit : commit + chain.everyMs;
  }
  return { batches, runs: batches.length, lastRunMs, lastDeadEntries };
}

/**
 * The fold as built (model/tallies): `chain.shards` lanes gather side by side, each lane's run
 * timed from the recorded lane run; each gathered batch schedules an apply of its shard, and the
 * applies (each up to `applyBatches` of one shard's batches, timed from the recorded apply, its
 * work scaled to the tallies it adds up) and a publish every `publishEveryMs` run one after
 * another: they all write the shared figures, so Convex commits one and retries the others. A
 * tally's lag runs from its insert to the commit of the apply that added it up; lag and backlog
 * are read over the window's second half, once deleted entries have built up.
 */
export function simulateFold(
  parts: FoldParts,
  talliesPerSecond: number,
  chain: FoldChain,
): FoldPace {
  const perMs = talliesPerSecond / 1_000;
  const end = chain.seconds * 1_000;
  const lanes = Array.from({ length: chain.shards }, (_, lane) =>
    // Lanes woke at different moments: their runs are staggered over one pause.
    simulateLane(
      parts.lane,
      lane,
      perMs / chain.shards,
      chain.settleMs + (lane * chain.everyMs) / chain.shards,
      chain,
    ),
  );
  type Job = { at: number; lane: number; upTo: number } | { at: number; publish: true };
  const jobs: Job[] = lanes
    .flatMap((l) => l.batches)
    .map((b) => ({ at: b.commit, lane: b.lane, upTo: b.seq }));
  const waiting = lanes.map((l) => l.batches);
  const next = lanes.map(() => 0);
  for (let at = chain.publishEveryMs; at < end; at += chain.publishEveryMs) {
    jobs.push({ at, publish: true });
  }
  jobs.sort((a, b) => a.at - b.at);
  const applied: { at: number; tallies: number }[] = [];
  let free = 0;
  let busy = 0;
  let lag = 0;
  let applies = 0;
  let publishes = 0;
  let lastApplyMs = 0;
  while (jobs.length > 0) {
    const job = jobs.shift()!;
    const start = Math.max(free, job.at);
    if (start >= end) break;
    let runMs: number;
    if ("publish" in job) {
      runMs = foldRunMs(parts.publish, parts.publish.talliesFolded, 0, chain.cost);
      publishes += 1;
    } else {
      const from = next[job.lane];
      const take = waiting[job.lane].slice(from, Math.min(job.upTo + 1, from + chain.applyBatches));
      const tallies = take.reduce((sum, b) => sum + b.tallies, 0);
      runMs = foldRunMs(parts.apply, tallies, 0, chain.cost);
      const commit = start + runMs;
      if (take.length > 0) {
        next[job.lane] = from + take.length;
        applies += 1;
        lastApplyMs = runMs;
        applied.push({ at: commit, tallies });
        for (const batch of take) if (commit >= end / 2) lag = Math.max(lag, commit - batch.oldest);
        // More of the shard's batches up to `upTo` wait: the apply runs again at once.
        if (next[job.lane] <= job.upTo)
          insertJob(jobs, { at: commit, lane: job.lane, upTo: job.upTo });
      }
    }
    free = start + runMs;
    busy += runMs;
  }
  const appliedBy = (at: number) =>
    applied.reduce((sum, entry) => (entry.at <= at ? sum + entry.tallies : sum), 0);
  const backlogHalfway = (perMs * end) / 2 - appliedBy(end / 2);
  const backlogAtEnd = perMs * end - appliedBy(end);
  const runs = lanes.reduce((sum, l) => sum + l.runs, 0);
  const last = lanes[0];
  return {
    talliesPerSecond,
    foldLagMs: Math.round(lag),
    backlogHalfway: Math.round(backlogHalfway),
    backlogAtEnd: Math.round(backlogAtEnd),
    bounded: backlogAtEnd <= backlogHalfway + chain.shards * chain.batch,
    runsPerSecond: runs / chain.seconds,
    applyRunsPerSecond: applies / chain.seconds,
    publishRunsPerSecond: publishes / chain.seconds,
    applyBusy: Math.round((busy / end) * 1_000) / 1_000,
    lastRunMs: Math.round(last.lastRunMs),
    lastDeadEntries: Math.round(last.lastDeadEntries),
    lastApplyMs: Math.round(lastApplyMs),
  };
}

function insertJob<J extends { at: number }>(jobs: J[], job: J) {
  let i = jobs.length;
  while (i > 0 && jobs[i - 1].at > job.at) i--;
  jobs.splice(i, 0, job);
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
 * Where a lane's walk of its tallies starts, below the oldest tally waiting when it ran: null
 * when a range has no lower bound (the start of its shard's entries, past every deleted one).
 * The widest gap of its ranges counts. A range over the tallies from before lanes (no shard, lane
 * 0's first read) is left out: none are put down any more, so none are deleted there.
 */
export function startGapOf(reads: Read[], oldestWaiting: number): number | null {
  const walks = reads.filter(
    (read) =>
      read.kind === "range" &&
      read.table === "tallies" &&
      !(read.prefix.length > 0 && (read.prefix[0] === undefined || read.prefix[0] === null)),
  );
  if (walks.length === 0) return null;
  let gap = 0;
  for (const walk of walks) {
    if (walk.kind !== "range") continue;
    const lower = walk.lower?.value;
    if (typeof lower !== "number") return null;
    gap = Math.max(gap, oldestWaiting - lower);
  }
  return gap;
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
 * Bytes a second each watched query pushes: it re-runs on each run of a fold part (a lane, the
 * apply, the publish) whose writes touch its read set, and on each correct guess whose writes do
 * (the recorded guesses' share of them), and each re-run goes to every viewer.
 */
export function pushedByQuery(
  watched: { name: string; record: CallRecord; resultBytes: number }[],
  day: {
    foldParts: { writes: PlacedWrite[]; runsPerSecond: number }[];
    correct: CallRecord[];
    correctPerSecond: number;
    viewers: number;
    fields: IndexFields;
  },
): Record<string, number> {
  const pushed: Record<string, number> = {};
  for (const query of watched) {
    const byFold = day.foldParts
      .filter((part) => touches(query.record.reads, part.writes, day.fields))
      .reduce((sum, part) => sum + part.runsPerSecond, 0);
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
