/**
 * The Daily's reserve (model/daily/reserve.ts), tried as a script would: skip is free and shows
 * the answer, so accounts skipping through the whole pool learn every anime the game deals, and
 * the rest are the Daily's. With a reserve, the rest are its 70 members, and today's and
 * tomorrow's Daily are each any of at least 50 of them. Without one (every pool before it), they
 * were exactly today's five and tomorrow's five.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import { drawForRoom } from "../../model/rooms/deal";
import {
  DAILY_ANIME_COUNT,
  DAILY_RESERVE_MIN_POOL,
  DAILY_RESERVE_SIZE,
} from "../../model/shared/rules";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  dailyAnime,
  dailyViewAs,
  deal,
  newRoom,
  roomAndRound,
  signedInPlayers,
  giveUpDailyAs,
  nextDailyAs,
  openDailyAs,
  seedAnime,
  signedInAs,
  todaysNumber,
  viewOf,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

type Player = Awaited<ReturnType<typeof signedInAs>>;

/** Three accounts of the script's, each with a round dealt. */
async function scriptAccounts(t: TestConvex, day: string): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < 3; i++) {
    const name = `Script${day}${i}`;
    players.push(await signedInAs(t, "player", { email: `${name}@example.com`, username: name }));
    await deal(players[i]);
  }
  return players;
}

fakeClockEachTest();

async function readyAnime(t: TestConvex): Promise<Doc<"anime">[]> {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("anime")
        .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
        .take(10 * DAILY_RESERVE_MIN_POOL),
  );
}

/** Every title of the ready pool (the typeahead lists them all to anyone). */
async function poolTitles(t: TestConvex): Promise<Set<string>> {
  return new Set((await readyAnime(t)).map((anime) => anime.title.english!));
}

/**
 * The titles the game may deal today, as the test knows them (the script does not): the ready
 * pool but the reserve's members and today's and tomorrow's Daily anime.
 */
async function dealableTitles(t: TestConvex): Promise<Set<string>> {
  const daily = new Set(
    [...(await dailyAnime(t)), ...(await dailyAnime(t, todaysNumber() + 1))].map((a) => a._id),
  );
  const dealable = (await readyAnime(t)).filter(
    (anime) => anime.reservedSince === undefined && !daily.has(anime._id),
  );
  return new Set(dealable.map((anime) => anime.title.english!));
}

/**
 * The accounts skip, in turn, until the game has shown them every anime it may deal today (the
 * script at its strongest: what it was never shown is exactly what the game never deals): the
 * titles shown (each skip's `skippedAnswer`).
 */
async function skipThroughPool(t: TestConvex, players: Player[]): Promise<Set<string>> {
  const dealable = await dealableTitles(t);
  const shown = new Set<string>();
  const rounds = new Map<Player, number>();
  for (const player of players) rounds.set(player, (await viewOf(player)).round!.number);
  for (let turn = 0; [...dealable].some((title) => !shown.has(title)); turn++) {
    if (turn > 10 * dealable.size) throw new Error("The game did not deal all it may deal");
    const player = players[turn % players.length];
    await player.as.mutation(api.game.next, { roundNumber: rounds.get(player)! });
    const view = await viewOf(player);
    rounds.set(player, view.round!.number);
    const title = view.skippedAnswer?.english;
    if (title) shown.add(title);
  }
  return shown;
}

/** Today's Daily played through by giving up on each anime: the answers the player then sees. */
async function answersOfTodaysDaily(player: Player): Promise<Set<string>> {
  await openDailyAs(player);
  const answers = new Set<string>();
  for (let index = 0; index < DAILY_ANIME_COUNT; index++) {
    if (index > 0) await nextDailyAs(player);
    const outcome = await giveUpDailyAs(player);
    expect(outcome).toMatchObject({ kind: "done" });
  }
  const view = await dailyViewAs(player);
  for (const round of view!.rounds) answers.add(round.answer!.english!);
  return answers;
}

function minus(a: Set<string>, b: Set<string>): Set<string> {
  return new Set([...a].filter((x) => !b.has(x)));
}

function titlesOf(anime: Doc<"anime">[]): string[] {
  return anime.map((a) => a.title.english!);
}

describe("skipping through the pool two days running", () => {
  test("leaves at least 50 candidates for today's Daily and for tomorrow's, the real ones among them", async () => {
    const t = newBackend();
    await seedAnime(t, DAILY_RESERVE_MIN_POOL);
    const titles = await poolTitles(t);
    const script = await scriptAccounts(t, "S");
    const dayS = todaysNumber();
    // Day S: the cron has chosen today's and tomorrow's; the script skips through all it deals.
    await t.mutation(internal.daily.prepare, {});
    const unseenS = minus(titles, await skipThroughPool(t, script));

    // Day S+1, just after the cron: three new accounts (sign-up is free; those of yesterday have
    // seen it all, and are dealt what they saw longest ago) skip through it, and play today's.
    vi.setSystemTime(new Date("2026-11-22T00:00:30Z"));
    await t.mutation(internal.daily.prepare, {});
    const script2 = await scriptAccounts(t, "T");
    const unseen = minus(titles, await skipThroughPool(t, script2));
    const todays = await answersOfTodaysDaily(script2[0]);

    // Today's Daily was chosen by yesterday: among what neither day dealt.
    const todayCandidates = new Set([...unseen].filter((title) => unseenS.has(title)));
    // Tomorrow's: among what today does not deal, today's answers aside.
    const tomorrowCandidates = minus(unseen, todays);
    const realToday = titlesOf(await dailyAnime(t, dayS + 1));
    const realTomorrow = titlesOf(await dailyAnime(t, dayS + 2));
    expect([...todays].sort()).toEqual([...realToday].sort());
    for (const title of realToday) expect(todayCandidates).toContain(title);
    for (const title of realTomorrow) expect(tomorrowCandidates).toContain(title);
    expect(todayCandidates.size).toBeGreaterThanOrEqual(50);
    expect(tomorrowCandidates.size).toBeGreaterThanOrEqual(50);
    // What the script cannot tell apart is the reserve itself: it saw every other anime.
    expect(unseen.size).toBe(DAILY_RESERVE_SIZE);
  }, 300_000);
});

/** The reserve's members now. */
async function membersOf(t: TestConvex): Promise<Doc<"anime">[]> {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("anime")
        .withIndex("by_reservedSince", (q) => q.gte("reservedSince", 0))
        .take(10 * DAILY_RESERVE_MIN_POOL),
  );
}

describe("the reserve", () => {
  test("holds today's and tomorrow's Daily; a room's deal never gives out a member", async () => {
    const t = newBackend();
    await seedAnime(t, DAILY_RESERVE_MIN_POOL);
    const [host, guest] = await signedInPlayers(t, 2);
    await t.mutation(internal.daily.prepare, {});
    const members = new Set((await membersOf(t)).map((anime) => anime._id));
    expect(members.size).toBe(DAILY_RESERVE_SIZE);
    for (const number of [todaysNumber(), todaysNumber() + 1]) {
      for (const anime of await dailyAnime(t, number)) expect(members).toContain(anime._id);
    }
    const { room } = await roomAndRound(t, await newRoom(host, [guest]));
    // 100 rounds' draws: a third of the pool is the reserve, so each would meet it by chance.
    const dealt: Id<"anime">[] = [];
    for (let batch = 0; batch < 5; batch++) {
      dealt.push(
        ...(await t.run(async (ctx) => {
          const ids: Id<"anime">[] = [];
          for (let i = 0; i < 20; i++) {
            const draw = await drawForRoom(
              ctx,
              room._id,
              [host.userId, guest.userId],
              new Set(),
              Date.now(),
            );
            ids.push(draw!.anime._id);
          }
          return ids;
        })),
      );
    }
    expect(dealt.filter((id) => members.has(id))).toEqual([]);
  });

  test("a pool one short of its minimum keeps none: the Daily is chosen from the pool, as before", async () => {
    const t = newBackend();
    const pool = await seedAnime(t, DAILY_RESERVE_MIN_POOL - 1);
    await t.mutation(internal.daily.prepare, {});
    expect(await membersOf(t)).toEqual([]);
    expect(await dailyAnime(t, todaysNumber())).toHaveLength(DAILY_ANIME_COUNT);
    expect(await dailyAnime(t, todaysNumber() + 1)).toHaveLength(DAILY_ANIME_COUNT);
    // One more ready anime, and the next day's choice fills the reserve, tomorrow's from it.
    await seedAnime(t, 1);
    vi.setSystemTime(new Date("2026-11-22T00:00:30Z"));
    await t.mutation(internal.daily.prepare, {});
    const members = new Set((await membersOf(t)).map((anime) => anime._id));
    expect(members.size).toBe(DAILY_RESERVE_SIZE);
    for (const anime of await dailyAnime(t, todaysNumber() + 1)) {
      expect(members).toContain(anime._id);
    }
    // Today's, chosen yesterday from the pool, stays out of the reserve (deals bar it anyway).
    for (const anime of await dailyAnime(t, todaysNumber())) {
      expect(members).not.toContain(anime._id);
    }
    expect(pool.length + 1).toBe(DAILY_RESERVE_MIN_POOL);
  });

  test("releases a Daily's anime once its day is over, and tops itself up", async () => {
    const t = newBackend();
    await seedAnime(t, DAILY_RESERVE_MIN_POOL);
    await t.mutation(internal.daily.prepare, {});
    const todays = (await dailyAnime(t)).map((anime) => anime._id);
    const first = new Set((await membersOf(t)).map((anime) => anime._id));
    vi.setSystemTime(new Date("2026-11-22T00:00:30Z"));
    await t.mutation(internal.daily.prepare, {});
    const second = new Set((await membersOf(t)).map((anime) => anime._id));
    expect(second.size).toBe(DAILY_RESERVE_SIZE);
    for (const id of todays) expect(second).not.toContain(id);
    // Five joined: the day's refill, never yesterday's Daily.
    const joined = [...second].filter((id) => !first.has(id));
    expect(joined).toHaveLength(DAILY_ANIME_COUNT);
  });
});
