// The rest of a day besides the game's sessions, for `npm run bench -- --only scale`: the Daily's
// paths, game.sync, room heartbeats, every cron of convex/crons.ts and every job that is waiting,
// the fold's real run, and the queries viewers watch; each call recorded on the real registered
// function (testing/convex/concurrency/recordCall.ts), each checked to have recorded every
// document it inserted or deleted.
import { vi } from "vitest";
import * as daily from "@convex/daily";
import * as game from "@convex/game";
import * as leaderboard from "@convex/leaderboard";
import * as rooms from "@convex/rooms";
import * as tallies from "@convex/tallies";
import crons from "@convex/crons";
import schema from "@convex/schema";
import { api } from "@convex/_generated/api";
import { ensureTodayAndTomorrow } from "@convex/model/daily/puzzle";
import { utcDay } from "@convex/model/shared/localTime";
import { dailyNumberAt } from "@convex/model/shared/rules";
import { FOLD_SETTLE_MS, gatherShard } from "@convex/model/tallies/fold";
import { applyBatches, publishMoved } from "@convex/model/tallies/apply";
import type { TestConvex } from "../../testing/convex/backend";
import { WRONG_GUESS } from "../../testing/fixtures/anime";
import { moduleNamed } from "../../testing/convex/modules";
import type { CallRecord } from "../../testing/convex/concurrency/readWriteSets";
import { recordCall } from "../../testing/convex/concurrency/recordCall";
import { bytesWritten } from "../../testing/convex/concurrency/occ";
import { newRoom, roomPlayers, type TestPlayer } from "../../testing/world";
import { countingCtx, newCounts } from "./countingCtx";
import { startGapOf, unrecordedWrites, type FoldWork, type TableCounts } from "./scaleModel";

type Caller = Parameters<typeof recordCall>[0];
type Recorded = { kind: string; record: CallRecord };

const TABLES = Object.keys(schema.tables);

async function tableCounts(t: TestConvex): Promise<TableCounts> {
  return await t.run(async (ctx) => {
    const counts: TableCounts = {};
    for (const table of TABLES) {
      counts[table] = (await ctx.db.query(table as "users").collect()).length;
    }
    return counts;
  });
}

/**
 * Records a call and checks that its record holds every document it inserted or deleted: one it
 * missed would never conflict in the replay.
 */
async function checked(
  t: TestConvex,
  caller: Caller,
  callerId: string | null,
  kind: "mutation" | "query",
  name: string,
  fn: unknown,
  args: Record<string, unknown>,
) {
  const before = await tableCounts(t);
  const recorded = await recordCall(caller, callerId, kind, name, fn, args);
  const missed = unrecordedWrites(before, await tableCounts(t), recorded.record);
  if (missed.length > 0) throw new Error(`${name} wrote ${missed.join(", ")} unrecorded`);
  return recorded;
}

/** Jobs scheduled meanwhile stay pending: none runs on its own while the bench records. */
async function withJobsHeld<T>(fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** The Daily as a quarter of players play it: open, a wrong guess, give up, the next anime. */
export async function recordDailies(t: TestConvex, players: TestPlayer[]): Promise<Recorded[]> {
  await t.run(async (ctx) => {
    await ensureTodayAndTomorrow(ctx, Date.now());
  });
  const number = dailyNumberAt(Date.now());
  const calls: Recorded[] = [];
  for (const [i, player] of players.entries()) {
    // The first player's calls checked for unrecorded writes (a count of every table each).
    const recordOne = i === 0 ? checked.bind(null, t) : recordCall;
    const call = async (kind: string, fn: unknown, args: Record<string, unknown>) => {
      const { record, result } = await recordOne(
        player.as,
        player.userId,
        "mutation",
        kind,
        fn,
        args,
      );
      calls.push({ kind, record });
      return result as { kind?: string };
    };
    const opened = await call("daily.open", daily.open, {});
    if (opened.kind !== "open") throw new Error(`the Daily is not open: ${opened.kind}`);
    await call("daily.guess", daily.guess, { number, index: 0, attempt: 0, guess: WRONG_GUESS });
    await call("daily.giveUp", daily.giveUp, { number, index: 0 });
    await call("daily.next", daily.next, { number, index: 0 });
  }
  return calls;
}

/** An open game page's call at an instant its view names (nothing due here: the read set). */
export async function recordSyncs(players: TestPlayer[]): Promise<Recorded[]> {
  const calls: Recorded[] = [];
  for (const player of players) {
    const { record } = await recordCall(
      player.as,
      player.userId,
      "mutation",
      "game.sync",
      game.sync,
      {},
    );
    calls.push({ kind: "game.sync", record });
  }
  return calls;
}

/** A room of `members` in play: each member's heartbeat. Its jobs (advance, sweep) wait. */
export async function recordHeartbeats(t: TestConvex, members: number): Promise<Recorded[]> {
  const players = await roomPlayers(t, members);
  const code = await newRoom(players[0], players.slice(1));
  await withJobsHeld(async () => {
    await players[0].as.mutation(api.rooms.start, { code });
  });
  const calls: Recorded[] = [];
  for (const [i, player] of players.entries()) {
    const recordOne = i === 0 ? checked.bind(null, t) : recordCall;
    const { record } = await recordOne(
      player.as,
      player.userId,
      "mutation",
      "rooms.heartbeat",
      rooms.heartbeat,
      { code },
    );
    calls.push({ kind: "rooms.heartbeat", record });
  }
  return calls;
}

type CronSpec = {
  name: string;
  args: Record<string, unknown>[];
  schedule: { type: string; seconds?: number; minutes?: number; hours?: number };
};

/** Runs a day of each cron: from its schedule (an interval's length, hourly, daily). */
function runsPerDay(schedule: CronSpec["schedule"]): number {
  if (schedule.type === "hourly") return 24;
  if (schedule.type === "daily") return 1;
  if (schedule.type === "interval") {
    const seconds =
      (schedule.seconds ?? 0) + (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3_600;
    return 86_400 / seconds;
  }
  throw new Error(`scale bench: a ${schedule.type} cron; teach runsPerDay its schedule`);
}

async function registered(name: string): Promise<{ fn: unknown; isAction: boolean }> {
  const [module, exported] = name.replace(/\.js$/, "").replace(/\.js:/, ":").split(":");
  const fn = ((await moduleNamed(module)!()) as Record<string, { isAction?: boolean }>)[exported];
  if (fn === undefined) throw new Error(`scale bench: no function ${name}`);
  return { fn, isAction: fn.isAction === true };
}

export type JobRecord = { record: CallRecord; runsPerDay: number | null };

/**
 * Every cron of convex/crons.ts, run once now, then every job then waiting (what the crons, the
 * room and the sessions scheduled), each recorded. Actions have no database of their own: they
 * are listed, not replayed (their mutations are, when they wait as jobs).
 */
export async function recordJobs(t: TestConvex): Promise<{ jobs: JobRecord[]; actions: string[] }> {
  const specs = Object.values((crons as unknown as { crons: Record<string, CronSpec> }).crons);
  const jobs: JobRecord[] = [];
  const actions: string[] = [];
  await withJobsHeld(async () => {
    for (const spec of specs) {
      const { fn, isAction } = await registered(spec.name);
      if (isAction) {
        actions.push(spec.name);
        continue;
      }
      const args = spec.args[0] ?? {};
      const { record } = await checked(t, t, null, "mutation", spec.name, fn, args);
      jobs.push({ record, runsPerDay: runsPerDay(spec.schedule) });
    }
    const waiting = await t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").collect()).filter(
        (job) => job.state.kind === "pending",
      ),
    );
    const seen = new Set<string>();
    for (const job of waiting) {
      // One of each: a job's read and write sets do not depend on which player's call made it.
      // The fold's parts are recorded on their own (recordFold), at their pace.
      if (job.name.startsWith("tallies:") || seen.has(job.name)) continue;
      seen.add(job.name);
      const { fn, isAction } = await registered(job.name);
      if (isAction) {
        actions.push(job.name);
        continue;
      }
      const args = (job.args[0] ?? {}) as Record<string, unknown>;
      const { record } = await checked(t, t, null, "mutation", job.name, fn, args);
      jobs.push({ record, runsPerDay: null });
    }
    // Recorded: none of them is to run later (an action would call AniList, unreachable here).
    await t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").collect()) {
        if (job.state.kind === "pending") await ctx.scheduler.cancel(job._id);
      }
    });
  });
  return { jobs, actions: [...new Set(actions)].sort() };
}

type Handler = { _handler: (ctx: unknown, args: unknown) => Promise<unknown> };

/** Runs registered `fn` recorded and with what it read counted: the work of a fold part. */
async function recordWork(
  t: TestConvex,
  name: string,
  fn: unknown,
  args: Record<string, unknown>,
  tallies: number,
  oldest: number,
) {
  const counts = newCounts();
  const counted = {
    _handler: async (ctx: { db: object }, a: unknown) =>
      await (fn as Handler)._handler(countingCtx(ctx, counts).ctx, a),
  };
  const { record, result } = await withJobsHeld(
    async () => await checked(t, t, null, "mutation", name, counted, args),
  );
  const written = record.writes.filter((write) => write.table !== "_scheduled_functions");
  const befores = written.filter((write) => write.before !== null);
  const beforeBytes = befores.reduce((sum, write) => sum + JSON.stringify(write.before).length, 0);
  // What it read: the documents it rewrote or deleted as they were, the rest at their average size.
  const averageRead = befores.length === 0 ? 0 : beforeBytes / befores.length;
  const work: FoldWork = {
    talliesFolded: tallies,
    documentsRead: counts.reads,
    bytesRead: Math.round(beforeBytes + Math.max(0, counts.reads - befores.length) * averageRead),
    documentsWritten: written.length,
    bytesWritten: bytesWritten(written),
    startGapMs: startGapOf(record.reads, oldest),
  };
  return { record, result, work };
}

export type FoldPart = { record: CallRecord; work: FoldWork };

/**
 * The fold as Convex runs it, each part on its registered function, recorded with what it read
 * counted (the work the model turns into run times): a run of one lane (`tallies.fold`) that
 * starts from its cursor, as every run after a lane's first does; the apply of the batch it
 * gathered (`tallies.apply`); the publish that follows (`tallies.publish`). The lane is the one
 * with the most tallies waiting, not lane 0 (whose first read, of tallies from before lanes, a
 * day's run finds empty). A first, unrecorded run takes the lane's oldest half and is applied,
 * so that the recorded run reads from a cursor, and a fresh tally waits unsettled, so that it
 * stays awake: a busy day's run, not the last of a quiet spell.
 */
export async function recordFold(t: TestConvex): Promise<{
  lane: FoldPart;
  apply: FoldPart;
  publish: FoldPart;
  waiting: number;
  folded: number;
  more: boolean;
}> {
  const { shard, generation, waiting, inShard } = await t.run(async (ctx) => {
    const all = await ctx.db.query("tallies").take(100_000);
    const byShard = new Map<number, number>();
    for (const tally of all) {
      if (tally.shard !== undefined) byShard.set(tally.shard, (byShard.get(tally.shard) ?? 0) + 1);
    }
    const [busiest, count] = [...byShard].filter(([s]) => s !== 0).sort((a, b) => b[1] - a[1])[0];
    const state = await ctx.db
      .query("foldState")
      .withIndex("by_shard", (q) => q.eq("shard", busiest))
      .first();
    return {
      shard: busiest,
      generation: state?.generation ?? 1,
      waiting: all.length,
      inShard: count,
    };
  });
  const settledBefore = Date.now() - FOLD_SETTLE_MS;
  await t.run(async (ctx) => {
    const { batch } = await gatherShard(ctx, shard, settledBefore, Math.floor(inShard / 2));
    if (batch !== null) await applyBatches(ctx, shard, batch, Date.now());
    await publishMoved(ctx, Date.now());
  });
  // On a busy day a lane's run always finds tallies put down within the last second, too new to
  // take: one such (a copy of its shard's newest) keeps the recorded run awake, as there.
  const oldest = await t.run(async (ctx) => {
    const inLane = ctx.db.query("tallies").withIndex("by_shard", (q) => q.eq("shard", shard));
    const first = await inLane.first();
    const newest = await ctx.db
      .query("tallies")
      .withIndex("by_shard", (q) => q.eq("shard", shard))
      .order("desc")
      .first();
    if (newest !== null) {
      const { _id, _creationTime, ...fresh } = newest;
      await ctx.db.insert("tallies", fresh);
    }
    return first?._creationTime ?? Date.now();
  });
  const lane = await recordWork(t, "tallies:fold", tallies.fold, { shard, generation }, 0, oldest);
  const { folded, more, batch } = lane.result as { folded: number; more: boolean; batch: number };
  lane.work.talliesFolded = folded;
  const apply = await recordWork(
    t,
    "tallies:apply",
    tallies.apply,
    { shard, upTo: batch },
    folded,
    oldest,
  );
  apply.work.startGapMs = null;
  const publish = await recordWork(t, "tallies:publish", tallies.publish, {}, 1, oldest);
  publish.work.startGapMs = null;
  return {
    lane: { record: lane.record, work: lane.work },
    apply: { record: apply.record, work: apply.work },
    publish: { record: publish.record, work: publish.work },
    waiting,
    folded,
    more,
  };
}

export type WatchedQuery = { name: string; record: CallRecord; resultBytes: number };

/** The queries viewers of the boards keep open, as a visitor sees them: their results' sizes. */
export async function recordWatched(t: TestConvex): Promise<WatchedQuery[]> {
  const day = utcDay(Date.now());
  const watched: [string, unknown, Record<string, unknown>][] = [
    ["leaderboard.ranks (all)", leaderboard.ranks, { period: "all" }],
    ["leaderboard.ranks (day)", leaderboard.ranks, { period: "day", day }],
    ["leaderboard.top (all)", leaderboard.top, { period: "all", limit: 10 }],
    ["leaderboard.top (day)", leaderboard.top, { period: "day", day, limit: 10 }],
  ];
  const queries: WatchedQuery[] = [];
  for (const [name, fn, args] of watched) {
    const { record, result } = await recordCall(t, null, "query", name, fn, args);
    queries.push({ name, record, resultBytes: JSON.stringify(result).length });
  }
  return queries;
}

export type PendingJobs = { pending: number; mostDueAtOnce: number };

/** Jobs waiting, and the most due at one instant. */
export async function pendingJobs(t: TestConvex): Promise<PendingJobs> {
  return await t.run(async (ctx) => {
    const jobs = await ctx.db.system.query("_scheduled_functions").collect();
    const due = new Map<number, number>();
    let pending = 0;
    for (const job of jobs) {
      if (job.state.kind !== "pending") continue;
      pending += 1;
      due.set(job.scheduledTime, (due.get(job.scheduledTime) ?? 0) + 1);
    }
    return { pending, mostDueAtOnce: Math.max(0, ...due.values()) };
  });
}

/** A straight line through two measurements, read at `x`. */
export function extrapolate(x1: number, y1: number, x2: number, y2: number, x: number) {
  const slope = (y2 - y1) / (x2 - x1);
  return Math.max(0, Math.round(y1 + slope * (x - x1)));
}
