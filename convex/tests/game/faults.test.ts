/**
 * Faults in combination, while a player plays.
 *
 * Single faults are tested where they belong, and not again here:
 * - each way AniList fails, with nobody playing, and that a round with a pool never
 *   requests anything: catalogue/refresh.test.ts ("failures", "starting a refresh");
 * - a reset job or a cooldown job that runs twice, a cooldown job that runs late, midnight
 *   ending a cooldown early, a time zone change leaving the old zone's job with nothing to do,
 *   and the same guess submitted twice at once: game.test.ts ("the Challenge's allowance", "guessing");
 * - a reset job that runs late, after the player's own call has caught up (found while writing
 *   this file): game.test.ts.
 *
 * Here: rounds played while AniList fails in each of those ways (and while the pool is empty);
 * the reset and cooldown jobs late, twice and in either order around the player's own calls;
 * and submissions racing each other and the jobs.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { attachTestCovers, testCoverResponse } from "../../../testing/fixtures/covers";
import { ANILIST_ENDPOINT } from "../../model/catalogue/anilist";
import { insertAnime } from "../../model/judge/titleIndex";
import { COOLDOWN_MS, CHALLENGE_GUESSES, GUESSES_PER_ANIME } from "../../model/shared/rules";
import { newBackend, playerInGame, type TestConvex } from "../../../testing/convex/backend";
import {
  dealtAnime,
  gameOf,
  guessAs,
  guessWrongAs,
  scoreOf,
  seedAnime,
  signedInAs,
  skipAs,
  syncAs,
  viewOf,
  type TestPlayer,
} from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

type Json = Record<string, unknown>;

const DAY_MS = 86_400_000;

fakeClockEachTest();

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------
// AniList stand-in

function fixture(name: string): Json {
  const url = new URL(`../../../testing/fixtures/anilist/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as Json;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** A response, a request that never answers (until its own time limit aborts it), or a network failure. */
type Reply = Response | "never" | Error;

/** Replies per page, in order; the last one repeats. Records every request. */
function stubAniList(replies: Record<number, Reply[]>) {
  const requests: number[] = [];
  const served: Record<number, number> = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit): Promise<Response> => {
      // The cover workers fetch the stored items' covers: a generated poster.
      if (url !== ANILIST_ENDPOINT) return await testCoverResponse();
      const { page } = (JSON.parse(init.body as string) as { variables: { page: number } })
        .variables;
      requests.push(page);
      const queue = replies[page] ?? [json({ errors: [{ message: "no such page" }] }, 404)];
      const reply = queue[Math.min(served[page] ?? 0, queue.length - 1)];
      served[page] = (served[page] ?? 0) + 1;
      if (reply instanceof Error) throw reply;
      if (reply === "never") {
        return await new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          );
        });
      }
      return reply.clone();
    }),
  );
  return { requests };
}

const invalidOnly = () => {
  const page = fixture("invalid-items") as { data: { Page: { media: Json[] } } };
  page.data.Page.media.shift(); // the one valid item
  return page;
};

/** A pool as an earlier refresh left it (AniList ids of its own, apart from the fixtures'). */
async function seedPool(t: TestConvex, size: number) {
  await t.run(async (ctx) => {
    for (let anilistId = 1; anilistId <= size; anilistId++) {
      const id = await insertAnime(ctx, {
        anilistId,
        title: { english: `Old Show ${anilistId}`, romaji: null, native: null },
        synonyms: [],
        clue: "Someone keeps a secret.",
        answers: [`Old Show ${anilistId}`],
        coverImage: `https://img.example/old-${anilistId}.jpg`,
        siteUrl: `https://anilist.co/anime/${anilistId}`,
        genres: [],
        randomRank: anilistId / (size + 1),
        updatedAt: 1,
      });
      await attachTestCovers(ctx, id);
    }
  });
  return await pool(t);
}

/** Lets the refresh's paced requests and retries run, `step` ms at a time, until it has ended. */
async function settle(t: TestConvex, refreshId: Id<"catalogueRefreshes">, step = 1_000) {
  for (let waited = 0; (await refreshOf(t, refreshId)).status === "running"; waited += step) {
    if (waited > 30 * 60_000) throw new Error("the refresh never ended");
    await vi.advanceTimersByTimeAsync(step);
  }
}

async function pool(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("anime").take(1000));
}

async function refreshOf(t: TestConvex, refreshId: Id<"catalogueRefreshes">) {
  return (await t.run(async (ctx) => await ctx.db.get("catalogueRefreshes", refreshId)))!;
}

// ---------------------------------------------------------------------------
// A player

async function answerOf(t: TestConvex, player: TestPlayer): Promise<string> {
  return (await dealtAnime(t, player)).answers[0];
}

/** Spends the day's 20 guesses: four anime, five wrong guesses each. */
async function spendTheDay(player: TestPlayer) {
  for (let anime = 0; anime < 4; anime++) {
    if (anime > 0) await skipAs(player);
    for (let i = 0; i < GUESSES_PER_ANIME; i++) await guessWrongAs(player);
  }
  expect((await viewOf(player)).dailyRemaining).toBe(0);
}

/** One move of a player who plays on: the moves cycle, as a session would. */
async function playMove(t: TestConvex, player: TestPlayer, move: number): Promise<number> {
  switch (move % 6) {
    case 0:
      expect(await player.as.mutation(api.game.start, { timeZone: "UTC" })).toEqual({
        hasRound: true,
      });
      return 0;
    case 1:
    case 2: {
      const outcome = await guessWrongAs(player);
      expect(["wrong", "outOfGuesses", "roundOver", "cooldown"]).toContain(outcome.kind);
      return 0;
    }
    case 3: {
      const outcome = await guessAs(player, await answerOf(t, player));
      expect(["correct", "roundOver", "cooldown"]).toContain(outcome.kind);
      return outcome.kind === "correct" ? outcome.points : 0;
    }
    default: {
      expect(["dealt", "cooldown"]).toContain((await skipAs(player)).kind);
      return 0;
    }
  }
}

// ---------------------------------------------------------------------------

describe("AniList failing while rounds are played", () => {
  /** How AniList answers, how the refresh ends, and how many anime it adds to the pool. */
  const failures: [string, Record<number, Reply[]>, "succeeded" | "failed", number][] = [
    [
      "rate limited: 429 with Retry-After: 30, then answering",
      {
        1: [
          json({ errors: [{ message: "Too Many Requests." }] }, 429, { "Retry-After": "30" }),
          json(fixture("page-1")),
        ],
        2: [json(fixture("page-2"))],
      },
      "succeeded",
      5,
    ],
    ["HTTP 500", { 1: [json({ error: "oops" }, 500)] }, "failed", 0],
    ["a request that never answers", { 1: ["never"] }, "failed", 0],
    ["malformed JSON", { 1: [new Response('{"data": {"Page": ', { status: 200 })] }, "failed", 0],
    [
      "a page of valid items, then one of nothing but invalid items",
      { 1: [json(fixture("page-1"))], 2: [json(invalidOnly())] },
      "succeeded", // the invalid items are counted and refused, the valid ones kept
      3,
    ],
    ["a network error", { 1: [new TypeError("fetch failed")] }, "failed", 0],
  ];

  test.each(failures)(
    "%s: start, guess and skip go on with the pool, and no round requests anything",
    async (_label, replies, outcome, added) => {
      const t = newBackend();
      const poolBefore = await seedPool(t, 8);
      const player = await signedInAs(t, "player");
      await player.as.mutation(api.game.start, { timeZone: "UTC" });
      const aniList = stubAniList(replies);
      const refreshId = await t.mutation(internal.catalogue.refreshNow, {});

      let moves = 0;
      let points = 0;
      while ((await refreshOf(t, refreshId)).status === "running") {
        const requested = aniList.requests.length;
        points += await playMove(t, player, moves++);
        expect(aniList.requests.length, "a round requested AniList").toBe(requested);
        // Half a second of the refresh's paced and retried requests between two moves.
        await vi.advanceTimersByTimeAsync(500);
        if (moves > 500) throw new Error("the refresh never ended");
      }

      expect(moves, "rounds were played while the refresh ran").toBeGreaterThan(3);
      expect(aniList.requests.length).toBeGreaterThan(0);
      expect(await refreshOf(t, refreshId)).toMatchObject({ status: outcome });
      const poolAfter = await pool(t);
      // The pool keeps what it had; only a refresh that got pages adds to it.
      expect(poolAfter.slice(0, poolBefore.length)).toEqual(poolBefore);
      expect(poolAfter.length - poolBefore.length).toBe(added);
      expect(await scoreOf(t, player)).toBe(points);
      const game = await gameOf(t, player);
      expect(game.round).not.toBeNull();
      expect(game.dailyRemaining).toBeGreaterThanOrEqual(0);
    },
    30_000,
  );

  test("with an empty pool, visits never fail: one refresh at a time, and the first round once AniList answers", async () => {
    const t = newBackend();
    const player = await signedInAs(t, "player");
    const secondDevice = player.as;
    const aniList = stubAniList({ 1: [json({ error: "down" }, 503)] });

    expect(await player.as.mutation(api.game.start, { timeZone: "UTC" })).toEqual({
      hasRound: false,
    });
    expect(await secondDevice.mutation(api.game.start, { timeZone: "UTC" })).toEqual({
      hasRound: false,
    });
    expect(await player.as.mutation(api.game.next, { roundNumber: 0 })).toEqual({
      kind: "poolEmpty",
    });
    expect(
      await player.as.mutation(api.game.guess, { roundNumber: 1, attempt: 0, guess: WRONG_GUESS }),
    ).toEqual({ kind: "noRound" });
    const refreshes = async () =>
      await t.run(async (ctx) => await ctx.db.query("catalogueRefreshes").take(10));
    const [first] = await refreshes();
    expect(await refreshes()).toMatchObject([{ trigger: "emptyPool", status: "running" }]);

    await settle(t, first._id);
    expect(await refreshes()).toMatchObject([{ status: "failed" }]);
    expect(aniList.requests).toEqual([1, 1, 1]);

    // The next visit tries again; this time AniList answers.
    stubAniList({ 1: [json(fixture("page-1"))], 2: [json(fixture("page-2"))] });
    expect(await player.as.mutation(api.game.start, { timeZone: "UTC" })).toEqual({
      hasRound: false,
    });
    await settle(t, (await refreshes())[1]._id);
    expect((await refreshes()).map((refresh) => refresh.status)).toEqual(["failed", "succeeded"]);
    // An anime is dealt once its cover images are made.
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await player.as.mutation(api.game.next, { roundNumber: 0 })).toEqual({ kind: "dealt" });
    expect(await guessWrongAs(player)).toEqual({ kind: "wrong", guessesLeft: 4 });
  });
});

describe("catch-ups late and twice while the player plays (the open page's asks)", () => {
  test("a cooldown that runs past midnight: the player catches up first, then the page asks late, twice; nothing changes", async () => {
    vi.setSystemTime(new Date("2026-11-21T23:55:00Z"));
    const { t, player } = await playerInGame(20);
    await spendTheDay(player);
    expect((await skipAs(player)).kind).toBe("cooldown");
    const { nextResetAt: midnight, cooldownEnd } = await gameOf(t, player);
    expect(cooldownEnd).toBe(Date.now() + COOLDOWN_MS);
    expect(cooldownEnd!).toBeGreaterThan(midnight);

    // The page falls behind: both moments pass before it asks.
    vi.setSystemTime(cooldownEnd! + 60_000);
    expect((await skipAs(player)).kind).toBe("stale"); // caught up: a new day, a new anime
    await guessWrongAs(player);
    const played = await viewOf(player);
    expect(played).toMatchObject({ dailyRemaining: CHALLENGE_GUESSES - 1, cooldownEnd: null });

    for (let ask = 0; ask < 2; ask++) {
      await syncAs(player);
      expect(await viewOf(player)).toEqual(played);
    }
    // Nothing is queued: the game schedules nothing per player.
    await t.finishAllScheduledFunctions(() => vi.advanceTimersByTime(COOLDOWN_MS));
    expect(await viewOf(player)).toEqual(played);
  });

  test("the cooldown after a late one ends at its own end, when the page asks then", async () => {
    const { t, player } = await playerInGame(20);
    await spendTheDay(player);
    await skipAs(player);
    const first = (await gameOf(t, player)).cooldownEnd!;

    vi.setSystemTime(first + 1_000); // the page did not ask; the player's call ends the cooldown
    await skipAs(player);
    expect((await viewOf(player)).dailyRemaining).toBe(CHALLENGE_GUESSES);
    await spendTheDay(player);
    await skipAs(player);
    const { cooldownEnd: second } = await gameOf(t, player);
    expect(second).toBe(Date.now() + COOLDOWN_MS);

    vi.setSystemTime(second! - 1);
    await syncAs(player);
    expect(await viewOf(player)).toMatchObject({ dailyRemaining: 0, cooldownEnd: second });
    vi.setSystemTime(second!);
    await syncAs(player);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: CHALLENGE_GUESSES,
      cooldownEnd: null,
    });
  });
});

describe("submissions racing each other and the jobs", () => {
  test("ten devices sending the right answer, spelled their own way, for the same attempt: scored once", async () => {
    const { t, player } = await playerInGame(5);
    const answer = await answerOf(t, player);
    const { round } = await viewOf(player);
    const spellings = [answer, answer.toUpperCase(), ` ${answer.toLowerCase()} `];
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, device) =>
        player.as.mutation(api.game.guess, {
          roundNumber: round!.number,
          attempt: 0,
          guess: spellings[device % spellings.length],
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === "correct")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "stale")).toHaveLength(9);
    expect(await scoreOf(t, player)).toBe(150);
    expect((await viewOf(player)).dailyRemaining).toBe(CHALLENGE_GUESSES - 1);
  });

  test("a right guess and a skip at once: the guess counts on its own anime or not at all", async () => {
    const { t, player } = await playerInGame(5);
    const answer = await answerOf(t, player);
    const { round } = await viewOf(player);
    const [guessed, skipped] = await Promise.all([
      player.as.mutation(api.game.guess, { roundNumber: round!.number, attempt: 0, guess: answer }),
      player.as.mutation(api.game.next, { roundNumber: round!.number }),
    ]);
    expect(skipped).toEqual({ kind: "dealt" });
    const after = await viewOf(player);
    expect(after.round).toMatchObject({ number: round!.number + 1, guessesUsed: 0 });
    if (guessed.kind === "correct") {
      expect(await scoreOf(t, player)).toBe(150);
      expect(after.dailyRemaining).toBe(CHALLENGE_GUESSES - 1);
    } else {
      expect(guessed).toEqual({ kind: "stale" });
      expect(await scoreOf(t, player)).toBe(0);
      expect(after.dailyRemaining).toBe(CHALLENGE_GUESSES);
    }
  });

  test("a right guess racing the page's ask for the midnight reset: scored at most once, never on the next anime", async () => {
    vi.setSystemTime(new Date("2026-11-21T23:59:59Z"));
    const { t, player } = await playerInGame(5);
    await guessWrongAs(player);
    const answer = await answerOf(t, player);
    const { round } = await viewOf(player);
    const { nextResetAt } = await gameOf(t, player);
    vi.setSystemTime(nextResetAt);

    const [guessed] = await Promise.all([
      player.as.mutation(api.game.guess, { roundNumber: round!.number, attempt: 1, guess: answer }),
      syncAs(player),
    ]);
    // Whichever came first, the day has been reset once and a new anime dealt once.
    const after = await viewOf(player);
    expect(after).toMatchObject({
      dailyRemaining: CHALLENGE_GUESSES,
      nextResetAt: nextResetAt + DAY_MS,
    });
    expect(after.round).toMatchObject({
      number: round!.number + 1,
      guessesUsed: 0,
      status: "playing",
    });
    expect(await scoreOf(t, player)).toBe(guessed.kind === "correct" ? 100 : 0);
    if (guessed.kind !== "correct") expect(guessed).toEqual({ kind: "stale" });
  });

  test("two devices opening the game at once, in two time zones: one game", async () => {
    const t = newBackend();
    await seedAnime(t, 5);
    const player = await signedInAs(t, "player");
    const outcomes = await Promise.all([
      player.as.mutation(api.game.start, { timeZone: "UTC" }),
      player.as.mutation(api.game.start, { timeZone: "Asia/Tokyo" }),
    ]);
    expect(outcomes).toEqual([{ hasRound: true }, { hasRound: true }]);
    const games = await t.run(async (ctx) => await ctx.db.query("games").take(10));
    expect(games).toHaveLength(1);
    expect(games[0].round?.number).toBe(1);
    expect(["UTC", "Asia/Tokyo"]).toContain(games[0].timeZone);
  });
});
