/**
 * Streaks and stats: a day counts when the player solved an anime that player-local
 * day, across daylight-saving days and time-zone switches (which wait for the next reset, so
 * they buy no day); each ended round is recorded once, in the mutation that ended it.
 */
import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { addDays, daysBetween, streakAfterSolve } from "../../model/game/stats";
import { GUESSES_PER_ANIME, STATS_HISTORY_DAYS } from "../../model/shared/rules";
import { newBackend, playerInGame, type TestConvex } from "../../../testing/convex/backend";
import { gameOf, signedInAs } from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

type Player = Awaited<ReturnType<typeof signedInAs>>;

fakeClockEachTest();

async function started(timeZone: string, at: string, poolSize = 40) {
  vi.setSystemTime(new Date(at));
  return await playerInGame(poolSize, timeZone);
}

async function currentRound(player: Player) {
  const state = await player.as.query(api.game.state, {});
  return state!.round!;
}

async function titleOnScreen(t: TestConvex, player: Player) {
  return await t.run(async (ctx) => {
    const game = await ctx.db
      .query("games")
      .withIndex("by_userId", (q) => q.eq("userId", player.userId))
      .unique();
    return (await ctx.db.get("anime", game!.round!.animeId))!.title.english!;
  });
}

/** A guess on the round on screen (again, when a missed midnight's reset dealt a new one first). */
async function guess(player: Player, text: string) {
  for (;;) {
    const round = await currentRound(player);
    const outcome = await player.as.mutation(api.game.guess, {
      roundNumber: round.number,
      attempt: round.guessesUsed,
      guess: text,
    });
    if (outcome.kind !== "stale") return outcome;
  }
}

/** A fresh round (Next Anime when the one on screen has ended or has guesses on it). */
async function freshRound(player: Player) {
  for (;;) {
    const round = await currentRound(player);
    if (round.status === "playing" && round.guessesUsed === 0) return;
    const outcome = await player.as.mutation(api.game.next, { roundNumber: round.number });
    if (outcome.kind !== "stale") return;
  }
}

/** The client's visit (it catches up on a missed midnight), in the zone the player last reported. */
async function revisit(t: TestConvex, player: Player) {
  const game = await gameOf(t, player);
  await player.as.mutation(api.game.start, { timeZone: game.pendingTimeZone ?? game.timeZone });
}

/** Solves a fresh round at `at` (first try, or after `wrong` wrong guesses). */
async function solveAt(t: TestConvex, player: Player, at: string, wrong = 0) {
  vi.setSystemTime(new Date(at));
  await revisit(t, player);
  await freshRound(player);
  for (let i = 0; i < wrong; i++) await guess(player, `${WRONG_GUESS} ${i}`);
  expect(await guess(player, await titleOnScreen(t, player))).toMatchObject({ kind: "correct" });
}

async function stats(player: Player) {
  return (await player.as.query(api.stats.mine, { at: Date.now() }))!;
}

describe("the day arithmetic", () => {
  test("counts calendar days, whatever their length, and steps over month and year ends", () => {
    expect(daysBetween("2026-03-07", "2026-03-08")).toBe(1);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  test("a solve extends on the next day, restarts after a gap, and never goes back", () => {
    const one = streakAfterSolve({ currentStreak: 0, bestStreak: 0 }, "2026-11-20");
    expect(one).toEqual({ currentStreak: 1, bestStreak: 1, lastSolvedDay: "2026-11-20" });
    const two = streakAfterSolve(one, "2026-11-21");
    expect(two).toEqual({ currentStreak: 2, bestStreak: 2, lastSolvedDay: "2026-11-21" });
    expect(streakAfterSolve(two, "2026-11-21")).toBe(two);
    expect(streakAfterSolve(two, "2026-11-20")).toBe(two);
    expect(streakAfterSolve(two, "2026-11-23")).toEqual({
      currentStreak: 1,
      bestStreak: 2,
      lastSolvedDay: "2026-11-23",
    });
  });
});

describe("streaks in the player's time zone", () => {
  test("New York's 25-hour day (DST ends 1 Nov 2026): one day, and the next starts at local midnight", async () => {
    const { t, player } = await started("America/New_York", "2026-10-31T16:00:00Z");
    await solveAt(t, player, "2026-11-01T03:30:00Z"); // 31 Oct, 23:30 EDT
    await solveAt(t, player, "2026-11-01T04:30:00Z"); // 1 Nov, 00:30 EDT
    await solveAt(t, player, "2026-11-02T04:30:00Z"); // 1 Nov, 23:30 EST: the same long day
    expect((await stats(player)).streak).toMatchObject({ current: 2, best: 2 });
    expect((await stats(player)).todaySolved).toBe(2);
    await solveAt(t, player, "2026-11-02T05:30:00Z"); // 2 Nov, 00:30 EST
    const view = await stats(player);
    expect(view.today).toBe("2026-11-02");
    expect(view.streak).toMatchObject({ current: 3, best: 3, ended: null, solvedToday: true });
  });

  test("New York's 23-hour day (DST starts 8 Mar 2026) keeps the streak; a day without a solve ends it", async () => {
    const { t, player } = await started("America/New_York", "2026-03-07T15:00:00Z");
    await solveAt(t, player, "2026-03-08T04:59:00Z"); // 7 Mar, 23:59 EST
    await solveAt(t, player, "2026-03-09T03:59:00Z"); // 8 Mar, 23:59 EDT, 23 hours later
    await solveAt(t, player, "2026-03-10T03:30:00Z"); // 9 Mar, 23:30 EDT
    expect((await stats(player)).streak).toMatchObject({ current: 3, best: 3 });

    // 10 March passes without a solve: on the 11th the streak has ended, kindly named.
    vi.setSystemTime(new Date("2026-03-11T14:00:00Z"));
    expect((await stats(player)).streak).toEqual({
      current: 0,
      best: 3,
      ended: 3,
      solvedToday: false,
    });
    await solveAt(t, player, "2026-03-11T15:00:00Z");
    expect((await stats(player)).streak).toMatchObject({ current: 1, best: 3, ended: null });
  });

  test("late at night, the streak is alive until the player's own midnight, not UTC's", async () => {
    const { t, player } = await started("America/Los_Angeles", "2026-11-20T18:00:00Z");
    await solveAt(t, player, "2026-11-21T06:00:00Z"); // 20 Nov, 22:00 PST
    // 22 Nov in UTC, still 21 Nov (23:30) in Los Angeles: yesterday's streak lives.
    vi.setSystemTime(new Date("2026-11-22T07:30:00Z"));
    expect((await stats(player)).streak).toMatchObject({ current: 1, ended: null });
    vi.setSystemTime(new Date("2026-11-22T08:30:00Z")); // 22 Nov, 00:30 PST
    expect((await stats(player)).streak).toMatchObject({ current: 0, ended: 1 });
  });

  test("switching to a zone where yesterday is not over yet does not rescue a missed day", async () => {
    const { t, player } = await started("America/New_York", "2026-11-22T15:00:00Z");
    await solveAt(t, player, "2026-11-23T01:00:00Z"); // 22 Nov, 20:00 EST
    // 23 Nov (New York) goes by without a solve. At 01:00 on the 24th in New York it is still
    // 20:00 on the 23rd in Honolulu: the cheater reports that zone and solves at once.
    vi.setSystemTime(new Date("2026-11-24T06:00:00Z"));
    await player.as.mutation(api.game.start, { timeZone: "Pacific/Honolulu" });
    await solveAt(t, player, "2026-11-24T06:05:00Z");
    const view = await stats(player);
    expect(view.today).toBe("2026-11-24");
    expect(view.streak).toMatchObject({ current: 1, best: 1 });
  });

  test("a zone further west taking effect at a reset repeats a date but adds no day", async () => {
    const { t, player } = await started("Asia/Tokyo", "2026-11-22T03:00:00Z");
    await solveAt(t, player, "2026-11-22T04:00:00Z"); // 22 Nov, 13:00 JST
    await player.as.mutation(api.game.start, { timeZone: "America/New_York" });
    // Tokyo's midnight resets the day and New York's zone takes over: there it is the 22nd again.
    await solveAt(t, player, "2026-11-22T16:00:00Z"); // 22 Nov, 11:00 EST
    expect((await stats(player)).streak).toMatchObject({ current: 1, best: 1 });
    await solveAt(t, player, "2026-11-23T16:00:00Z"); // 23 Nov, 11:00 EST
    expect((await stats(player)).streak).toMatchObject({ current: 2, best: 2 });
  });
});

describe("the day's record", () => {
  test("each ended round gets its symbol once; totals and 7 days of history by index", async () => {
    const { t, player } = await started("UTC", "2026-11-23T08:00:00Z");
    await solveAt(t, player, "2026-11-23T09:00:00Z"); // first try: 150
    await solveAt(t, player, "2026-11-23T09:05:00Z", 2); // third guess: 100
    await freshRound(player);
    for (let i = 0; i < GUESSES_PER_ANIME; i++) await guess(player, `${WRONG_GUESS} ${i}`);
    await freshRound(player); // Next Anime after a missed round: no skip recorded
    await player.as.mutation(api.game.next, { roundNumber: (await currentRound(player)).number });
    // A guess that changes nothing (a replay) records nothing either.
    await player.as
      .mutation(api.game.guess, { roundNumber: 1, attempt: 0, guess: "Show 1" })
      .catch(() => undefined);

    const view = await stats(player);
    expect(view.shareDay).toEqual({
      day: "2026-11-23",
      rounds: 4,
      solved: 2,
      points: 250,
      marks: ["firstTry", "solvedLater", "missed", "skipped"],
    });
    expect(view.totals).toEqual({ rounds: 4, solved: 2, firstTry: 1 });
    expect(view.todaySolved).toBe(2);
    expect(view.history).toHaveLength(STATS_HISTORY_DAYS);
    expect(view.history.at(-1)).toEqual({ day: "2026-11-23", rounds: 4, solved: 2, points: 250 });
    expect(view.history[0].day).toBe("2026-11-17");
  });

  test("an anime dealt again after its answer was seen counts for nothing, not even the streak", async () => {
    const { t, player } = await started("UTC", "2026-11-23T08:00:00Z", 2);
    // Pool of two: skip both, and the first is dealt again with its answer seen.
    await player.as.mutation(api.game.next, { roundNumber: 1 });
    await player.as.mutation(api.game.next, { roundNumber: 2 });
    expect((await currentRound(player)).seenBefore).toBe(true);
    expect(await guess(player, await titleOnScreen(t, player))).toEqual({
      kind: "correct",
      points: 0,
    });
    const view = await stats(player);
    expect(view.shareDay?.marks).toEqual(["skipped", "skipped"]);
    expect(view.totals).toEqual({ rounds: 2, solved: 0, firstTry: 0 });
    expect(view.streak.current).toBe(0);
  });

  test("the stats query reads a bounded number of day documents: 7 of 30 days played", async () => {
    const { t, player } = await started("UTC", "2026-10-20T08:00:00Z");
    for (let day = 0; day < 30; day++) {
      await solveAt(t, player, new Date(Date.UTC(2026, 9, 21 + day, 12)).toISOString());
    }
    const view = await stats(player);
    expect(view.today).toBe("2026-11-19");
    expect(view.streak).toMatchObject({ current: 30, best: 30 });
    expect(view.history.every((day) => day.solved === 1)).toBe(true);
    expect(view.history).toHaveLength(STATS_HISTORY_DAYS);
  });

  test("the day shown is the client's, never before the player's last move: no clock in the query", async () => {
    const { t, player } = await started("America/New_York", "2026-11-20T15:00:00Z");
    await solveAt(t, player, "2026-11-20T16:00:00Z"); // 20 Nov, 11:00 EST
    const at = async (instant: number) => (await player.as.query(api.stats.mine, { at: instant }))!;
    // The server's clock stands far ahead; the view follows the client's.
    vi.setSystemTime(new Date("2027-06-01T00:00:00Z"));
    const tomorrow = await at(Date.parse("2026-11-21T14:00:00Z"));
    expect(tomorrow.today).toBe("2026-11-21");
    expect(tomorrow.streak).toMatchObject({ current: 1, solvedToday: false });
    expect(tomorrow.nextDayAt).toBe(Date.parse("2026-11-22T05:00:00Z")); // midnight in New York
    // A clock set back, or no clock at all, shows the day of the last move.
    for (const faked of [0, Date.parse("2026-11-01T00:00:00Z"), NaN, Infinity, 1e300]) {
      const view = await at(faked);
      expect(view.today).toBe("2026-11-20");
      expect(view.todaySolved).toBe(1);
      expect(view.nextDayAt).toBe(Date.parse("2026-11-21T05:00:00Z"));
    }
  });

  test("before the first visit there are no stats", async () => {
    const t = newBackend();
    const player = await signedInAs(t, "player");
    expect(await player.as.query(api.stats.mine, { at: Date.now() })).toBeNull();
  });
});
