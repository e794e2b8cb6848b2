// What a deployment costs while nobody plays: `npm run bench -- --only idle`.
//
// In convex-test on a fake clock, a whole UTC day is replayed after a day like it: every cron of
// convex/crons.ts called on its own schedule (read from the crons object, so this cannot drift
// from it), every job they and the functions schedule run when due, the daily refresh included
// (AniList stubbed to send yesterday's pages again, covers stubbed), and one player at noon who
// opens the game and plays a few rounds. Counted: function runs (crons, scheduled jobs, the
// functions actions call), bytes of documents written and read (as JSON), and the time from the
// player's first tally to the fold run that adds it up. Writes its figures to BENCH_IDLE_OUT
// (default bench-results/idle.json) for scripts/bench/run.mjs to print, keep under "idle" and
// fail on a missed budget.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { afterAll, expect, test, vi } from "vitest";
import { api, internal } from "@convex/_generated/api";
import crons from "@convex/crons";
import { CATALOGUE_PAGE_COUNT } from "@convex/model/catalogue/anilist";
import { newBackend, type TestConvex } from "../../testing/convex/backend";
import { aniListFixture, json, stubAniList } from "../../testing/convex/aniList";
import { moduleName, moduleNamed, modules } from "../../testing/convex/modules";
import { logWrites, type WriteLog } from "../../testing/convex/writeLog";
import {
  dealtAnime,
  guessAs,
  seedAnime,
  signedInAs,
  viewOf,
  type TestPlayer,
} from "../../testing/world";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

const DAY = "2026-11-21";
const DAY_START = Date.parse(`${DAY}T00:00:00Z`);
const DAY_MS = 86_400_000;
const NOON = DAY_START + DAY_MS / 2;
const DAYS_PER_MONTH = 30;
/** The noon player's session: rounds of a wrong guess then the answer, this far apart. */
const ROUNDS = 3;
const THINK_MS = 8_000;
/** The daily players the second estimate is asked at, each playing the noon player's session. */
const DAILY_PLAYERS = 1_000;
/** Anime seeded besides the refresh's: enough for the Daily and the noon player's deals. */
const POOL = 40;
/**
 * BENCH_IDLE_HOURS=n replays only the day's first n hours and counts them n/24 of its runs and
 * bytes: a quick look at code whose jobs are too many to replay a whole day (the fold that ran
 * every second). Before noon there is no player, so no foldWakeMs: that budget is missed.
 */
const HOURS = Number(process.env.BENCH_IDLE_HOURS ?? 24);
const REPLAYED_MS = HOURS * 3_600_000;

type CronSpec = {
  name: string;
  args: unknown[];
  schedule:
    | { type: "interval"; seconds?: number; minutes?: number; hours?: number }
    | { type: "hourly"; minuteUTC?: number }
    | { type: "daily"; hourUTC: number; minuteUTC?: number }
    | { type: string };
};

/** When each cron fires within [from, from + DAY_MS): intervals counted from midnight UTC. */
export function cronTimes(spec: CronSpec["schedule"], from: number): number[] {
  const times: number[] = [];
  if (spec.type === "interval") {
    const s = spec as { seconds?: number; minutes?: number; hours?: number };
    const every = ((s.seconds ?? 0) + (s.minutes ?? 0) * 60 + (s.hours ?? 0) * 3_600) * 1_000;
    for (let at = from; at < from + DAY_MS; at += every) times.push(at);
  } else if (spec.type === "hourly") {
    const minute = (spec as { minuteUTC?: number }).minuteUTC ?? 0;
    for (let hour = 0; hour < 24; hour++) times.push(from + hour * 3_600_000 + minute * 60_000);
  } else if (spec.type === "daily") {
    const { hourUTC, minuteUTC = 0 } = spec as { hourUTC: number; minuteUTC?: number };
    times.push(from + hourUTC * 3_600_000 + minuteUTC * 60_000);
  } else {
    throw new Error(`idle bench: a ${spec.type} cron; teach cronTimes its schedule`);
  }
  return times;
}

const cronSpecs = Object.entries((crons as unknown as { crons: Record<string, CronSpec> }).crons);

/**
 * Every run of a registered function, by name: a cron's, a job's, one an action calls (which
 * convex-test runs directly, unseen by its scheduler), or a player's own call.
 */
const calls = { total: 0, byName: {} as Record<string, number> };

async function countCalls() {
  for (const [file, load] of Object.entries(modules)) {
    const module = (await load()) as Record<string, Record<string, unknown>>;
    for (const [name, fn] of Object.entries(module)) {
      // convex-test runs a function through one of these (the invoke* close over the handler).
      for (const invoke of ["_handler", "invokeQuery", "invokeMutation", "invokeAction"]) {
        const original = fn?.[invoke];
        if (typeof original !== "function") continue;
        const id = `${moduleName(file)}:${name}`;
        fn[invoke] = (...args: unknown[]) => {
          calls.total++;
          calls.byName[id] = (calls.byName[id] ?? 0) + 1;
          return (original as (...a: unknown[]) => unknown)(...args);
        };
      }
    }
  }
}

let log: WriteLog | null = null;
/** What the bench reads to find its way is no run's I/O. */
const look = async <T>(fn: () => Promise<T>): Promise<T> =>
  log ? await log.aside(fn) : await fn();

/** Runs of jobs (and the functions their actions called) so far. */
let jobCalls = 0;

/** Runs a cron's target as the deployment would: a mutation or an action, by its registration. */
async function runCron(t: TestConvex, spec: CronSpec) {
  const [module, name] = spec.name.split(":");
  const registered = ((await moduleNamed(module)!()) as Record<string, { isAction?: boolean }>)[
    name
  ];
  const args = (spec.args[0] ?? {}) as Record<string, never>;
  if (registered.isAction === true)
    await t.action(makeFunctionReference<"action">(spec.name), args);
  else await t.mutation(makeFunctionReference<"mutation">(spec.name), args);
}

/**
 * Moves the clock to `target`, running every job due on the way when it is due: timer by timer
 * (convex-test starts each job on its own timer), a timer of the bench's own at `target`.
 */
async function advanceTo(t: TestConvex, target: number) {
  setTimeout(() => {}, Math.max(0, target - Date.now()));
  do {
    vi.advanceTimersToNextTimer();
    const before = calls.total;
    await t.finishInProgressScheduledFunctions();
    jobCalls += calls.total - before;
  } while (Date.now() < target);
}

/**
 * The day before: a pool of POOL anime (the refresh's recorded pages among them), the Daily
 * chosen, a player signed up.
 */
async function yesterday(t: TestConvex) {
  await seedAnime(t, POOL);
  await t.mutation(internal.daily.prepare, {});
  await t.mutation(internal.catalogue.refreshDaily, {});
  await advanceTo(t, DAY_START - 60_000);
  const ready = await t.run(async (ctx) =>
    (await ctx.db.query("anime").take(1_000)).filter((a) => a.coverStatus === "ready"),
  );
  expect(ready.length).toBeGreaterThan(POOL);
  await t.mutation(internal.daily.prepare, {});
  return await signedInAs(t, "player", { email: "noon@example.com", username: "noon" });
}

async function foldedSessions(t: TestConvex) {
  const day = await look(
    async () =>
      await t.run(
        async (ctx) =>
          await ctx.db
            .query("gameDailyStats")
            .withIndex("by_day_and_shard", (q) => q.eq("day", DAY).eq("shard", 0))
            .unique(),
      ),
  );
  return day?.sessions ?? 0;
}

/** The noon player's session; returns the time from its first tally to the fold adding it up. */
async function noonSession(t: TestConvex, player: TestPlayer) {
  await player.as.mutation(api.game.open, { timeZone: "UTC" });
  const tallied = Date.now();
  while ((await foldedSessions(t)) === 0) {
    if (Date.now() - tallied > 10 * 60_000) throw new Error("idle bench: never folded");
    await advanceTo(t, Date.now() + 10);
  }
  const foldWakeMs = Date.now() - tallied;
  for (let round = 0; round < ROUNDS; round++) {
    // Each guess reads the screen's view first (guessAs), as its subscription would re-run.
    const view = await viewOf(player);
    await guessAs(player, WRONG_GUESS);
    await advanceTo(t, Date.now() + THINK_MS);
    const answer = await look(async () => (await dealtAnime(t, player)).answers[0]);
    await guessAs(player, answer);
    await advanceTo(t, Date.now() + THINK_MS);
    await player.as.mutation(api.game.next, { roundNumber: view.round!.number });
  }
  return foldWakeMs;
}

let figures: Record<string, unknown> = {};

afterAll(() => {
  const out = path.resolve(process.env.BENCH_IDLE_OUT ?? "bench-results/idle.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
});

type Window = { calls: number; jobCalls: number; written: number; read: number };

function snapshot(): Window {
  return {
    calls: calls.total,
    jobCalls,
    written: log!.writes.reduce((sum, w) => sum + w.bytes, 0) + log!.usage.scheduledBytes,
    read: log!.usage.readBytes,
  };
}

function since(before: Window): Window {
  const now = snapshot();
  return {
    calls: now.calls - before.calls,
    jobCalls: now.jobCalls - before.jobCalls,
    written: now.written - before.written,
    read: now.read - before.read,
  };
}

test("a day with nobody playing, then one player at noon", async () => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(DAY_START - DAY_MS + 4.5 * 3_600_000);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  await countCalls();
  // AniList sends the same two recorded pages every day; covers download fine.
  const pages = { 1: [json(aniListFixture("page-1"))], 2: [json(aniListFixture("page-2"))] };
  stubAniList(pages, { covers: "ok" });
  const t = newBackend();
  const player = await yesterday(t);
  await advanceTo(t, DAY_START);

  const events = cronSpecs
    .flatMap(([id, spec]) => cronTimes(spec.schedule, DAY_START).map((at) => ({ at, id, spec })))
    .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const cronRuns: Record<string, number> = {};
  log = logWrites();
  const day = snapshot();
  const callsBefore = { ...calls.byName };
  let foldWakeMs = Number.NaN;
  let session: Window | null = null;
  let refresh: (Window & { pages: number }) | null = null;
  for (const event of events.filter((e) => e.at < DAY_START + REPLAYED_MS)) {
    if (session === null && event.at > NOON) {
      await advanceTo(t, NOON);
      const before = snapshot();
      foldWakeMs = await noonSession(t, player);
      // The jobs the session caused (the fold's wake and runs) run out.
      await advanceTo(t, Date.now() + 60_000);
      session = since(before);
    }
    await advanceTo(t, event.at);
    const before = snapshot();
    await runCron(t, event.spec);
    cronRuns[event.id] = (cronRuns[event.id] ?? 0) + 1;
    if (event.spec.name === "catalogue:refreshDaily") {
      // The refresh to its end, apart from the other crons (it takes a few seconds here).
      await advanceTo(t, Date.now() + 30_000);
      const record = await look(
        async () =>
          await t.run(
            async (ctx) => await ctx.db.query("catalogueRefreshes").order("desc").first(),
          ),
      );
      expect(record).toMatchObject({ status: "succeeded" });
      refresh = { ...since(before), pages: record!.pagesFetched };
    }
  }
  await advanceTo(t, DAY_START + REPLAYED_MS - 1);
  const total = since(day);
  log.stop();

  const cronCount = Object.values(cronRuns).reduce((a, b) => a + b, 0);
  // Runs of the deployment: crons and jobs, with what they call; not the player's own calls.
  const runsPerDay = cronCount + total.jobCalls;
  // The recorded refresh has 2 pages; a real one CATALOGUE_PAGE_COUNT, each costing as these.
  const pageScale = refresh === null ? 1 : CATALOGUE_PAGE_COUNT / refresh.pages;
  const share = 24 / HOURS;
  const scaledRuns = share * runsPerDay + (refresh?.calls ?? 0) * (pageScale - 1);
  const scaledWritten = share * total.written + (refresh?.written ?? 0) * (pageScale - 1);
  const scaledRead = share * total.read + (refresh?.read ?? 0) * (pageScale - 1);
  const played = session ?? { calls: 0, jobCalls: 0, written: 0, read: 0 };
  const runsByName = Object.fromEntries(
    Object.entries(calls.byName)
      .map(([name, n]) => [name, n - (callsBefore[name] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  figures = {
    runsPerMonth: Math.round(scaledRuns * DAYS_PER_MONTH),
    bytesWrittenPerDay: Math.round(scaledWritten),
    foldWakeMs: Number.isNaN(foldWakeMs) ? null : foldWakeMs,
    measured: {
      runsPerDay,
      cronRuns,
      runsByName,
      bytesWritten: total.written,
      bytesRead: total.read,
      writesByTable: log.writes.reduce<Record<string, number>>((tables, w) => {
        tables[w.table] = (tables[w.table] ?? 0) + w.bytes;
        return tables;
      }, {}),
      refresh,
      catalogueScale: pageScale,
      cataloguePages: CATALOGUE_PAGE_COUNT,
      hoursReplayed: HOURS,
    },
    session: {
      playerCalls: played.calls - played.jobCalls,
      jobCalls: played.jobCalls,
      bytesWritten: played.written,
      bytesRead: played.read,
    },
    idleMonth: {
      calls: Math.round(scaledRuns * DAYS_PER_MONTH),
      ioBytes: Math.round((scaledWritten + scaledRead) * DAYS_PER_MONTH),
    },
    // Each daily player plays the noon player's session, alone (the fold woken for each).
    playersMonth: {
      dailyPlayers: DAILY_PLAYERS,
      calls: Math.round((scaledRuns + DAILY_PLAYERS * played.calls) * DAYS_PER_MONTH),
      ioBytes: Math.round(
        (scaledWritten + scaledRead + DAILY_PLAYERS * (played.written + played.read)) *
          DAYS_PER_MONTH,
      ),
    },
  };
  vi.useRealTimers();
}, 1_200_000);
