import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { COOLDOWN_MS } from "../../model/shared/rules";
import { FOLD_SHARDS } from "../../model/tallies/shard";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  deal,
  dealtAnime,
  foldAll,
  guessAs,
  guessWrongAs,
  pendingGameJobs,
  scoreOf,
  seedAnime,
  signUp,
  skipAs,
  syncAs,
  viewOf,
  type Player,
} from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

type PlayerInGame = Awaited<ReturnType<typeof startedGame>>["player"];

fakeClockEachTest();

async function startedGame({
  poolSize = 20,
  timeZone = "UTC",
}: { poolSize?: number; timeZone?: string } = {}) {
  const t = newBackend();
  await seedAnime(t, poolSize);
  const player = await signUp(t);
  await deal(player, timeZone);
  return { t, as: player.as, player };
}

/** The cover's address at blur step `n` (0: the start), or the clear cover's. */
const step = (n: number | "clear") =>
  expect.stringMatching(new RegExp(`^/cover/[0-9a-f]{32}/${n}$`)) as unknown as string;

async function answersOfRound(t: TestConvex, player: PlayerInGame) {
  const view = await viewOf(player);
  const anime = await dealtAnime(t, player);
  return { view, title: anime.title.english!, anime };
}

/**
 * Moves the fake clock to `instant`, where the player's open game page asks the server for what
 * is due (game.sync), as it does at the instants its view names.
 */
async function advanceTo(player: Player, instant: number) {
  vi.advanceTimersByTime(instant - Date.now());
  await syncAs(player);
}

describe("starting a visit", () => {
  test("creates the game with the full allowance and deals a round", async () => {
    const { t, player } = await startedGame();
    const view = await viewOf(player);
    expect(view).toMatchObject({
      score: 0,
      dailyRemaining: 20,
      animeRemaining: 5,
      dailyLimit: 20,
      animeLimit: 5,
      cooldownEnd: null,
      round: {
        number: 1,
        status: "playing",
        guessesUsed: 0,
        coverPath: step(0),
        answer: null,
      },
    });
    expect(view.round!.clue).toContain("Genres: Action");
    expect(view.nextResetAt).toBe(Date.parse("2026-11-22T00:00:00Z"));
    await foldAll(t);
    const counters = await t.run(async (ctx) => await ctx.db.query("gameDailyStats").take(10));
    expect(counters.reduce((sum, counter) => sum + counter.sessions, 0)).toBe(1);
  });

  test("logs a session each visit but keeps the round in play", async () => {
    const { t, as, player } = await startedGame();
    const before = await viewOf(player);
    await as.mutation(api.game.start, { timeZone: "UTC" });
    expect((await viewOf(player)).round).toEqual(before.round);
    await foldAll(t);
    const stats = await t.run(async (ctx) => await ctx.db.query("gameDailyStats").take(10));
    expect(stats.reduce((sum, s) => sum + s.sessions, 0)).toBe(2);
  });

  test("refuses an unknown time zone", async () => {
    const t = newBackend();
    const { as } = await signUp(t);
    await expectErrorCode(
      as.mutation(api.game.start, { timeZone: "Mars/Base" }),
      "INVALID_TIME_ZONE",
    );
  });

  test("with an empty pool there is no round yet, and the catalogue starts refreshing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    ); // AniList never answers here
    const { t, as, player } = await startedGame({ poolSize: 0 });
    expect((await viewOf(player)).round).toBeNull();
    const refreshes = await t.run(async (ctx) => await ctx.db.query("catalogueRefreshes").take(5));
    expect(refreshes).toMatchObject([{ status: "running" }]);
    await as.mutation(api.game.start, { timeZone: "UTC" });
    expect(
      await t.run(async (ctx) => await ctx.db.query("catalogueRefreshes").take(5)),
    ).toHaveLength(1);
    expect(await skipAs(player).catch(() => null)).toBeNull(); // no round number to skip
  });
});

describe("the answer stays on the server", () => {
  test("no title, synonym or AniList id reaches the player while the round is playing", async () => {
    const { t, player } = await startedGame();
    for (let round = 0; round < 5; round++) {
      const { view, anime } = await answersOfRound(t, player);
      const sent = JSON.stringify(view);
      for (const secret of [...anime.answers, String(anime.anilistId), anime.siteUrl]) {
        expect(sent).not.toContain(secret);
      }
      expect(sent).not.toMatch(/anilistId|synonyms|answers|title/);
      await guessAs(player, WRONG_GUESS);
      await skipAs(player);
    }
  });

  test("once the round ends, the answer is revealed with a link", async () => {
    const { t, player } = await startedGame();
    const { anime } = await answersOfRound(t, player);
    for (let i = 0; i < 5; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
    expect((await viewOf(player)).round).toMatchObject({
      status: "outOfGuesses",
      answer: { english: anime.title.english, romaji: anime.title.romaji, siteUrl: anime.siteUrl },
    });
  });

  test("a skipped anime's answer is shown beside the new round", async () => {
    const { t, player } = await startedGame();
    const { anime } = await answersOfRound(t, player);
    await skipAs(player);
    expect((await viewOf(player)).skippedAnswer).toEqual({
      english: anime.title.english,
      romaji: anime.title.romaji,
      siteUrl: anime.siteUrl,
    });
  });
});

describe("guessing", () => {
  test("a wrong guess spends one of each allowance and sharpens the cover", async () => {
    const { player } = await startedGame();
    expect(await guessAs(player, WRONG_GUESS)).toEqual({ kind: "wrong", guessesLeft: 4 });
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 19,
      animeRemaining: 4,
      round: { status: "playing", guessesUsed: 1, coverPath: step(1) },
    });
    await guessAs(player, `${WRONG_GUESS} again`);
    expect((await viewOf(player)).round!.coverPath).toEqual(step(2));
  });

  test("a right first guess scores 100 plus the 50 quick-guess bonus and clears the cover", async () => {
    const { t, player } = await startedGame();
    const { title } = await answersOfRound(t, player);
    expect(await guessAs(player, title.toUpperCase())).toEqual({ kind: "correct", points: 150 });
    expect(await viewOf(player)).toMatchObject({
      score: 150,
      dailyRemaining: 19,
      round: { status: "solved", coverPath: step("clear"), pointsEarned: 150 },
    });
    expect(await scoreOf(t, player)).toBe(150);
  });

  test("a right guess after a wrong one scores 100", async () => {
    const { t, player } = await startedGame();
    const { title } = await answersOfRound(t, player);
    await guessAs(player, WRONG_GUESS);
    expect(await guessAs(player, title)).toEqual({ kind: "correct", points: 100 });
    expect(await scoreOf(t, player)).toBe(100);
  });

  test("five wrong guesses end the round; later guesses change nothing", async () => {
    const { player } = await startedGame();
    for (let i = 0; i < 4; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
    expect(await guessAs(player, `${WRONG_GUESS} 4`)).toEqual({ kind: "outOfGuesses" });
    const after = await viewOf(player);
    expect(after).toMatchObject({
      dailyRemaining: 15,
      animeRemaining: 0,
      round: { coverPath: step("clear") },
    });
    expect(await guessAs(player, WRONG_GUESS)).toEqual({ kind: "roundOver" });
    expect(await viewOf(player)).toEqual(after);
  });

  test("empty and blank guesses are ignored", async () => {
    const { player } = await startedGame();
    const before = await viewOf(player);
    expect(await guessAs(player, "")).toEqual({ kind: "ignored" });
    expect(await guessAs(player, "   \n\t ")).toEqual({ kind: "ignored" });
    expect(await viewOf(player)).toEqual(before);
  });

  test("a repeated submission of the same guess counts once", async () => {
    const { t, as, player } = await startedGame();
    const { view, title } = await answersOfRound(t, player);
    const submission = { roundNumber: view.round!.number, attempt: 0, guess: title };
    expect(await as.mutation(api.game.guess, submission)).toEqual({ kind: "correct", points: 150 });
    expect(await as.mutation(api.game.guess, submission)).toEqual({ kind: "stale" });
    expect(await scoreOf(t, player)).toBe(150);
    expect((await viewOf(player)).dailyRemaining).toBe(19);
  });

  test("two guesses submitted at once score once", async () => {
    const { t, as, player } = await startedGame();
    const { view, title } = await answersOfRound(t, player);
    const submission = { roundNumber: view.round!.number, attempt: 0, guess: title };
    const outcomes = await Promise.all([
      as.mutation(api.game.guess, submission),
      as.mutation(api.game.guess, submission),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["correct", "stale"]);
    expect(await scoreOf(t, player)).toBe(150);
  });

  test("a missing user record fails with User not found", async () => {
    const { t, as } = await startedGame();
    await t.run(async (ctx) => {
      const user = await ctx.db.query("users").first();
      await ctx.db.delete("users", user!._id);
    });
    await expectErrorCode(
      as.mutation(api.game.guess, { roundNumber: 1, attempt: 0, guess: WRONG_GUESS }),
      "USER_NOT_FOUND",
    );
  });
});

describe("skip and next", () => {
  test("skip deals a new anime and refills the anime guesses up to what is left today", async () => {
    const { player } = await startedGame();
    await guessAs(player, WRONG_GUESS);
    expect(await skipAs(player)).toEqual({ kind: "dealt" });
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 19,
      animeRemaining: 5,
      round: { number: 2, guessesUsed: 0, status: "playing", coverPath: step(0) },
    });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
      await skipAs(player);
    }
    expect(await viewOf(player)).toMatchObject({ dailyRemaining: 4, animeRemaining: 4 });
  });

  test("the anime counter counts what the anime got: dealt with 4 left today it reads 4/4, then 3/4, and 0/4 when they are spent", async () => {
    const { player } = await startedGame();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
      await skipAs(player);
    }
    expect(await viewOf(player)).toMatchObject({ animeRemaining: 5, animeLimit: 5 });
    await guessAs(player, WRONG_GUESS);
    await skipAs(player);
    expect(await viewOf(player)).toMatchObject({ animeRemaining: 4, animeLimit: 4 });
    await guessAs(player, WRONG_GUESS);
    expect(await viewOf(player)).toMatchObject({ animeRemaining: 3, animeLimit: 4 });
    for (let i = 1; i < 4; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 0,
      animeRemaining: 0,
      animeLimit: 4,
      round: { guessesUsed: 4 },
    });
    // When the allowance comes back, the round still in play has a whole anime's guesses again.
    vi.advanceTimersByTime(COOLDOWN_MS);
    await syncAs(player);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 20,
      animeRemaining: 5,
      animeLimit: 5,
      round: { status: "playing" },
    });
  });

  test("a second skip of the same round changes nothing", async () => {
    const { as, player } = await startedGame();
    await as.mutation(api.game.next, { roundNumber: 1 });
    expect(await as.mutation(api.game.next, { roundNumber: 1 })).toEqual({ kind: "stale" });
    expect((await viewOf(player)).round!.number).toBe(2);
  });

  test("no anime repeats within 100 rounds", async () => {
    const { t, player } = await startedGame({ poolSize: 150 });
    const dealt: Id<"anime">[] = [];
    for (let round = 0; round < 100; round++) {
      const game = await t.run(async (ctx) => await ctx.db.query("games").first());
      dealt.push(game!.round!.animeId);
      await skipAs(player);
    }
    expect(new Set(dealt).size).toBe(100);
  });

  test("a pool the player has seen all of still deals, repeating the anime seen longest ago", async () => {
    const { t, player } = await startedGame({ poolSize: 3 });
    const dealt: Id<"anime">[] = [];
    for (let round = 0; round < 6; round++) {
      const game = await t.run(async (ctx) => await ctx.db.query("games").first());
      dealt.push(game!.round!.animeId);
      expect((await viewOf(player)).round!.seenBefore).toBe(round >= 3);
      vi.advanceTimersByTime(1000);
      await skipAs(player);
    }
    expect(new Set(dealt.slice(0, 3)).size).toBe(3);
    expect(dealt.slice(3)).toEqual(dealt.slice(0, 3));
  });
});

describe("the Challenge's allowance", () => {
  async function spendAllGuesses(player: PlayerInGame) {
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 5; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
      if (round < 3) await skipAs(player);
    }
    expect((await viewOf(player)).dailyRemaining).toBe(0);
  }

  test("the last daily guess starts the 10-minute cooldown at once; its end restores 20", async () => {
    const { player } = await startedGame();
    await spendAllGuesses(player);
    // No further click is needed: the countdown runs from the guess that spent the allowance.
    const cooldownEnd = Date.now() + COOLDOWN_MS;
    expect((await viewOf(player)).cooldownEnd).toBe(cooldownEnd);
    expect(await skipAs(player)).toEqual({ kind: "cooldown", cooldownEnd });
    expect(await guessAs(player, "anything")).toEqual({ kind: "cooldown", cooldownEnd });

    // The page asks a second early (its clock runs ahead): nothing changes.
    vi.advanceTimersByTime(COOLDOWN_MS - 1000);
    const during = await viewOf(player);
    expect(await syncAs(player)).toEqual({ now: cooldownEnd - 1000 });
    expect(await viewOf(player)).toEqual(during);

    vi.advanceTimersByTime(1000);
    await syncAs(player);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 20,
      // The ended round stays as it was, its counter too: "Out of guesses!" beside 0/5.
      animeRemaining: 0,
      cooldownEnd: null,
      round: { status: "outOfGuesses", coverPath: step("clear") }, // the ended round stays as it was
    });
    expect(await skipAs(player)).toEqual({ kind: "dealt" });
    expect(await viewOf(player)).toMatchObject({ dailyRemaining: 20, animeRemaining: 5 });
  });

  test("a right last guess scores and starts the cooldown too", async () => {
    const { t, player } = await startedGame();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
      await skipAs(player);
    }
    for (let i = 0; i < 4; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
    const { title } = await answersOfRound(t, player);
    expect(await guessAs(player, title)).toEqual({ kind: "correct", points: 100 });
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 0,
      cooldownEnd: Date.now() + COOLDOWN_MS,
      round: { status: "solved", pointsEarned: 100 },
    });
  });

  test("a game left at 0 without a cooldown (an older game) starts one on the visit; its round in play then gets 5 guesses again", async () => {
    const { t, as, player } = await startedGame();
    await guessAs(player, WRONG_GUESS);
    const game = await t.run(async (ctx) => await ctx.db.query("games").first());
    await t.run(async (ctx) => ctx.db.patch("games", game!._id, { dailyRemaining: 0 }));
    await as.mutation(api.game.start, { timeZone: "UTC" });
    expect((await viewOf(player)).cooldownEnd).toBe(Date.now() + COOLDOWN_MS);
    await advanceTo(player, Date.now() + COOLDOWN_MS);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 20,
      animeRemaining: 5, // "the allowance resets to 20 and 5"
      cooldownEnd: null,
      round: { status: "playing", guessesUsed: 1 },
    });
  });

  test.each([
    ["Asia/Tokyo", "2026-11-21T15:00:00Z"],
    ["America/New_York", "2026-11-22T05:00:00Z"],
  ])(
    "in %s the allowance resets at local midnight (%s) with a new anime",
    async (zone, midnight) => {
      const { player } = await startedGame({ timeZone: zone });
      for (let i = 0; i < 3; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
      const before = await viewOf(player);
      expect(before.nextResetAt).toBe(Date.parse(midnight));

      await advanceTo(player, Date.parse(midnight) - 1);
      expect(await viewOf(player)).toEqual(before);
      await advanceTo(player, Date.parse(midnight));
      const after = await viewOf(player);
      expect(after).toMatchObject({ dailyRemaining: 20, animeRemaining: 5, cooldownEnd: null });
      expect(after.round).toMatchObject({ number: before.round!.number + 1, guessesUsed: 0 });
      expect(after.nextResetAt).toBe(Date.parse(midnight) + 24 * 3_600_000);
    },
  );

  test("midnight ends a cooldown early; a call at the cooldown's old end then does nothing", async () => {
    vi.setSystemTime(new Date("2026-11-21T23:55:00Z"));
    const { player } = await startedGame();
    await spendAllGuesses(player);
    await skipAs(player);
    expect((await viewOf(player)).cooldownEnd).toBe(Date.parse("2026-11-22T00:05:00Z"));
    await advanceTo(player, Date.parse("2026-11-22T00:00:00Z"));
    expect(await viewOf(player)).toMatchObject({ dailyRemaining: 20, cooldownEnd: null });
    await guessAs(player, WRONG_GUESS);
    await advanceTo(player, Date.parse("2026-11-22T00:05:00Z"));
    expect((await viewOf(player)).dailyRemaining).toBe(19);
  });

  test("the round the reset deals says so: the answer it replaced was not the player's skip", async () => {
    const { t, player } = await startedGame();
    expect((await viewOf(player)).round!.dealtAtReset).toBe(false);
    vi.advanceTimersByTime(1000);
    await skipAs(player);
    expect((await viewOf(player)).round!.dealtAtReset).toBe(false);
    await guessAs(player, WRONG_GUESS);
    const { anime } = await answersOfRound(t, player);

    await advanceTo(player, Date.parse("2026-11-22T00:00:00Z"));
    const reset = await viewOf(player);
    expect(reset.round!.dealtAtReset).toBe(true);
    expect(reset.skippedAnswer?.english).toBe(anime.title.english);

    vi.advanceTimersByTime(1000);
    await skipAs(player);
    expect((await viewOf(player)).round!.dealtAtReset).toBe(false);
  });

  test("a daylight-saving day's midnight comes after 23 hours, and the next after 24", async () => {
    vi.setSystemTime(new Date("2026-03-08T12:00:00Z")); // New York springs forward today
    const { player } = await startedGame({ timeZone: "America/New_York" });
    await guessAs(player, WRONG_GUESS);
    expect((await viewOf(player)).nextResetAt).toBe(Date.parse("2026-03-09T04:00:00Z"));
    await advanceTo(player, Date.parse("2026-03-09T04:00:00Z"));
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 20,
      nextResetAt: Date.parse("2026-03-10T04:00:00Z"),
    });
  });

  test("a new time zone takes effect after the next reset, never bringing one nearer", async () => {
    const { as, player } = await startedGame({ timeZone: "UTC" });
    await guessAs(player, WRONG_GUESS);
    await as.mutation(api.game.start, { timeZone: "Asia/Tokyo" });
    expect((await viewOf(player)).nextResetAt).toBe(Date.parse("2026-11-22T00:00:00Z"));
    await advanceTo(player, Date.parse("2026-11-21T15:00:00Z")); // Tokyo midnight: nothing
    expect((await viewOf(player)).dailyRemaining).toBe(19);
    await advanceTo(player, Date.parse("2026-11-22T00:00:00Z")); // UTC midnight: the reset
    await guessAs(player, WRONG_GUESS);
    // Now in Tokyo: its next midnight (15:00 UTC) is too soon after this reset, so 20 hours on.
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 19,
      nextResetAt: Date.parse("2026-11-22T20:00:00Z"),
    });
    await advanceTo(player, Date.parse("2026-11-22T20:00:00Z"));
    expect((await viewOf(player)).dailyRemaining).toBe(20);
  });

  test("a reset the page asks for twice changes nothing the second time", async () => {
    const { t, player } = await startedGame();
    const game = await t.run(async (ctx) => await ctx.db.query("games").first());
    vi.setSystemTime(game!.nextResetAt);
    await syncAs(player);
    await guessAs(player, WRONG_GUESS);
    const after = await viewOf(player);
    await syncAs(player);
    expect(await viewOf(player)).toEqual(after);
  });

  // Found by convex/tests/game/faults.test.ts: a late reset stopped at "already reset" and scheduled
  // nothing, so the next midnight passed without a reset until the player acted.
  test("the page's late ask after the player's own call caught up changes nothing, and the next midnight still resets", async () => {
    vi.setSystemTime(new Date("2026-11-21T23:59:00Z"));
    const { t, player } = await startedGame();
    const game = await t.run(async (ctx) => await ctx.db.query("games").first());
    const midnight = game!.nextResetAt;
    vi.setSystemTime(midnight + 5_000); // the page has not asked yet
    expect(await guessAs(player, WRONG_GUESS)).toEqual({ kind: "stale" }); // caught up: a new anime
    await guessAs(player, WRONG_GUESS);
    const afterGuess = await viewOf(player);
    expect(afterGuess).toMatchObject({ dailyRemaining: 19, round: { number: 2 } });

    await syncAs(player);
    expect(await viewOf(player)).toEqual(afterGuess);

    await advanceTo(player, midnight + 86_400_000);
    expect(await viewOf(player)).toMatchObject({ dailyRemaining: 20, round: { number: 3 } });
  });

  test("a tab left open through two midnights without a guess gets each reset, with a new anime", async () => {
    const { player } = await startedGame();
    const firstMidnight = (await viewOf(player)).nextResetAt;
    await advanceTo(player, firstMidnight);
    const first = await viewOf(player);
    expect(first.round).toMatchObject({ number: 2, dealtAtReset: true });
    // Nothing spent since that reset; the page, open, still gets the new day's anime.
    await advanceTo(player, firstMidnight + 86_400_000);
    expect(await viewOf(player)).toMatchObject({
      lastReset: firstMidnight + 86_400_000,
      nextResetAt: firstMidnight + 2 * 86_400_000,
      round: { number: 3, dealtAtReset: true },
    });
  });

  test("a player back after missed midnights gets the reset before their first guess", async () => {
    const { t, player } = await startedGame();
    await guessAs(player, WRONG_GUESS);
    await guessAs(player, WRONG_GUESS);
    // Two days pass with the page closed: nothing asked for the reset.
    await t.run(async (ctx) => {
      const game = await ctx.db.query("games").first();
      await ctx.db.patch("games", game!._id, { nextResetAt: Date.now() - 1 });
    });
    vi.setSystemTime(Date.now() + 2 * 86_400_000);
    expect(await guessAs(player, WRONG_GUESS)).toMatchObject({ kind: "stale" }); // a new anime was dealt
    expect(await viewOf(player)).toMatchObject({ dailyRemaining: 20, round: { guessesUsed: 0 } });
    expect(await guessAs(player, WRONG_GUESS)).toEqual({ kind: "wrong", guessesLeft: 4 });
  });
});

describe("resets and cooldown ends are caught up, never scheduled per player", () => {
  /** Every pending scheduled function, whatever it runs. */
  async function pendingJobs(t: TestConvex, named: (name: string) => boolean = () => true) {
    const jobs = await t.run(
      async (ctx) => await ctx.db.system.query("_scheduled_functions").take(100_000),
    );
    return jobs.filter((job) => job.state.kind === "pending" && named(job.name)).length;
  }

  /** `count` players each open the game and guess; every other one spends the day. */
  async function playersPlay(count: number) {
    const t = newBackend();
    await seedAnime(t, 20);
    for (let i = 0; i < count; i++) {
      const player = await signUp(t, { email: `p${i}@example.com`, username: `player${i}` });
      await deal(player, i % 2 === 0 ? "UTC" : "Asia/Tokyo");
      if (i % 2 === 1) {
        await t.run(async (ctx) => {
          const game = (await ctx.db.query("games").order("desc").first())!;
          await ctx.db.patch("games", game._id, { dailyRemaining: 1, animeRemaining: 1 });
        });
      }
      await guessAs(player, WRONG_GUESS);
    }
    // The jobs due now (the sleeping fold's wakes) run, as on a deployment, within moments.
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();
    return t;
  }

  test("the jobs pending after 20 and after 40 players have played are as many: none grows with them", async () => {
    const twenty = await playersPlay(20);
    const forty = await playersPlay(40);
    expect(await pendingGameJobs(forty)).toBe(0);
    // The fold's lanes are the only jobs players start: at most one each, however many play.
    const foldLanes = (t: TestConvex) => pendingJobs(t, (name) => name.startsWith("tallies"));
    expect(await foldLanes(forty)).toBeLessThanOrEqual(FOLD_SHARDS);
    expect(await foldLanes(twenty)).toBeLessThanOrEqual(FOLD_SHARDS);
    const others = (t: TestConvex) => pendingJobs(t, (name) => !name.startsWith("tallies"));
    expect(await others(forty)).toBe(await others(twenty));
  }, 60_000);

  test("asked before midnight nothing changes; at midnight the reset happens once, and asking again refills nothing", async () => {
    const { player } = await startedGame();
    for (let i = 0; i < 3; i++) await guessWrongAs(player);
    const before = await viewOf(player);
    await advanceTo(player, before.nextResetAt - 1);
    expect(await viewOf(player)).toEqual(before);

    await advanceTo(player, before.nextResetAt);
    const reset = await viewOf(player);
    expect(reset).toMatchObject({ dailyRemaining: 20, lastReset: before.nextResetAt });
    await guessWrongAs(player);
    const played = await viewOf(player);
    expect(played.dailyRemaining).toBe(19);
    // The same call again (a retry, a second tab): no second refill, no second new anime.
    await syncAs(player);
    vi.advanceTimersByTime(60_000);
    await syncAs(player);
    expect(await viewOf(player)).toEqual(played);
  });

  test("a cheater reporting a zone whose midnight has passed and asking at once gets nothing back", async () => {
    const { as, player } = await startedGame({ timeZone: "UTC" });
    for (let i = 0; i < 5; i++) await guessWrongAs(player);
    await skipAs(player);
    // 12:00 UTC: Tokyo's midnight (15:00 UTC) is nearer than UTC's.
    await as.mutation(api.game.open, { timeZone: "Asia/Tokyo" });
    await advanceTo(player, Date.parse("2026-11-21T15:00:00Z"));
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 15,
      nextResetAt: Date.parse("2026-11-22T00:00:00Z"),
    });
  });

  test("at the cooldown's end the allowance comes back once; asking again gives nothing more", async () => {
    const { t, player } = await startedGame();
    await t.run(async (ctx) => {
      const game = (await ctx.db.query("games").first())!;
      await ctx.db.patch("games", game._id, { dailyRemaining: 1, animeRemaining: 1 });
    });
    await guessWrongAs(player);
    const { cooldownEnd } = await viewOf(player);
    await advanceTo(player, cooldownEnd!);
    await guessWrongAs(player);
    const played = await viewOf(player);
    expect(played).toMatchObject({ dailyRemaining: 19, cooldownEnd: null });
    await syncAs(player);
    expect(await viewOf(player)).toEqual(played);
  });
});

describe("the Challenge's allowance running out mid-anime", () => {
  /** The player's day down to `left` guesses, with a fresh anime dealt on them. */
  async function dayDownTo(left: number) {
    const started = await startedGame();
    await started.t.run(async (ctx) => {
      const game = (await ctx.db.query("games").first())!;
      await ctx.db.patch("games", game._id, { dailyRemaining: left + 1 });
    });
    await guessWrongAs(started.player);
    await skipAs(started.player);
    expect(await viewOf(started.player)).toMatchObject({
      dailyRemaining: left,
      animeRemaining: Math.min(5, left),
    });
    return started;
  }

  test("the anime stays in play through the cooldown, gets 5 guesses with the refill, and still scores", async () => {
    const { t, player } = await dayDownTo(2);
    expect(await guessWrongAs(player)).toEqual({ kind: "wrong", guessesLeft: 1 });
    expect(await guessWrongAs(player)).toEqual({ kind: "wrong", guessesLeft: 0 });
    const cooling = await viewOf(player);
    expect(cooling).toMatchObject({
      dailyRemaining: 0,
      animeRemaining: 0,
      cooldownEnd: Date.now() + COOLDOWN_MS,
      round: { status: "playing", guessesUsed: 2, answer: null, coverPath: step(2) },
    });

    await advanceTo(player, cooling.cooldownEnd!);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 20,
      animeRemaining: 5,
      cooldownEnd: null,
      round: { number: cooling.round!.number, status: "playing", guessesUsed: 2 },
    });
    const { title } = await answersOfRound(t, player);
    expect(await guessAs(player, title)).toEqual({ kind: "correct", points: 100 });
    expect(await viewOf(player)).toMatchObject({ dailyRemaining: 19, animeRemaining: 4 });
  });

  test("kept through a cooldown and then a midnight with nothing else to deal, it gets 5 each time", async () => {
    const { t, player } = await startedGame({ poolSize: 1 });
    await t.run(async (ctx) => {
      const game = (await ctx.db.query("games").first())!;
      await ctx.db.patch("games", game._id, { dailyRemaining: 2, animeRemaining: 2 });
    });
    await guessWrongAs(player);
    await guessWrongAs(player);
    await advanceTo(player, (await viewOf(player)).cooldownEnd!);
    for (let i = 0; i < 4; i++) await guessWrongAs(player);
    const evening = await viewOf(player);
    expect(evening).toMatchObject({ animeRemaining: 1, round: { guessesUsed: 6 } });

    await advanceTo(player, evening.nextResetAt);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: 20,
      animeRemaining: 5,
      round: { number: evening.round!.number, status: "playing", guessesUsed: 6 },
    });
    expect(await guessWrongAs(player)).toEqual({ kind: "wrong", guessesLeft: 4 });
  });

  test("an anime whose own five ran out with the day is out of guesses", async () => {
    const { player } = await dayDownTo(5);
    for (let i = 0; i < 4; i++) await guessWrongAs(player);
    expect(await guessWrongAs(player)).toEqual({ kind: "outOfGuesses" });
    expect((await viewOf(player)).round!.status).toBe("outOfGuesses");
  });

  test("during the cooldown a guess or a skip sent straight to the server changes nothing", async () => {
    const { t, as, player } = await dayDownTo(1);
    await guessWrongAs(player);
    const cooling = await viewOf(player);
    const { title } = await answersOfRound(t, player);
    const round = cooling.round!;
    for (const attempt of [round.guessesUsed, round.guessesUsed - 1, round.guessesUsed + 1]) {
      const outcome = await as.mutation(api.game.guess, {
        roundNumber: round.number,
        attempt,
        guess: title,
      });
      expect(["cooldown", "stale"]).toContain(outcome.kind);
    }
    expect(await as.mutation(api.game.next, { roundNumber: round.number })).toEqual({
      kind: "cooldown",
      cooldownEnd: cooling.cooldownEnd,
    });
    vi.advanceTimersByTime(COOLDOWN_MS - 1);
    await syncAs(player);
    expect(await guessAs(player, title)).toEqual({
      kind: "cooldown",
      cooldownEnd: cooling.cooldownEnd,
    });
    expect(await viewOf(player)).toEqual(cooling);
    expect(await scoreOf(t, player)).toBe(0);
  });
});
