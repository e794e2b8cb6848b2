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
import { FOLD_BATCH, foldTallies } from "@convex/model/tallies/fold";
import type { MutationCtx } from "@convex/_generated/server";
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

/** The workload the figures are asked at. */
const CORRECT_PER_SECOND = 1_000;
const RUN_MS = 25;
const SIMULATED_SECONDS = 3;
const VIEWERS = 10_000;
const DAILY_PLAYERS = 1_000_000;

/** Players recorded playing a session each, and players already on the board beside them. */
const RECORDED_PLAYERS = 160;
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

type PendingJobs = { pending: number; mostDueAtOnce: number };

async function pendingJobs(t: TestConvex): Promise<PendingJobs> {
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
function extrapolate(x1: number, y1: number, x2: number, y2: number, x: number) {
  const slope = (y2 - y1) / (x2 - x1);
  return Math.max(0, Math.round(y1 + slope * (x - x1)));
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

  // The fold of everything those sessions left, as one run of the chain would.
  const waiting = await t.run(async (ctx) => (await ctx.db.query("tallies").take(100_000)).length);
  const { record: foldRecord } = await recordCall(t, null, "mutation", "tallies.fold", foldRun, {});

  const ids = privateIds([...calls.map((c) => c.record), ...rankQueries]);
  const playerRecords = calls.map((c) => c.record);
  const byKind = new Map<string, CallRecord[]>();
  for (const { kind, record } of calls) byKind.set(kind, [...(byKind.get(kind) ?? []), record]);
  const correct = byKind.get("game.guess (correct)")!;

  // The workload: kinds in the session's proportions, correct guesses at CORRECT_PER_SECOND.
  const arrivals: Arrival[] = [];
  let instance = 0;
  for (const [kind, records] of byKind) {
    const perSecond = (CORRECT_PER_SECOND * records.length) / correct.length;
    for (const at of poissonTimes(perSecond, SIMULATED_SECONDS, random)) {
      const record = records[Math.floor(random() * records.length)];
      arrivals.push({ at, kind, record, instance: ++instance });
    }
  }
  const occ = replayOcc(arrivals, { runMs: RUN_MS, fields: indexFields, privateIds: ids, random });
  const guesses = [...Object.entries(occ)].filter(([kind]) => kind.startsWith("game.guess"));
  const guessCalls = guesses.reduce((sum, [, r]) => sum + r.calls, 0);
  const guessFailures = guesses.reduce((sum, [, r]) => sum + r.failed, 0);

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
  // The fold's runs, shared by the guesses each folds: at this rate, tallies come in at
  // `talliesPerSecond` and a run takes up to FOLD_BATCH of them (at least one run a second).
  const talliesPerSecond = (waiting / correct.length) * CORRECT_PER_SECOND;
  const foldRunsPerSecond = Math.max(1, Math.ceil(talliesPerSecond / FOLD_BATCH));
  const foldWrites: PlacedWrite[] = foldRecord.writes.map((write) => ({ write, renaming: null }));
  const runsPerFold = queryRunsCaused(foldWrites, rankQueries, VIEWERS, indexFields);
  const rankRuns = runsByGuesses + (runsPerFold * foldRunsPerSecond) / CORRECT_PER_SECOND;
  // The fold and players never conflict: it reads no document a player writes (the tallies it
  // reads are older than FOLD_SETTLE_MS; players insert new ones), and writes none they read.
  const playerWrites = playerRecords.flatMap((record) =>
    record.writes
      .filter((write) => write.table !== "tallies")
      .map((write): PlacedWrite => ({ write, renaming: null })),
  );
  const foldConflicts =
    (touches(foldRecord.reads, playerWrites, indexFields) ? 1 : 0) +
    playerRecords.filter((record) => touches(record.reads, foldWrites, indexFields)).length;
  expect(foldConflicts).toBe(0);
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
    fold: {
      talliesPerSecond: Math.round(talliesPerSecond),
      runsPerSecond: foldRunsPerSecond,
      rankRunsPerFoldRun: runsPerFold,
      conflictsWithPlayers: foldConflicts,
      bytesWrittenPerRun: Math.round(bytesWritten(foldRecord.writes)),
      talliesPerRun: Math.min(FOLD_BATCH, waiting),
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
    },
    calls: occ,
    writesPerCorrectGuess: tablesWritten(correct),
  };
});

test("a full party room, every member answering in the same quarter second", async () => {
  figures = { ...figures, ...(await roomBurst(random, RUN_MS)) };
});

/** The fold's run as a registered function would make it, for recording. */
const foldRun = {
  _handler: async (ctx: MutationCtx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER),
};

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
