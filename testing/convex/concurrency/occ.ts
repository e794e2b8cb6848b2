/**
 * A model of what Convex does under load, driven by the read and write sets of real function runs
 * (readWriteSets.ts):
 *
 * - **Optimistic concurrency.** A mutation reads at its start and commits `runMs` later; commits
 *   are serial. It fails to commit when a commit between its start and its own wrote a document it
 *   read, or a document whose index key (before or after the write) lies in an index range it
 *   read. Convex then re-runs it, up to 4 more times, after a full-jitter exponential backoff
 *   from 10 ms up to 2 s (`UDF_EXECUTOR_OCC_*` in the backend's `crates/common/src/knobs.rs`);
 *   after the last failure the caller gets the error.
 * - **Subscriptions.** A query re-runs when a commit touches its read set, by the same rule; a
 *   query that never asked who is calling, with the same arguments, is one run shared by every
 *   viewer (Convex's query cache).
 *
 * Each arrival stands for a distinct player: the documents only one recorded player touched (their
 * account, their game) are renamed per arrival, so two arrivals meet only on what players share.
 */
import type { Value } from "convex/values";
import type { CallRecord, IndexFields, RangeRead, Read, Write } from "./readWriteSets";
import { indexKey } from "./readWriteSets";

export const OCC_MAX_RETRIES = 4;
export const OCC_INITIAL_BACKOFF_MS = 10;
export const OCC_MAX_BACKOFF_MS = 2_000;

// ---------------------------------------------------------------- Convex's order of values

/** undefined < null < bigint < number < boolean < string < bytes < array < object, as Convex sorts. */
function typeRank(value: Value | undefined): number {
  if (value === undefined) return 0;
  if (value === null) return 1;
  if (typeof value === "bigint") return 2;
  if (typeof value === "number") return 3;
  if (typeof value === "boolean") return 4;
  if (typeof value === "string") return 5;
  if (value instanceof ArrayBuffer) return 6;
  if (Array.isArray(value)) return 7;
  return 8;
}

export function compareValues(a: Value | undefined, b: Value | undefined): number {
  const rank = typeRank(a) - typeRank(b);
  if (rank !== 0) return Math.sign(rank);
  if (typeof a === "number" || typeof a === "bigint" || typeof a === "boolean") {
    return a < (b as typeof a) ? -1 : a > (b as typeof a) ? 1 : 0;
  }
  if (typeof a === "string") return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  if (Array.isArray(a)) return compareKeys(a, b as Value[]);
  return compareValues(JSON.stringify(a), JSON.stringify(b));
}

export function compareKeys(a: (Value | undefined)[], b: (Value | undefined)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return Math.sign(a.length - b.length);
}

/** Whether an index key lies in the range a query read. */
export function inRange(key: (Value | undefined)[], range: RangeRead): boolean {
  const p = range.prefix.length;
  for (let i = 0; i < p; i++) if (compareValues(key[i], range.prefix[i]) !== 0) return false;
  if (range.lower) {
    const c = compareValues(key[p], range.lower.value);
    if (c < 0 || (c === 0 && !range.lower.inclusive)) return false;
  }
  if (range.upper) {
    const c = compareValues(key[p], range.upper.value);
    if (c > 0 || (c === 0 && !range.upper.inclusive)) return false;
  }
  if (range.stopAt) {
    const c = compareKeys(key, range.stopAt);
    if (range.order === "asc" ? c > 0 : c < 0) return false;
  }
  return true;
}

// ---------------------------------------------------------------- renaming per arrival

/** The ids only one recorded caller touched: renamed per arrival, so arrivals do not share them. */
export function privateIds(records: CallRecord[]): Set<string> {
  const owners = new Map<string, Set<string>>();
  const touch = (id: string, caller: string | null) => {
    const set = owners.get(id) ?? new Set<string>();
    set.add(caller ?? "(system)");
    owners.set(id, set);
  };
  for (const record of records) {
    if (record.caller !== null) touch(record.caller, record.caller);
    for (const read of record.reads) if (read.kind === "document") touch(read.id, record.caller);
    for (const write of record.writes) touch(write.id, record.caller);
  }
  return new Set(
    [...owners]
      .filter(([, callers]) => callers.size === 1 && !callers.has("(system)"))
      .map(([id]) => id),
  );
}

export type Renaming = { ids: Set<string>; instance: number };

function rename<V extends Value | undefined>(value: V, renaming: Renaming | null): V {
  if (renaming === null || renaming.instance === 0) return value;
  if (typeof value === "string" && renaming.ids.has(value)) {
    return `${value}@${renaming.instance}` as V;
  }
  return value;
}

/** The read set of a record as one arrival (instance) sees it. */
export function readsAs(record: CallRecord, renaming: Renaming | null): Read[] {
  if (renaming === null || renaming.instance === 0) return record.reads;
  return record.reads.map((read) => {
    if (read.kind === "document") return { ...read, id: rename(read.id, renaming) };
    if (read.kind === "search") return read;
    return {
      ...read,
      prefix: read.prefix.map((v) => rename(v, renaming)),
      ...(read.lower
        ? { lower: { ...read.lower, value: rename(read.lower.value, renaming) } }
        : {}),
      ...(read.upper
        ? { upper: { ...read.upper, value: rename(read.upper.value, renaming) } }
        : {}),
      ...(read.stopAt ? { stopAt: read.stopAt.map((v) => rename(v, renaming)) } : {}),
    };
  });
}

/** A write as one arrival makes it: its id and index keys renamed. */
export type PlacedWrite = { write: Write; renaming: Renaming | null };

function keysOf(placed: PlacedWrite, table: string, index: string, fields: IndexFields) {
  const keys: (Value | undefined)[][] = [];
  for (const doc of [placed.write.before, placed.write.after]) {
    if (doc !== null) {
      keys.push(indexKey(doc, fields(table, index)).map((v) => rename(v, placed.renaming)));
    }
  }
  return keys;
}

/** Whether a commit's writes touch a read set. */
export function touches(reads: Read[], writes: PlacedWrite[], fields: IndexFields): boolean {
  for (const placed of writes) {
    const { table } = placed.write;
    const id = rename(placed.write.id, placed.renaming);
    for (const read of reads) {
      if (read.table !== table) continue;
      if (read.kind === "search") return true;
      if (read.kind === "document") {
        if (read.id === id) return true;
        continue;
      }
      if (keysOf(placed, table, read.index, fields).some((key) => inRange(key, read))) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- optimistic concurrency

export type Arrival = { at: number; kind: string; record: CallRecord; instance: number };

export type OccOptions = {
  runMs: number;
  fields: IndexFields;
  privateIds: Set<string>;
  random: () => number;
  maxRetries?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
};

export type OccResult = Record<string, { calls: number; conflicts: number; failed: number }>;

type Attempt = { arrival: Arrival; start: number; commit: number; tries: number; reads: Read[] };

/** Replays the arrivals against the concurrency model; per kind, calls, conflicts and failures. */
export function replayOcc(arrivals: Arrival[], options: OccOptions): OccResult {
  const maxRetries = options.maxRetries ?? OCC_MAX_RETRIES;
  const initial = options.initialBackoffMs ?? OCC_INITIAL_BACKOFF_MS;
  const maxBackoff = options.maxBackoffMs ?? OCC_MAX_BACKOFF_MS;
  const result: OccResult = {};
  const sorted = [...arrivals].sort((a, b) => a.at - b.at);
  for (const { kind } of sorted) {
    result[kind] ??= { calls: 0, conflicts: 0, failed: 0 };
    result[kind].calls += 1;
  }
  // First attempts commit in arrival order; retries wait in a list kept in commit order.
  let next = 0;
  const retries: Attempt[] = [];
  const nextAttempt = (): Attempt | undefined => {
    const arrival = sorted[next];
    if (
      arrival !== undefined &&
      (retries.length === 0 || arrival.at + options.runMs <= retries[0].commit)
    ) {
      next += 1;
      const renaming = { ids: options.privateIds, instance: arrival.instance };
      const reads = readsAs(arrival.record, renaming);
      return { arrival, start: arrival.at, commit: arrival.at + options.runMs, tries: 0, reads };
    }
    return retries.shift();
  };
  // Commits in time order, each with the writes it made.
  const log: { time: number; writes: PlacedWrite[] }[] = [];
  for (let attempt = nextAttempt(); attempt !== undefined; attempt = nextAttempt()) {
    const { arrival } = attempt;
    const firstAfterStart = firstIndexAfter(log, attempt.start);
    let conflict = false;
    for (let i = firstAfterStart; i < log.length && !conflict; i++) {
      conflict = touches(attempt.reads, log[i].writes, options.fields);
    }
    if (!conflict) {
      if (arrival.record.writes.length > 0) {
        const renaming = { ids: options.privateIds, instance: arrival.instance };
        log.push({
          time: attempt.commit,
          writes: arrival.record.writes.map((write) => ({ write, renaming })),
        });
      }
      continue;
    }
    result[arrival.kind].conflicts += 1;
    if (attempt.tries >= maxRetries) {
      result[arrival.kind].failed += 1;
      continue;
    }
    const backoff = Math.min(initial * 2 ** attempt.tries, maxBackoff) * options.random();
    const start = attempt.commit + backoff;
    const retry = { ...attempt, start, commit: start + options.runMs, tries: attempt.tries + 1 };
    retries.splice(
      firstIndexAfter(
        retries.map((r) => ({ time: r.commit })),
        retry.commit,
      ),
      0,
      retry,
    );
  }
  return result;
}

function firstIndexAfter(log: { time: number }[], time: number): number {
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[mid].time <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Poisson arrival times at `perSecond` over `seconds`, in milliseconds. */
export function poissonTimes(perSecond: number, seconds: number, random: () => number): number[] {
  const times: number[] = [];
  for (let t = 0; ;) {
    t += (-Math.log(1 - random()) / perSecond) * 1000;
    if (t >= seconds * 1000) return times;
    times.push(t);
  }
}

// ---------------------------------------------------------------- subscriptions

/**
 * Query runs one commit causes among `viewers` viewers, from a sample of their recorded queries:
 * a per-viewer query re-runs for each viewer whose read set the commit touches (the sample's
 * share, scaled), a shared one (same function and arguments, no identity) once if touched.
 */
export function queryRunsCaused(
  commit: PlacedWrite[],
  sample: CallRecord[],
  viewers: number,
  fields: IndexFields,
): number {
  let perViewerTouched = 0;
  let perViewer = 0;
  const shared = new Set<string>();
  for (const query of sample) {
    const touched = touches(query.reads, commit, fields);
    if (query.usesIdentity) {
      perViewer += 1;
      if (touched) perViewerTouched += 1;
    } else if (touched) {
      shared.add(`${query.name}(${query.args})`);
    }
  }
  return (perViewer === 0 ? 0 : (perViewerTouched / perViewer) * viewers) + shared.size;
}

/** Bytes a commit writes: each new document version (a deletion as its id), as JSON. */
export function bytesWritten(writes: Write[]): number {
  return writes.reduce(
    (sum, { id, after }) =>
      sum + (after === null ? id.length : JSON.stringify(after, bigintJson).length),
    0,
  );
}

function bigintJson(_key: string, value: unknown) {
  return typeof value === "bigint"
    ? value.toString()
    : value instanceof ArrayBuffer
      ? value.byteLength
      : value;
}
