// The boards by period as the game writes them: a correct guess puts its points on today's, this
// week's and the all-time board in the same mutation; UTC days and Monday weeks; racing guesses.
import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { utcDay } from "../../model/shared/localTime";
import { POINTS_PER_CORRECT_GUESS, QUICK_GUESS_BONUS } from "../../model/shared/rules";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { foldAll, seedAnime, standingAs } from "../../../testing/world";
import { testUser } from "../../../testing/fixtures/users";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

const FIRST_TRY = POINTS_PER_CORRECT_GUESS + QUICK_GUESS_BONUS;

fakeClockEachTest();

/** A player signed in without a password round (Convex Auth reads the user id from `subject`). */
async function newPlayer(t: TestConvex, username: string) {
  const { userId, sessionId } = await t.run(async (ctx) => {
    const userId = await ctx.db.insert("users", testUser(username));
    const sessionId = await ctx.db.insert("authSessions", { userId, expirationTime: 1e15 });
    return { userId, sessionId };
  });
  const as = t.withIdentity({ subject: `${userId}|${sessionId}`, issuer: "test" });
  return { userId, as };
}

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** The right answer to the player's round, guessed at once (a first-try solve). */
async function solve(t: TestConvex, { userId, as }: Player) {
  const { round, answer } = await t.run(async (ctx) => {
    const game = await ctx.db
      .query("games")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique();
    const anime = await ctx.db.get("anime", game!.round!.animeId);
    return { round: game!.round!, answer: anime!.answers[0] };
  });
  return await as.mutation(api.game.guess, {
    roundNumber: round.number,
    attempt: round.guessesUsed,
    guess: answer,
  });
}

async function next({ as }: Player) {
  const view = await as.query(api.game.state, {});
  await as.mutation(api.game.next, { roundNumber: view!.round!.number });
}

async function boards(as: Player["as"], day: string) {
  const mine = async (period: "day" | "week" | "all") =>
    (await as.query(api.leaderboard.mine, { period, day })).score;
  return { day: await mine("day"), week: await mine("week"), all: await mine("all") };
}

async function setUp(players: string[], pool = 40) {
  const t = newBackend();
  await seedAnime(t, pool);
  const started: Player[] = [];
  for (const name of players) {
    const player = await newPlayer(t, name);
    await player.as.mutation(api.game.start, { timeZone: "UTC" });
    started.push(player);
  }
  return { t, players: started };
}

describe("points land on every board at once", () => {
  test("a correct guess adds to today's, this week's and the all-time board in its mutation", async () => {
    vi.setSystemTime(new Date("2026-11-25T10:00:00Z")); // a Wednesday
    const { t, players } = await setUp(["ann"]);
    const [ann] = players;
    expect(await solve(t, ann)).toEqual({ kind: "correct", points: FIRST_TRY });
    expect(await boards(ann.as, "2026-11-25")).toEqual({
      day: FIRST_TRY,
      week: FIRST_TRY,
      all: FIRST_TRY,
    });
    const entries = await t.run(async (ctx) => await ctx.db.query("boardEntries").take(1_000));
    expect(entries.map((e) => [e.board, e.score]).sort()).toEqual([
      ["all", FIRST_TRY],
      ["day:2026-11-25", FIRST_TRY],
      ["week:2026-11-23", FIRST_TRY],
    ]);
    const user = await t.run(async (ctx) => await ctx.db.get("users", ann.userId));
    expect(user!.score).toBe(FIRST_TRY);
  });

  test("a wrong guess and a seen anime's right guess land on no board", async () => {
    vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
    const { t, players } = await setUp(["ann"], 1);
    const [ann] = players;
    const view = await ann.as.query(api.game.state, {});
    await ann.as.mutation(api.game.guess, {
      roundNumber: view!.round!.number,
      attempt: 0,
      guess: WRONG_GUESS,
    });
    await next(ann); // a pool of one: the same anime stays, its answer unseen
    expect(await t.run(async (ctx) => await ctx.db.query("boardEntries").take(1_000))).toEqual([]);
  });

  test("a new UTC day starts an empty day board; the week and all time keep counting", async () => {
    vi.setSystemTime(new Date("2026-11-25T23:59:59Z"));
    const { t, players } = await setUp(["ann"]);
    const [ann] = players;
    await solve(t, ann);
    await next(ann);
    vi.setSystemTime(new Date("2026-11-26T00:00:00Z"));
    expect(await boards(ann.as, "2026-11-26")).toEqual({ day: 0, week: FIRST_TRY, all: FIRST_TRY });
    await ann.as.mutation(api.game.start, { timeZone: "UTC" }); // the midnight reset's new round
    await solve(t, ann);
    expect(await boards(ann.as, "2026-11-26")).toEqual({
      day: FIRST_TRY,
      week: 2 * FIRST_TRY,
      all: 2 * FIRST_TRY,
    });
    // Yesterday's board still says what happened yesterday.
    expect(
      (await ann.as.query(api.leaderboard.mine, { period: "day", day: "2026-11-25" })).score,
    ).toBe(FIRST_TRY);
  });

  test("weeks start on Monday 00:00 UTC, whatever the player's time zone", async () => {
    vi.setSystemTime(new Date("2026-11-29T23:59:59Z")); // Sunday, the week's last second
    const t = newBackend();
    await seedAnime(t, 40);
    const ann = await newPlayer(t, "ann");
    // Tokyo is already on Monday: the shared boards follow UTC all the same.
    await ann.as.mutation(api.game.start, { timeZone: "Asia/Tokyo" });
    await solve(t, ann);
    await next(ann);
    vi.setSystemTime(new Date("2026-11-30T00:00:00Z")); // Monday
    await solve(t, ann);
    const weeks = await t.run(async (ctx) =>
      (await ctx.db.query("boardEntries").take(1_000))
        .filter((e) => e.board.startsWith("week:"))
        .map((e) => [e.board, e.score]),
    );
    expect(weeks.sort()).toEqual([
      ["week:2026-11-23", FIRST_TRY],
      ["week:2026-11-30", FIRST_TRY],
    ]);
    expect(await boards(ann.as, "2026-11-30")).toEqual({
      day: FIRST_TRY,
      week: FIRST_TRY,
      all: 2 * FIRST_TRY,
    });
  });

  test("tied players share a rank on the day board", async () => {
    vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
    const { t, players } = await setUp(["ann", "bob", "cyd"]);
    const [ann, bob, cyd] = players;
    await solve(t, ann);
    await solve(t, bob);
    await next(ann);
    await solve(t, ann);
    const top = await t.query(api.leaderboard.top, { period: "day", day: "2026-11-25" });
    expect(top.map((e) => [e.username, e.score, e.rank])).toEqual([
      ["ann", 2 * FIRST_TRY, 1],
      ["bob", FIRST_TRY, 2],
    ]);
    await solve(t, cyd);
    const tied = await t.query(api.leaderboard.top, { period: "day", day: "2026-11-25" });
    expect(tied.map((e) => e.rank)).toEqual([1, 2, 2]);
    await foldAll(t);
    expect(await standingAs(cyd, { period: "day", day: "2026-11-25" })).toMatchObject({
      score: FIRST_TRY,
      rank: 2,
      exact: true,
      players: 3,
    });
  });
});

describe("racing guesses", () => {
  test("many players' correct guesses at once never lose a point", async () => {
    vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
    const names = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const { t, players } = await setUp(names, 60);
    // Twice each, all at the same moment: 80 scoring mutations on 3 boards' shared statistics.
    for (let round = 0; round < 2; round++) {
      const outcomes = await Promise.all(players.map((player) => solve(t, player)));
      expect(outcomes.every((o) => o.kind === "correct")).toBe(true);
      await Promise.all(players.map((player) => next(player)));
    }
    const expected = 2 * FIRST_TRY;
    // The fold counts each guess exactly once: 80 correct ones on the day's counters.
    await foldAll(t);
    const { entries, ranks, day } = await t.run(async (ctx) => ({
      entries: await ctx.db.query("boardEntries").take(1_000),
      ranks: await ctx.db.query("boardRanks").take(1_000),
      day: await ctx.db.query("gameDailyStats").take(10),
    }));
    expect(day).toMatchObject([{ day: "2026-11-25", correctGuesses: names.length * 2 }]);
    for (const board of ["all", "day:2026-11-25", "week:2026-11-23"]) {
      const onBoard = entries.filter((e) => e.board === board);
      expect(onBoard).toHaveLength(names.length);
      expect(onBoard.every((e) => e.score === expected)).toBe(true);
      const stats = ranks.filter((r) => r.board === board);
      expect(stats).toHaveLength(1);
      expect(stats[0]).toMatchObject({ players: names.length, top: onBoard.map(() => expected) });
    }
    const users = await t.run(async (ctx) => await ctx.db.query("users").take(1_000));
    expect(users.every((u) => u.score === expected)).toBe(true);
    const weekRanks = await Promise.all(
      players.map(
        async (player) =>
          (await standingAs(player, { period: "week", day: utcDay(Date.now()) })).rank,
      ),
    );
    expect(new Set(weekRanks)).toEqual(new Set([1]));
  });

  test("one player's racing submissions of the same guess score once", async () => {
    vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
    const { t, players } = await setUp(["ann"]);
    const [ann] = players;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => solve(t, ann)));
    expect(outcomes.filter((o) => o.kind === "correct")).toHaveLength(1);
    expect(await boards(ann.as, "2026-11-25")).toEqual({
      day: FIRST_TRY,
      week: FIRST_TRY,
      all: FIRST_TRY,
    });
  });
});
