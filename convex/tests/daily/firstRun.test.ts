// The Daily on a deployment's first run and on small pools: opened on an empty pool it starts the
// fill and waits; it is chosen only whole (DAILY_ANIME_COUNT distinct anime), never from an
// earlier Daily's anime while the pool has others; and a pool too small to deal says so, in the
// game, the Daily and a room alike.
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { DAILY_ANIME_COUNT, DAILY_TOMORROW_MIN_POOL, dailyStartOf } from "../../model/shared/rules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  fixturePage,
  generatedPage,
  latestRefresh,
  runJobsOneByOne,
  runNextJob,
  stubAniList,
  useRefreshClock,
} from "../../../testing/convex/aniList";
import {
  dailyAnime,
  dealtAnime,
  newRoom,
  openDailyAs,
  openDailyOutcomeAs,
  openGameAs,
  seedAnime,
  signedInAs,
  signUp,
  skipAs,
  todaysNumber,
  viewOf,
  type Player,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const idsOf = async (t: TestConvex, number: number) =>
  (await dailyAnime(t, number)).map((anime) => anime._id);

const puzzleCount = async (t: TestConvex) =>
  (await t.run(async (ctx) => await ctx.db.query("dailyPuzzles").take(100))).length;

const poolOf = async (player: Player) => await player.as.query(api.catalogue.poolStatus, {});

/** The cron at the start of Daily #`number`'s day. */
async function cronAtStartOf(t: TestConvex, number: number) {
  vi.setSystemTime(dailyStartOf(number));
  await t.mutation(internal.daily.prepare, {});
}

describe("the Daily on an empty pool", () => {
  useRefreshClock();

  test("starts the fill, waits while 3 anime are ready, and deals a Daily of 5 once they are", async () => {
    const t = newBackend();
    // AniList's first page holds 3 anime, its second 2.
    stubAniList({ 1: [fixturePage(1)], 2: [fixturePage(2)] }, { covers: "ok" });
    const player = await signUp(t);

    expect(await openDailyOutcomeAs(player)).toEqual({ kind: "waiting", ready: 0, needed: 5 });
    expect(await latestRefresh(t)).toMatchObject({ trigger: "emptyPool", status: "running" });

    // The first page's 3 anime are ready, the second page still to come: no Daily yet.
    while ((await poolOf(player)).ready < 3) await runNextJob(t);
    expect(await poolOf(player)).toMatchObject({ ready: 3, pagesFetched: 1, refresh: "running" });
    expect(await openDailyOutcomeAs(player)).toEqual({ kind: "waiting", ready: 3, needed: 5 });
    expect(await puzzleCount(t)).toBe(0);

    // The page's wait sees 5 ready and opens the Daily again: it is chosen, and dealt.
    await runJobsOneByOne(t);
    expect(await poolOf(player)).toMatchObject({ ready: 5, refresh: "succeeded" });
    expect(await openDailyOutcomeAs(player)).toMatchObject({
      kind: "open",
      view: { number: todaysNumber(), animeCount: 5, rounds: [{ index: 0, status: "playing" }] },
    });
    expect(new Set(await idsOf(t, todaysNumber())).size).toBe(DAILY_ANIME_COUNT);
    // Tomorrow's is left to its own day: a pool of 5 could not hold both.
    expect(await idsOf(t, todaysNumber() + 1)).toEqual([]);
  });
});

describe("the Daily on a deployment's first fill", () => {
  useRefreshClock();

  test("is chosen as the pool fills, before anyone opens it, and holds none of the anime the game dealt first", async () => {
    const t = newBackend();
    stubAniList((page) => generatedPage(page, 4), { covers: "ok" });
    const player = await signUp(t);
    expect((await openGameAs(player))?.round ?? null).toBeNull();

    // The first covers made: the player is dealt them, one after the other.
    while ((await poolOf(player)).ready < 3) await runNextJob(t);
    await openGameAs(player);
    const dealt = new Set<Id<"anime">>([(await dealtAnime(t, player))._id]);
    while (dealt.size < 3) {
      await skipAs(player);
      dealt.add((await dealtAnime(t, player))._id);
    }
    expect(await puzzleCount(t)).toBe(0);

    // The pool fills: today's Daily is chosen on the way, with no Daily call.
    await runJobsOneByOne(t);
    expect((await poolOf(player)).ready).toBeGreaterThanOrEqual(DAILY_TOMORROW_MIN_POOL);
    const daily = await idsOf(t, todaysNumber());
    expect(daily).toHaveLength(DAILY_ANIME_COUNT);
    expect(daily.filter((id) => dealt.has(id))).toEqual([]);
  });
});

describe("choosing the Daily", () => {
  fakeClockEachTest();

  test("on a fresh deployment, a player who plays the game first and then opens the Daily has been dealt none of its anime", async () => {
    const t = newBackend();
    // A pool stored before any Daily (the offline preview's, a day the cron did not choose one).
    await seedAnime(t, 12);
    const ann = await signedInAs(t, "player");
    await openGameAs(ann);
    const dealt = new Set<Id<"anime">>([(await dealtAnime(t, ann))._id]);
    while (dealt.size < 7) {
      await skipAs(ann);
      dealt.add((await dealtAnime(t, ann))._id);
    }

    // 7 of the 12 dealt (the last still on screen): the Daily is the 5 nobody was dealt.
    expect(await openDailyOutcomeAs(ann)).toMatchObject({ kind: "open" });
    const daily = await idsOf(t, todaysNumber());
    expect(daily).toHaveLength(5);
    expect(daily.filter((id) => dealt.has(id))).toEqual([]);
    // The round on screen is still the player's: none of its anime was withdrawn.
    expect((await viewOf(ann)).round).toMatchObject({ status: "playing" });
  });

  test("with fewer than 5 ready and nothing filling the pool: not chosen, too small, no fill started", async () => {
    const t = newBackend();
    await seedAnime(t, 4);
    const ann = await signedInAs(t, "player");
    expect(await openDailyOutcomeAs(ann)).toEqual({ kind: "poolTooSmall", ready: 4, needed: 5 });
    expect(await puzzleCount(t)).toBe(0);
    expect(await latestRefresh(t)).toBeNull();
    // The game deals from those 4 meanwhile: no Daily holds them.
    expect((await openGameAs(ann))?.round).toMatchObject({ status: "playing" });
    const dealt = (await dealtAnime(t, ann))._id;

    // 5 ready, one of them dealt today: the Daily waits for a fifth nobody was dealt.
    await seedAnime(t, 1);
    expect(await openDailyOutcomeAs(ann)).toEqual({ kind: "poolTooSmall", ready: 4, needed: 5 });
    await seedAnime(t, 1);
    expect(await openDailyOutcomeAs(ann)).toMatchObject({ kind: "open" });
    expect(await idsOf(t, todaysNumber())).not.toContain(dealt);
  });

  test("the next days' Dailies repeat no earlier Daily's anime while the pool has others, then the oldest", async () => {
    const t = newBackend();
    await seedAnime(t, 12);
    const ann = await signedInAs(t, "player");
    const day1 = todaysNumber();
    await openDailyAs(ann);
    const first = await idsOf(t, day1);
    expect(new Set(first).size).toBe(5);

    await cronAtStartOf(t, day1 + 1);
    const second = await idsOf(t, day1 + 1);
    expect(new Set(second).size).toBe(5);
    expect(second.filter((id) => first.includes(id))).toEqual([]);

    // 2 anime were never in a Daily: both are in the third, with 3 of the first's (the longest
    // unused), none of the day before's.
    await cronAtStartOf(t, day1 + 2);
    const third = await idsOf(t, day1 + 2);
    expect(new Set(third).size).toBe(5);
    expect(third.filter((id) => second.includes(id))).toEqual([]);
    expect(third.filter((id) => first.includes(id))).toHaveLength(3);
  });

  test("the cron's choice of today's and tomorrow's follows the same rules", async () => {
    const t = newBackend();
    const day = todaysNumber();
    await seedAnime(t, 3);
    await cronAtStartOf(t, day);
    expect(await puzzleCount(t)).toBe(0);

    // 12 ready: today's is chosen, tomorrow's waits for its own day (the game deals the 7 left).
    await seedAnime(t, 9);
    await t.mutation(internal.daily.prepare, {});
    expect(await idsOf(t, day)).toHaveLength(5);
    expect(await idsOf(t, day + 1)).toEqual([]);

    // Enough for both and the game's deals: tomorrow's is chosen a day early, none of today's.
    await seedAnime(t, DAILY_TOMORROW_MIN_POOL - 12);
    await t.mutation(internal.daily.prepare, {});
    const today = await idsOf(t, day);
    const tomorrow = await idsOf(t, day + 1);
    expect(new Set(tomorrow).size).toBe(5);
    expect(tomorrow.filter((id) => today.includes(id))).toEqual([]);
  });
});

describe("a pool too small to deal", () => {
  fakeClockEachTest();

  test("a pool of 8: the Daily holds 5, tomorrow's is not chosen early, the game and a room deal the rest", async () => {
    const t = newBackend();
    await seedAnime(t, 8);
    const ann = await signedInAs(t, "player", { email: "ann@example.com", username: "Ann" });
    const ben = await signedInAs(t, "player", { email: "ben@example.com", username: "Ben" });
    expect(await openDailyOutcomeAs(ann)).toMatchObject({ kind: "open" });
    const held = new Set<Id<"anime">>([
      ...(await idsOf(t, todaysNumber())),
      ...(await idsOf(t, todaysNumber() + 1)),
    ]);
    expect(held.size).toBe(5);
    expect(await ann.as.query(api.daily.poolHeld, { number: todaysNumber() })).toBeNull();

    await openGameAs(ann);
    expect(held.has((await dealtAnime(t, ann))._id)).toBe(false);
    const code = await newRoom(ben, [ann]);
    await ben.as.mutation(api.rooms.start, { code });
    const round = await t.run(async (ctx) => await ctx.db.query("roomRounds").first());
    expect(held.has(round!.animeId)).toBe(false);
  });

  test("a pool the Dailies hold whole: the game and a room say so, the Daily plays", async () => {
    const t = newBackend();
    await seedAnime(t, DAILY_ANIME_COUNT);
    const ann = await signedInAs(t, "player");
    expect(await openDailyOutcomeAs(ann)).toMatchObject({ kind: "open" });

    expect((await openGameAs(ann))?.round).toBeNull();
    expect(await ann.as.query(api.daily.poolHeld, { number: todaysNumber() })).toEqual({
      ready: DAILY_ANIME_COUNT,
    });
    const { code } = await ann.as.mutation(api.rooms.create, {});
    await expectErrorCode(ann.as.mutation(api.rooms.start, { code }), "ROOM_POOL_TOO_SMALL");
    expect(await t.query(internal.catalogue.poolReport, {})).toMatchObject({
      hint: "Only 5 anime are ready, and today's and tomorrow's Daily hold them all: the game and rooms deal nothing. Fill the pool: npx convex run catalogue:fillPool",
    });
  });
});
