// game.open: the visit opened and the game screen returned in one round trip.
import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { expectErrorCode, newBackend } from "../../../testing/convex/backend";
import { foldAll, seedAnime, signUp } from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

describe("game.open", () => {
  test("a first visit gets the game created, a round dealt and the screen, as `state` then shows it", async () => {
    const t = newBackend();
    await seedAnime(t, 5);
    const { as } = await signUp(t);
    expect(await as.query(api.game.state, {})).toBeNull();
    const opened = await as.mutation(api.game.open, { timeZone: "Europe/Paris" });
    expect(opened).toMatchObject({
      score: 0,
      dailyRemaining: 20,
      animeRemaining: 5,
      round: { number: 1, status: "playing", guessesUsed: 0, answer: null },
    });
    expect(opened!.round!.clue.length).toBeGreaterThan(0);
    expect(opened!.round!.coverPath).toMatch(/^\/cover\/[0-9a-f]{32}\/0$/);
    expect(await as.query(api.game.state, {})).toEqual(opened);
  });

  test("a returning visit keeps the round in play and counts a session, like start", async () => {
    const t = newBackend();
    await seedAnime(t, 5);
    const { as } = await signUp(t);
    const first = await as.mutation(api.game.open, { timeZone: "UTC" });
    await as.mutation(api.game.guess, { roundNumber: 1, attempt: 0, guess: WRONG_GUESS });
    const again = await as.mutation(api.game.open, { timeZone: "UTC" });
    expect(again!.round).toMatchObject({ number: first!.round!.number, guessesUsed: 1 });
    expect(again).toEqual(await as.query(api.game.state, {}));
    await foldAll(t);
    const stats = await t.run(async (ctx) => await ctx.db.query("gameDailyStats").take(10));
    expect(stats.reduce((sum, s) => sum + s.sessions, 0)).toBe(2);
  });

  test("after a missed midnight the screen it returns is already caught up", async () => {
    const t = newBackend();
    await seedAnime(t, 5);
    const { as } = await signUp(t);
    await as.mutation(api.game.open, { timeZone: "UTC" });
    for (let attempt = 0; attempt < 3; attempt++) {
      await as.mutation(api.game.guess, { roundNumber: 1, attempt, guess: WRONG_GUESS });
    }
    vi.setSystemTime(new Date("2026-11-23T09:00:00Z"));
    const opened = await as.mutation(api.game.open, { timeZone: "UTC" });
    expect(opened).toMatchObject({ dailyRemaining: 20, animeRemaining: 5 });
    expect(opened!.round).toMatchObject({ number: 2, guessesUsed: 0, status: "playing" });
  });

  test("while the round plays, nothing in its result names the anime", async () => {
    const t = newBackend();
    const [animeId] = await seedAnime(t, 1);
    const anime = await t.run(async (ctx) => (await ctx.db.get("anime", animeId))!);
    const { as } = await signUp(t);
    const sent = JSON.stringify(await as.mutation(api.game.open, { timeZone: "UTC" }));
    for (const secret of [...anime.answers, String(anime.anilistId), anime.siteUrl, "anilist"]) {
      expect(sent).not.toContain(secret);
    }
    expect(sent).not.toMatch(/anilistId|synonyms|answers|title/);
  });

  test("with an empty pool it returns the screen without a round", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    ); // AniList never answers here
    const t = newBackend();
    const { as } = await signUp(t);
    expect(await as.mutation(api.game.open, { timeZone: "UTC" })).toMatchObject({
      dailyRemaining: 20,
      round: null,
    });
  });

  test("refuses an unknown time zone, and then creates nothing", async () => {
    const t = newBackend();
    await seedAnime(t, 2);
    const { as } = await signUp(t);
    await expectErrorCode(
      as.mutation(api.game.open, { timeZone: "Mars/Base" }),
      "INVALID_TIME_ZONE",
    );
    expect(await t.run(async (ctx) => await ctx.db.query("games").take(5))).toEqual([]);
  });
});
