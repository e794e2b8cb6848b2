// A popular day, simulated from the real functions: `npm run bench -- --only scale`.
//
// Players play sessions through the real registered functions in convex-test, each call's read
// and write sets recorded (testing/convex/concurrency/readWriteSets.ts); the recorded calls are
// then replayed as a Poisson workload against a model of Convex's optimistic concurrency and of
// its subscriptions (testing/convex/concurrency/occ.ts). Writes its figures to BENCH_SCALE_OUT
// (default bench-results/scale.json) for scripts/bench/run.mjs to print and keep under "scale".
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test, vi } from "vitest";
import * as game from "@convex/game";
import * as leaderboard from "@convex/leaderboard";
import { newBackend, type TestConvex } from "../../testing/convex/backend";
import {
  dealtAnime,
  seedAnime,
  seedPlayers,
  signedInAs,
  viewOf,
  foldAwake,
} from "../../testing/world";
import type { TestPlayer } from "../../testing/world";
import { WRONG_GUESS } from "../../testing/fixtures/anime";
import { FOLD_BATCH, FOLD_SETTLE_MS } from "@convex/model/tallies/fold";
import { FOLD_EVERY_MS } from "@convex/model/tallies/chain";
import { APPLY_BATCHES } from "@convex/model/tallies/apply";
import { FOLD_SHARDS } from "@convex/model/tallies/shard";
import {
  MIDNIGHT_SPREAD_MS,
  RANKS_PUBLISH_MS,
  ROOM_HEARTBEAT_MS,
} from "@convex/model/shared/rules";
import {
  bytesWritten,
  poissonTimes,
  privateIds,
  queryRunsCaused,
  replayOcc,
  touches,
  type Arrival,
  type PlacedWrite,
} from "../../testing/convex/concurrency/occ";
import type { CallRecord } from "../../testing/convex/concurrency/readWriteSets";
import { recordCall } from "../../testing/convex/concurrency/recordCall";
import { indexFields } from "../../testing/convex/concurrency/schemaIndexes";
import { seededRandom } from "../../testing/convex/concurrency/seeded";
import { roomBurst } from "./scaleRooms";
import {
  extrapolate,
  pendingJobs,
  type PendingJobs,
  recordDailies,
  recordFold,
  recordHeartbeats,
  recordJobs,
  recordSyncs,
  recordWatched,
} from "./scaleDay";
import {
  admitUnderCap,
  DELETED_ENTRIES_KEPT_MS,
  DEPLOYMENT_CLASSES,
  failuresByFunction,
  FOLD_COST,
  foldMeetsNewTallies,
  jobsWritingPlayersReads,
  LAUNCH_CLASS,
  midnightBurst,
  pushedByQuery,
  simulateFold,
} from "./scaleModel";

/** The workload the figures are asked at. */
const CORRECT_PER_SECOND = 1_000;
const RUN_MS = 25;
const SIMULATED_SECONDS = 3;
const VIEWERS = 10_000;
const DAILY_PLAYERS = 1_000_000;
/** The deployment's class (its cap on functions in flight): BENCH_SCALE_CLASS=s16 to compare. */
const DEPLOYMENT_CLASS = (process.env.BENCH_SCALE_CLASS ??
  LAUNCH_CLASS) as keyof typeof DEPLOYMENT_CLASSES;
/** The fold's pace is asked at these rates of correct guesses, over this long a window. */
const FOLD_RATES = [1_000, 3_000, 10_000];
const FOLD_SECONDS = 600;
/** Party-room players online at once (each a heartbeat every ROOM_HEARTBEAT_MS). */
const ROOM_PLAYERS_ONLINE = 1_200;
/** Members of the room whose heartbeats are recorded. */
const HEARTBEAT_ROOM = 4;
/** The largest time zone's share of the open game pages (TIME_ZONES: 4 in 10), its midnight here. */
const LARGEST_ZONE_SHARE = 0.4;
const MIDNIGHT_AT_MS = 1_000;

/** Players recorded playing a session each, and players already on the board beside them. */
const RECORDED_PLAYERS = Number(process.env.BENCH_SCALE_PLAYERS ?? 160);
const BOARD_PLAYERS = 2_000;
const ANIME = 400;
/**
 * Where players are, in tenths: each ten players in turn take these zones (the largest zone's
 * midnight is the busiest instant).
 */
const TIME_ZONES = [
  ...Array<string>(4).fill("America/New_York"),
  ...Array<string>(2).fill("Europe/London"),
  ...Array<string>(2).fill("Asia/Tokyo"),
  "America/Los_Angeles",
  "Australia/Sydney",
];
/** A session, round by round: w = a wrong guess, c = a correct one (then Next), s = a skip. */
const SESSION = ["wc", "wwc", "wws", "c", "wwwc"];

// Seeded, so that the deals (and so the figures) are the same on every run.
const random = seededRandom(20_261_126);
vi.spyOn(Math, "random").mockImplementation(seededRandom(20_260_611));

let figures: Record<string, unknown> = {};
afterAll(() => {
  const out = path.resolve(process.env.BENCH_SCALE_OUT ?? "bench-results/scale.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
});

/** Runs a registered function as `player` (or a visitor) would call it, recorded. */
async function recorded(
  t: TestConvex,
  player: TestPlayer | null,
  kind: "mutation" | "query",
  name: string,
  fn: unknown,
  args: Record<string, unknown>,
) {
  return await recordCall(player?.as ?? t, player?.userId ?? null, kind, name, fn, args);
}

/** One player's session; every call recorded under its kind. */
async function playSession(t: TestConvex, player: TestPlayer, timeZone: string) {
  const calls: { kind: string; record: CallRecord }[] = [];
  const mutation = async (
    kind: string,
    name: string,
    fn: unknown,
    args: Record<string, unknown>,
  ) => {
    const { record, result } = await recorded(t, player, "mutation", name, fn, args);
    calls.push({ kind, record });
    return result as { kind?: string };
  };
  await mutation("game.open", "game.open", game.open, { timeZone });
  for (const round of SESSION) {
    for (const step of round) {
      const { round: onScreen } = await viewOf(player);
      if (onScreen === null) throw new Error("no round on screen");
      if (step === "s") {
        await mutation("game.next (skip)", "game.next", game.next, {
          roundNumber: onScreen.number,
        });
        continue;
      }
      const answer = (await dealtAnime(t, player)).answers[0];
      const outcome = await mutation(
        step === "c" ? "game.guess (correct)" : "game.guess (wrong)",
        "game.guess",
        game.guess,
        {
          roundNumber: onScreen.number,
          attempt: onScreen.guessesUsed,
          // A new text each time: a repeat in the same round is "already tried", for free.
          guess: step === "c" ? answer : `${WRONG_GUESS} ${onScreen.guessesUsed + 1}`,
        },
      );
      expect(outcome.kind).toBe(step === "c" ? "correct" : "wrong");
      if (step === "c") {
        await mutation("game.next", "game.next", game.next, { roundNumber: onScreen.number });
      }
    }
  }
  return calls;
}

test("a popular day, replayed against Convex's concurrency and subscriptions", async () => {
  const t = newBackend();
  // A busy deployment: the fold is awake, so no call schedules its wake.
  await foldAwake(t);
  await seedAnime(t, ANIME);
  // In batches, each within a transaction's limits.
  for (let from = 0; from < BOARD_PLAYERS; from += 200) {
    await seedPlayers(
      t,
      Array.from({ length: Math.min(200, BOARD_PLAYERS - from) }, (_, j) => {
        const i = from + j;
        return { username: `board${i}`, score: 50 * (1 + ((i * 7_919) % 4_000)) };
      }),
    );
  }

  const calls: { kind: string; record: CallRecord }[] = [];
  const players: TestPlayer[] = [];
  let halfway: PendingJobs | null = null;
  for (let i = 0; i < RECORDED_PLAYERS; i++) {
    const player = await signedInAs(t, "player", {
      email: `p${i}@example.com`,
      username: `p${i}`,
    });
    players.push(player);
    calls.push(...(await playSession(t, player, TIME_ZONES[i % TIME_ZONES.length])));
    if (i + 1 === RECORDED_PLAYERS / 2) halfway = await pendingJobs(t);
  }
  const atEnd = await pendingJobs(t);

  // Viewers watching their own rank on the all-time board (the Leaderboard dialog's default):
  // their own points, and the board's statistics (the same query for all of them).
  const rankQueries: CallRecord[] = [];
  for (const player of players) {
    for (const [name, fn] of [
      ["leaderboard.mine", leaderboard.mine],
      ["leaderboard.ranks", leaderboard.ranks],
    ] as const) {
      const { record } = await recorded(t, player, "query", name, fn, { period: "all" });
      rankQueries.push(record);
    }
  }

  // The rest of the day: the Daily (a quarter of the players), each page's sync, a room's
  // heartbeats, the fold's real run, every cron and every job waiting, the boards' viewers.
  calls.push(
    ...(await recordDailies(
      t,
      players.filter((_, i) => i % 4 === 0),
    )),
  );
  calls.push(...(await recordSyncs(players)));
  calls.push(...(await recordHeartbeats(t, HEARTBEAT_ROOM)));
  const fold = await recordFold(t);
  const { jobs, actions } = await recordJobs(t);
  const watched = await recordWatched(t);

  const playerRecords = calls.map((c) => c.record);
  const ids = privateIds([...playerRecords, ...rankQueries]);
  const byKind = new Map<string, CallRecord[]>();
  for (const { kind, record } of calls) byKind.set(kind, [...(byKind.get(kind) ?? []), record]);
  const correct = byKind.get("game.guess (correct)")!;

  // The fold's pace at each rate, from its recorded parts; its runs a second at the bench's rate.
  const talliesPerCorrect = fold.waiting / correct.length;
  const foldParts = { lane: fold.lane.work, apply: fold.apply.work, publish: fold.publish.work };
  const foldPace = Object.fromEntries(
    FOLD_RATES.map((rate) => [
      rate,
      simulateFold(foldParts, talliesPerCorrect * rate, {
        shards: FOLD_SHARDS,
        batch: FOLD_BATCH,
        applyBatches: APPLY_BATCHES,
        settleMs: FOLD_SETTLE_MS,
        everyMs: FOLD_EVERY_MS,
        publishEveryMs: RANKS_PUBLISH_MS,
        seconds: FOLD_SECONDS,
      }),
    ]),
  );
  const pace = foldPace[CORRECT_PER_SECOND];

  // The workload: the players' kinds in the recorded proportions (correct guesses at
  // CORRECT_PER_SECOND; the heartbeats of ROOM_PLAYERS_ONLINE), the fold at its pace, each cron
  // and job once at a random instant of the window (their cadences are minutes to a day: at most
  // once in it, and here at the worst time, among the players).
  const arrivals: (Arrival & { durationMs: number })[] = [];
  let instance = 0;
  const add = (at: number, kind: string, record: CallRecord, durationMs = RUN_MS, own = true) =>
    arrivals.push({ at, kind, record, instance: own ? ++instance : 0, durationMs });
  for (const [kind, records] of byKind) {
    const perSecond =
      kind === "rooms.heartbeat"
        ? ROOM_PLAYERS_ONLINE / (ROOM_HEARTBEAT_MS / 1_000)
        : (CORRECT_PER_SECOND * records.length) / correct.length;
    for (const at of poissonTimes(perSecond, SIMULATED_SECONDS, random)) {
      add(at, kind, records[Math.floor(random() * records.length)]);
    }
  }
  // The fold's parts at their pace: the lanes' runs, the applies (one after another: they all
  // write the shared figures), the publishes (at most every RANKS_PUBLISH_MS: at a random
  // instant of the window, like a cron, when fewer than one a window). Every lane's runs count
  // against the cap; one lane's are replayed for conflicts: a lane's runs follow one another and
  // lanes share no document, but the replay has one recorded run, whose cursor and tallies every
  // lane would seem to share.
  const laneEvery = (1_000 * FOLD_SHARDS) / pace.runsPerSecond;
  const capOnly = new Set<number>();
  for (let lane = 0; lane < FOLD_SHARDS; lane++) {
    for (let at = random() * laneEvery; at < SIMULATED_SECONDS * 1_000; at += laneEvery) {
      if (lane > 0) capOnly.add(arrivals.length);
      add(at, fold.lane.record.name, fold.lane.record, Math.max(pace.lastRunMs, 1), false);
    }
  }
  for (const { record, perSecond, ms } of [
    { record: fold.apply.record, perSecond: pace.applyRunsPerSecond, ms: pace.lastApplyMs },
    { record: fold.publish.record, perSecond: pace.publishRunsPerSecond, ms: RUN_MS },
  ]) {
    const every = 1_000 / perSecond;
    for (
      let at = random() * Math.min(every, SIMULATED_SECONDS * 1_000);
      at < SIMULATED_SECONDS * 1_000;
      at += every
    ) {
      add(at, record.name, record, Math.max(ms, 1), false);
    }
  }
  for (const { record } of jobs)
    add(random() * SIMULATED_SECONDS * 1_000, record.name, record, RUN_MS, false);

  const cap = DEPLOYMENT_CLASSES[DEPLOYMENT_CLASS];
  const capped = admitUnderCap(arrivals, cap);
  // A player's tally is put down at its commit, newer than any lane's settle bound (checked
  // below on the recorded reads): in the replay it is the newest key, not its recorded time,
  // which a recorded lane run's range would hold.
  const replayed = arrivals
    .filter((_, i) => capped.admitted.has(i) && !capOnly.has(i))
    .map((arrival) =>
      arrival.instance === 0 ? arrival : { ...arrival, record: newestTallies(arrival.record) },
    );
  const occ = replayOcc(replayed, { runMs: RUN_MS, fields: indexFields, privateIds: ids, random });
  const perFunction = failuresByFunction(arrivals, capped, occ);
  // Player-facing: the calls a page makes (game.*, daily.*, rooms.*); jobs are named module:function.
  const playerFacing = Object.entries(perFunction).filter(([kind]) => !kind.includes(":"));
  const guesses = playerFacing.filter(([kind]) => kind.startsWith("game.guess"));
  const guessCalls = guesses.reduce((sum, [, r]) => sum + r.calls, 0);
  const guessFailures = guesses.reduce((sum, [, r]) => sum + r.failed, 0);

  // The midnight: the largest time zone's open pages call game.sync within MIDNIGHT_SPREAD_MS,
  // beside the day's workload; and the same pages all at one instant, as before the spread.
  const midnightPages = Math.round(VIEWERS * LARGEST_ZONE_SHARE);
  const midnight = (spreadMs: number) =>
    midnightBurst(arrivals, {
      pages: midnightPages,
      spreadMs,
      atMs: MIDNIGHT_AT_MS,
      runMs: RUN_MS,
      cap,
      random,
    });
  const spread = midnight(MIDNIGHT_SPREAD_MS);
  const together = midnight(0);

  // A correct guess by a player none of the viewers is (a fresh instance of the recorded one).
  const runsByGuesses =
    correct.reduce(
      (sum, record) =>
        sum +
        queryRunsCaused(
          record.writes.map((write) => ({ write, renaming: { ids, instance: ++instance } })),
          rankQueries,
          VIEWERS,
          indexFields,
        ),
      0,
    ) / correct.length;
  const placed = (record: CallRecord): PlacedWrite[] =>
    record.writes.map((write) => ({ write, renaming: null }));
  const foldRuns = [
    { name: "lane", record: fold.lane.record, runsPerSecond: pace.runsPerSecond },
    { name: "apply", record: fold.apply.record, runsPerSecond: pace.applyRunsPerSecond },
    { name: "publish", record: fold.publish.record, runsPerSecond: pace.publishRunsPerSecond },
  ].map((part) => ({ ...part, writes: placed(part.record) }));
  const rankRunsPerFoldPart = Object.fromEntries(
    foldRuns.map((part) => [
      part.name,
      queryRunsCaused(part.writes, rankQueries, VIEWERS, indexFields),
    ]),
  );
  const rankRuns =
    runsByGuesses +
    foldRuns.reduce((sum, part) => sum + rankRunsPerFoldPart[part.name] * part.runsPerSecond, 0) /
      CORRECT_PER_SECOND;

  // What viewers receive: a watched query re-runs on each run of a fold part whose writes touch
  // it, and on each correct guess whose writes do; every re-run goes to all of its viewers.
  const pushed = pushedByQuery(watched, {
    foldParts: foldRuns,
    correct,
    correctPerSecond: CORRECT_PER_SECOND,
    viewers: VIEWERS,
    fields: indexFields,
  });

  // The fold and players never conflict: no part reads a document a player's call writes (their
  // tallies are newer than a lane's settle bound) or writes one they read. (A lane's run that
  // took the last tallies reads to its range's end on purpose and goes to sleep, writing what
  // players read: that is how it sleeps without missing one put down meanwhile,
  // model/tallies/chain.ts. A busy day's runs, as recorded, leave tallies waiting.)
  expect(foldMeetsNewTallies(fold.lane.record, playerRecords, indexFields)).toBe(false);
  // Each as "part ← the player's call" (the part read what the call writes) or "part → call".
  const foldConflictList = foldRuns.flatMap((part) => [
    ...calls
      .filter(({ record }) =>
        touches(
          part.record.reads,
          record.writes
            .filter((write) => write.table !== "tallies")
            .map((write) => ({ write, renaming: null })),
          indexFields,
        ),
      )
      .map(({ kind }) => `${part.name} ← ${kind}`),
    ...calls
      .filter(({ record }) => touches(record.reads, part.writes, indexFields))
      .map(({ kind }) => `${part.name} → ${kind}`),
  ]);
  const foldConflicts = foldConflictList.length;
  expect([...new Set(foldConflictList)]).toEqual([]);
  const bytes = correct.reduce((sum, r) => sum + bytesWritten(r.writes), 0) / correct.length;
  const recordedHalf = RECORDED_PLAYERS / 2;

  figures = {
    ...figures,
    failedGuessRate: guessFailures / guessCalls,
    rankRunsPerCorrectGuess: Math.round(rankRuns * 10_000) / 10_000,
    bytesWrittenPerCorrectGuess: Math.round(bytes),
    pendingJobsPerMillionPlayers: extrapolate(
      recordedHalf,
      halfway!.pending,
      RECORDED_PLAYERS,
      atEnd.pending,
      DAILY_PLAYERS,
    ),
    maxJobsDueAtOnce: extrapolate(
      recordedHalf,
      halfway!.mostDueAtOnce,
      RECORDED_PLAYERS,
      atEnd.mostDueAtOnce,
      DAILY_PLAYERS,
    ),
    failedCallRate: Math.max(0, ...playerFacing.map(([, r]) => r.failedCallRate)),
    foldPace,
    pushedBytesPerSecond: pushed,
    midnight: {
      pages: midnightPages,
      spreadMs: MIDNIGHT_SPREAD_MS,
      peakInFlight: spread.peakInFlight,
      refused: spread.refused,
      peakInFlightWithoutSpread: together.peakInFlight,
      refusedWithoutSpread: together.refused,
    },
    fold: {
      talliesPerSecond: Math.round(talliesPerCorrect * CORRECT_PER_SECOND),
      shards: FOLD_SHARDS,
      runsPerSecond: Math.round(pace.runsPerSecond * 100) / 100,
      applyRunsPerSecond: Math.round(pace.applyRunsPerSecond * 100) / 100,
      publishRunsPerSecond: Math.round(pace.publishRunsPerSecond * 100) / 100,
      rankRunsPerFoldRun: rankRunsPerFoldPart,
      conflictsWithPlayers: foldConflicts,
      bytesWrittenPerRun: fold.lane.work.bytesWritten,
      talliesPerRun: fold.lane.work.talliesFolded,
      work: foldParts,
      cost: FOLD_COST,
      deletedEntriesKeptMs: DELETED_ENTRIES_KEPT_MS,
    },
    jobs: {
      replayed: jobs.map(({ record, runsPerDay }) => ({ name: record.name, runsPerDay })),
      actionsNotReplayed: actions,
      writingWhatPlayersRead: jobsWritingPlayersReads(
        [...jobs.map((job) => job.record), ...foldRuns.map((part) => part.record)],
        playerRecords,
        indexFields,
      ),
    },
    model: {
      correctGuessesPerSecond: CORRECT_PER_SECOND,
      runMs: RUN_MS,
      simulatedSeconds: SIMULATED_SECONDS,
      viewers: VIEWERS,
      dailyPlayers: DAILY_PLAYERS,
      recordedPlayers: RECORDED_PLAYERS,
      boardPlayers: BOARD_PLAYERS,
      timeZones: TIME_ZONES,
      deploymentClass: DEPLOYMENT_CLASS,
      cap,
      roomPlayersOnline: ROOM_PLAYERS_ONLINE,
    },
    calls: perFunction,
    writesPerCorrectGuess: tablesWritten(correct),
  };
}, 3_600_000);

test("a full party room, every member answering in the same quarter second", async () => {
  figures = { ...figures, ...(await roomBurst(random, RUN_MS)) };
});

/** `record` with the tallies it puts down at the newest key of their index, as at their commit. */
function newestTallies(record: CallRecord): CallRecord {
  return {
    ...record,
    writes: record.writes.map((write) =>
      write.table === "tallies" && write.before === null && write.after !== null
        ? { ...write, after: { ...write.after, _creationTime: Number.MAX_SAFE_INTEGER } }
        : write,
    ),
  };
}

/** Which tables a correct guess writes, on average: where its bytes go. */
function tablesWritten(records: CallRecord[]): Record<string, number> {
  const bytes: Record<string, number> = {};
  for (const record of records) {
    for (const write of record.writes) {
      bytes[write.table] = (bytes[write.table] ?? 0) + bytesWritten([write]) / records.length;
    }
  }
  return Object.fromEntries(Object.entries(bytes).map(([table, n]) => [table, Math.round(n)]));
}
