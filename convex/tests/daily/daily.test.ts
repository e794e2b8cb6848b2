import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import crons from "../../crons";
import {
  DAILY_ANIME_COUNT,
  DAILY_REPEAT_BAR_DAYS,
  DAY_MS,
  dailyNumberAt,
  dailyStartOf,
} from "../../model/shared/rules";
import { readResults } from "../../model/daily/results";
import { streakAfter } from "../../model/daily/streak";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  dailyAnime,
  dailyResultsAs,
  dailyViewAs,
  deal,
  foldAll,
  gameOf,
  giveUpDailyAs,
  guessDailyAs,
  guessDailyWrongAs,
  nextDailyAs,
  openDailyAs,
  playDailyAs,
  seedAnime,
  seedDaily,
  signedInAs,
  todaysNumber,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

async function twoPlayers(t: TestConvex) {
  const ann = await signedInAs(t, "player", { email: "ann@example.com", username: "Ann" });
  const ben = await signedInAs(t, "player", { email: "ben@example.com", username: "Ben" });
  return { ann, ben };
}

const puzzles = async (t: TestConvex) =>
  await t.run(async (ctx) => await ctx.db.query("dailyPuzzles").take(100));

describe("the Daily's number and choice", () => {
  test("counts UTC days from the epoch: the same number everywhere, whatever the zone", () => {
    expect(dailyNumberAt(dailyStartOf(1))).toBe(1);
    expect(dailyNumberAt(dailyStartOf(7) - 1)).toBe(6);
    expect(dailyNumberAt(Date.parse("2026-11-21T23:59:59.999Z"))).toBe(2);
    expect(dailyNumberAt(Date.parse("2026-11-22T00:00:00Z"))).toBe(3);
    expect(dailyStartOf(3) - dailyStartOf(2)).toBe(DAY_MS);
  });

  test("two players get the same Daily, in the same order, chosen once with tomorrow's", async () => {
    const t = newBackend();
    await seedAnime(t, 30);
    const { ann, ben } = await twoPlayers(t);
    const annView = await playDailyAs(t, ann, [1, "giveUp", 2, "miss", 1]);
    const benView = await playDailyAs(t, ben, ["giveUp", 1, "giveUp", "giveUp", 3]);
    const order = (view: typeof annView) =>
      view!.rounds.map((round) => [round.clue, round.answer?.english]);
    expect(order(annView)).toHaveLength(DAILY_ANIME_COUNT);
    expect(order(annView)).toEqual(order(benView));
    const anime = await dailyAnime(t);
    expect(annView!.rounds.map((round) => round.answer?.english)).toEqual(
      anime.map((one) => one.title.english),
    );
    // Today's and tomorrow's, once each, with no anime in common.
    const stored = await puzzles(t);
    expect(stored.map((puzzle) => puzzle.number).sort()).toEqual([
      todaysNumber(),
      todaysNumber() + 1,
    ]);
    const [today, tomorrow] = stored;
    expect(today.animeIds.filter((id) => tomorrow.animeIds.includes(id))).toEqual([]);
    expect(new Set(today.animeIds).size).toBe(DAILY_ANIME_COUNT);
  });

  test("the cron at the day's start chooses tomorrow's, and none of the last 60 Dailies' anime", async () => {
    expect(crons.crons["choose the next Daily"]).toMatchObject({
      name: "daily:prepare",
      schedule: { type: "daily", hourUTC: 0, minuteUTC: 0 },
    });
    const t = newBackend();
    const ids = await seedAnime(t, 25);
    const today = todaysNumber();
    // 15 anime in Dailies within the bar (the oldest DAILY_REPEAT_BAR_DAYS ago), 5 just outside.
    await seedDaily(t, ids.slice(0, 5), today - 1);
    await seedDaily(t, ids.slice(5, 10), today - 30);
    await seedDaily(t, ids.slice(10, 15), today - DAILY_REPEAT_BAR_DAYS);
    await seedDaily(t, ids.slice(15, 20), today - DAILY_REPEAT_BAR_DAYS - 1);
    await t.mutation(internal.daily.prepare, {});
    const chosen = (await dailyAnime(t, today)).map((anime) => anime._id);
    expect(chosen).toHaveLength(DAILY_ANIME_COUNT);
    for (const id of chosen) expect(ids.slice(0, 15)).not.toContain(id);
    // Tomorrow's bar holds today's too: a 25-anime pool still fills it, from the oldest Daily's.
    const tomorrow = (await dailyAnime(t, today + 1)).map((anime) => anime._id);
    expect(tomorrow).toHaveLength(DAILY_ANIME_COUNT);
    for (const id of tomorrow) expect(chosen).not.toContain(id);
    // Run again, it changes nothing.
    await t.mutation(internal.daily.prepare, {});
    expect(await puzzles(t)).toHaveLength(6);
  });
});

describe("playing the Daily", () => {
  test("five guesses per anime, a progressive cover, the history, give up, next, complete", async () => {
    const t = newBackend();
    await seedAnime(t, 20);
    const { ann } = await twoPlayers(t);
    const opened = (await openDailyAs(ann))!;
    expect(opened).toMatchObject({
      number: todaysNumber(),
      startsAt: dailyStartOf(todaysNumber()),
      nextStartsAt: dailyStartOf(todaysNumber() + 1),
      animeCount: 5,
      guessesPerAnime: 5,
      complete: false,
      streak: { current: 0, best: 0 },
      rounds: [{ index: 0, status: "playing", guessesUsed: 0, answer: null, guesses: [] }],
    });
    expect(opened.rounds[0].coverPath).toMatch(/^\/cover\/[0-9a-f]{32}\/0$/);
    const anime = await dailyAnime(t);

    expect(await guessDailyAs(ann, "Mecha Tsundere 1")).toEqual({ kind: "wrong", guessesLeft: 4 });
    // The same text again is free; common words alone are refused for free.
    expect(await guessDailyAs(ann, "mecha  tsundere 1")).toEqual({ kind: "alreadyTried" });
    expect(await guessDailyAs(ann, "the")).toMatchObject({ kind: "refused" });
    // Next anime only once this one has ended.
    expect(await nextDailyAs(ann)).toEqual({ kind: "stale" });
    let view = (await dailyViewAs(ann))!;
    expect(view.rounds[0]).toMatchObject({
      guessesUsed: 1,
      answer: null,
      guesses: [
        { text: "Mecha Tsundere 1", outcome: "wrong" },
        { text: "mecha  tsundere 1", outcome: "alreadyTried" },
        { text: "the", outcome: "tooGeneric" },
      ],
    });
    expect(view.rounds[0].coverPath).toMatch(/\/1$/);

    expect(await guessDailyAs(ann, anime[0].title.english!)).toEqual({
      kind: "correct",
      guessesUsed: 2,
    });
    expect(await guessDailyAs(ann, "again")).toEqual({ kind: "roundOver" });
    view = (await dailyViewAs(ann))!;
    expect(view.rounds[0]).toMatchObject({
      status: "solved",
      answer: { english: anime[0].title.english },
    });
    expect(view.rounds[0].coverPath).toMatch(/\/clear$/);

    expect(await nextDailyAs(ann)).toEqual({ kind: "done" });
    expect(await nextDailyAs(ann)).toEqual({ kind: "stale" });
    for (let i = 0; i < 4; i++) await guessDailyWrongAs(ann);
    expect(await guessDailyWrongAs(ann)).toEqual({ kind: "outOfGuesses" });
    await nextDailyAs(ann);
    expect(await giveUpDailyAs(ann)).toEqual({ kind: "done" });
    expect(await giveUpDailyAs(ann)).toEqual({ kind: "stale" });
    view = (await dailyViewAs(ann))!;
    expect(view.rounds.map((round) => round.status)).toEqual(["solved", "outOfGuesses", "gaveUp"]);
    expect(view.rounds[2].answer?.english).toBe(anime[2].title.english);
    await nextDailyAs(ann);
    await guessDailyAs(ann, anime[3].title.english!);
    await nextDailyAs(ann);
    await guessDailyAs(ann, anime[4].title.english!);
    expect(await nextDailyAs(ann)).toEqual({ kind: "stale" });
    view = (await dailyViewAs(ann))!;
    expect(view).toMatchObject({ complete: true, streak: { current: 1, best: 1 } });
  });

  test("spends none of the Challenge's allowance and writes no board entry", async () => {
    const t = newBackend();
    await seedAnime(t, 20);
    const { ann } = await twoPlayers(t);
    await deal(ann);
    const before = await gameOf(t, ann);
    await playDailyAs(t, ann, [1, 1, 2, "miss", "giveUp"]);
    await foldAll(t);
    expect(await gameOf(t, ann)).toEqual(before);
    const stored = await t.run(async (ctx) => ({
      user: await ctx.db.get("users", ann.userId),
      entries: await ctx.db.query("boardEntries").take(10),
      ranks: await ctx.db.query("boardRanks").take(10),
      days: await ctx.db.query("playerDays").take(10),
    }));
    expect(stored.user?.score).toBe(0);
    expect(stored).toMatchObject({ entries: [], ranks: [], days: [] });
  });

  test("a Daily whose day is over takes no more guesses; the next one opens at 00:00 UTC", async () => {
    const t = newBackend();
    await seedAnime(t, 30);
    const { ann } = await twoPlayers(t);
    const first = (await openDailyAs(ann))!;
    vi.setSystemTime(first.nextStartsAt);
    const yesterdays = { number: first.number, index: 0 };
    expect(
      await ann.as.mutation(api.daily.guess, { ...yesterdays, attempt: 0, guess: "Show 3" }),
    ).toEqual({ kind: "over" });
    expect(await ann.as.mutation(api.daily.giveUp, yesterdays)).toEqual({ kind: "over" });
    // Yesterday's screen stays as it was left.
    expect((await dailyViewAs(ann, first.number))!.rounds).toEqual(first.rounds);
    const second = (await openDailyAs(ann))!;
    expect(second.number).toBe(first.number + 1);
    expect(second.rounds).toHaveLength(1);
  });
});

describe("the Daily streak", () => {
  test("counts consecutive Daily numbers completed, and breaks on a missed one", async () => {
    const t = newBackend();
    await seedAnime(t, 60);
    const { ann } = await twoPlayers(t);
    const all = ["giveUp", "giveUp", "giveUp", "giveUp", "giveUp"] as const;
    expect((await playDailyAs(t, ann, [...all]))!.streak).toEqual({ current: 1, best: 1 });
    vi.setSystemTime(dailyStartOf(todaysNumber() + 1) + 5 * 60_000);
    expect((await playDailyAs(t, ann, [1, ...all.slice(1)]))!.streak).toEqual({
      current: 2,
      best: 2,
    });
    // A Daily played but not completed keeps nothing; the day after it, the streak is gone.
    vi.setSystemTime(dailyStartOf(todaysNumber() + 1) + 60_000);
    expect((await playDailyAs(t, ann, [1, 1]))!.streak).toEqual({ current: 2, best: 2 });
    vi.setSystemTime(dailyStartOf(todaysNumber() + 1) + 60_000);
    expect((await openDailyAs(ann))!.streak).toEqual({ current: 0, best: 2 });
    expect((await playDailyAs(t, ann, [...all]))!.streak).toEqual({ current: 1, best: 2 });
  });

  test("time-zone hops, replays and a second finishing call forge nothing", async () => {
    const t = newBackend();
    await seedAnime(t, 40);
    const { ann } = await twoPlayers(t);
    // Completed late in the UTC day, from a zone already in tomorrow…
    vi.setSystemTime(new Date("2026-11-21T23:30:00Z"));
    await deal(ann, "Pacific/Kiritimati");
    const done = (await playDailyAs(t, ann, ["giveUp", 1, 1, 1, 1]))!;
    expect(done.streak).toEqual({ current: 1, best: 1 });
    // …the zone buys no second Daily that day: the next one is the server's, at 00:00 UTC.
    await deal(ann, "Pacific/Kiritimati");
    expect((await openDailyAs(ann))!.number).toBe(done.number);
    expect(
      await ann.as.mutation(api.daily.guess, {
        number: done.number + 1,
        index: 0,
        attempt: 0,
        guess: "Show 1",
      }),
    ).toEqual({ kind: "over" });
    expect(await ann.as.mutation(api.daily.next, { number: done.number + 1, index: 0 })).toEqual({
      kind: "over",
    });
    // Replaying the finishing moves changes nothing.
    const last = done.rounds.at(-1)!;
    expect(
      await ann.as.mutation(api.daily.guess, {
        number: done.number,
        index: last.index,
        attempt: last.guessesUsed - 1,
        guess: "Show 1",
      }),
    ).toEqual({ kind: "roundOver" });
    expect(await ann.as.mutation(api.daily.giveUp, { number: done.number, index: 4 })).toEqual({
      kind: "stale",
    });
    expect((await dailyViewAs(ann))!.streak).toEqual({ current: 1, best: 1 });
    // Two finishing calls for the same Daily (a race Convex serialises): the second adds nothing.
    const once = streakAfter(null, 7);
    expect(streakAfter(once, 7)).toEqual(once);
    expect(streakAfter(streakAfter(once, 8), 8)).toEqual({ current: 2, best: 2, lastNumber: 8 });
    expect(streakAfter(streakAfter(once, 8), 7)).toEqual({ current: 2, best: 2, lastNumber: 8 });
    expect(streakAfter(once, 9)).toEqual({ current: 1, best: 1, lastNumber: 9 });
  });
});

describe("the world's results", () => {
  test("count each player once per anime, only through the fold, for anyone", async () => {
    const t = newBackend();
    await seedAnime(t, 20);
    const { ann, ben } = await twoPlayers(t);
    const cy = await signedInAs(t, "player", { email: "cy@example.com", username: "Cy" });
    await playDailyAs(t, ann, [2]);
    await playDailyAs(t, ben, ["giveUp"]);
    // Nothing before the fold: the players' calls only inserted tallies.
    expect(await dailyResultsAs(t, 0)).toEqual({
      players: 0,
      solvedIn: [0, 0, 0, 0, 0],
      missed: 0,
    });
    expect(await foldAll(t)).toBe(2);
    // Replays of a finished round add nothing.
    await guessDailyAs(ann, "Show 999");
    await giveUpDailyAs(ben);
    await playDailyAs(t, cy, [1, 5]);
    await foldAll(t);
    const expected = { players: 3, solvedIn: [1, 1, 0, 0, 0], missed: 1 };
    // The same for a visitor and a player: no identity is read.
    expect(await dailyResultsAs(t, 0)).toEqual(expected);
    expect(await dailyResultsAs(cy.as, 0)).toEqual(expected);
    expect(await dailyResultsAs(t, 1)).toEqual({
      players: 1,
      solvedIn: [0, 0, 0, 0, 1],
      missed: 0,
    });
    // Read with a context that has no auth at all: the query never asks who is calling.
    const noAuth = await t.run(async (ctx) => {
      const auth = new Proxy(ctx.auth, {
        get: () => {
          throw new Error("the results read the caller's identity");
        },
      });
      return await readResults({ ...ctx, auth }, todaysNumber(), 0);
    });
    expect(noAuth).toEqual(expected);
    // Only the fold writes the results document.
    const docs = await t.run(async (ctx) => await ctx.db.query("dailyResults").take(10));
    expect(docs).toHaveLength(1);
  });
});
