import { beforeEach, describe, expect, test, vi } from "vitest";
import { internal } from "../../_generated/api";
import { CATALOGUE_PAGE_COUNT, CATALOGUE_PAGE_SIZE } from "../../model/catalogue/anilist";
import {
  ensurePool,
  MAX_PAGE_TRIES,
  PAGE_INTERVAL_MS,
  DEAD_REFRESH_MS,
} from "../../model/catalogue/refresh";
import crons from "../../crons";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  aniListFixture as fixture,
  gaps,
  generatedPage,
  json,
  latestRefresh,
  refreshAndSettle,
  stubAniList,
  type Json,
} from "../../../testing/convex/aniList";
import { attachTestCovers } from "../../../testing/fixtures/covers";
import { insertRefresh } from "../../../testing/fixtures/refreshes";
import { fakeClockEachTest } from "../../../testing/world/clock";

async function pool(t: TestConvex) {
  return await t.run(async (ctx) => {
    const anime = await ctx.db.query("anime").take(2000);
    return anime.sort((a, b) => a.anilistId - b.anilistId);
  });
}

/** A pool as an earlier refresh left it. */
async function seedPool(t: TestConvex) {
  await t.run(async (ctx) => {
    for (const anilistId of [1, 2, 3]) {
      const id = await ctx.db.insert("anime", {
        anilistId,
        title: { english: `Old Show ${anilistId}`, romaji: null, native: null },
        synonyms: [],
        clue: "An old clue.",
        answers: [`Old Show ${anilistId}`],
        coverImage: `https://img.example/old-${anilistId}.jpg`,
        siteUrl: `https://anilist.co/anime/${anilistId}`,
        genres: [],
        randomRank: anilistId / 10,
        updatedAt: 1,
      });
      await attachTestCovers(ctx, id);
    }
  });
  return await pool(t);
}

fakeClockEachTest("2026-11-21T04:30:00Z");

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

describe("refresh", () => {
  test("fetches the pages in order, paced, and stores every item with its clue and answers", async () => {
    const t = newBackend();
    const { requests } = stubAniList({
      1: [json(fixture("page-1"))],
      2: [json(fixture("page-2"))],
    });

    const refresh = await refreshAndSettle(t);

    expect(requests.map(({ page, perPage }) => ({ page, perPage }))).toEqual([
      { page: 1, perPage: CATALOGUE_PAGE_SIZE },
      { page: 2, perPage: CATALOGUE_PAGE_SIZE },
    ]);
    const query = requests[0].query.replace(/\s+/g, " ");
    expect(query).toContain(
      "media(type: ANIME, format_in: [TV, MOVIE], sort: POPULARITY_DESC, status_in: [FINISHED, RELEASING], isAdult: false)",
    );
    for (const field of [
      "native",
      "synonyms",
      "genres",
      "color",
      "siteUrl",
      "characters(role: MAIN)",
      "alternative",
    ]) {
      expect(query).toContain(field);
    }
    expect(gaps(requests).every((gap) => gap >= PAGE_INTERVAL_MS)).toBe(true);
    expect(refresh).toMatchObject({
      trigger: "manual",
      status: "succeeded",
      pagesFetched: 2,
      itemCount: 5,
      // Every new item waits for its cover images: a job each, counted as missing.
      coversMissing: 5,
      invalidCount: 0,
      errors: [],
    });
    expect(refresh.finishedAt).toBeGreaterThanOrEqual(refresh.startedAt);

    const anime = await pool(t);
    expect(anime.map((item) => item.anilistId)).toEqual([900001, 900002, 900003, 900004, 900005]);
    const [lantern, comet, salt, sequel, orchard] = anime;
    expect(lantern).toMatchObject({
      title: { english: "Lantern Keeper", romaji: "Touka no Bannin", native: "灯火の番人" },
      synonyms: ["LK", "The Lamp Watch"],
      coverImage: "https://img.example/covers/900001-xl.jpg",
      coverColor: "#e4a15d",
      siteUrl: "https://anilist.co/anime/900001",
      format: "TV",
      episodes: 12,
      duration: 24,
      genres: ["Adventure", "Mystery"],
      popularity: 51234,
      averageScore: 78,
      clue: "▇▇▇ tends the last lighthouse on the Glass Coast. When the lamp of ▇▇▇ goes dark, they must sail to St. Ember to find an oil that burns without fire.\nGenres: Adventure, Mystery",
    });
    expect(lantern.answers).toEqual(
      expect.arrayContaining(["Lantern Keeper", "Touka no Bannin", "灯火の番人", "LK"]),
    );
    expect(comet).toMatchObject({
      coverImage: "https://img.example/covers/900002-l.jpg",
      format: "MOVIE",
    });
    expect(comet.coverColor).toBeUndefined();
    expect(comet.clue).not.toMatch(/Tae|Hoshino|Paper Comet|MAL Rewrite/);
    expect(salt).toMatchObject({
      coverImage: "https://img.example/covers/900003-m.jpg",
      siteUrl: "https://anilist.co/anime/900003",
      synonyms: [],
    });
    expect(salt.episodes).toBeUndefined();
    expect(salt.averageScore).toBeUndefined();
    expect(sequel.clue).toBe(
      "▇▇▇ returns to the Glass Coast, where the tides have begun to sing. Nobody knows why.\nGenres: Adventure",
    );
    expect(sequel.answers).toEqual(
      expect.arrayContaining(["Lantern Keeper Season 2", "Lantern Keeper", "Touka no Bannin"]),
    );
    expect(orchard.title).toEqual({
      english: null,
      romaji: "Haguruma Kajuen",
      native: "歯車果樹園",
    });
    expect(orchard.clue).not.toContain("Genres");
    for (const item of anime) {
      expect(item.randomRank).toBeGreaterThanOrEqual(0);
      expect(item.randomRank).toBeLessThan(1);
      expect(item.updatedAt).toBeGreaterThanOrEqual(refresh.startedAt);
      expect(item.updatedAt).toBeLessThanOrEqual(refresh.finishedAt!);
    }
  });

  test("reads pages 1 to 20 and no more, at least 2.5 s apart", async () => {
    const t = newBackend();
    // Small pages: the pacing and the page count are the point, not storing 1,000 anime.
    const perPage = 4;
    const { requests } = stubAniList((page) => generatedPage(page, perPage));

    const refresh = await refreshAndSettle(t);

    expect(requests.map((request) => request.page)).toEqual(
      Array.from({ length: CATALOGUE_PAGE_COUNT }, (_, index) => index + 1),
    );
    expect(Math.min(...gaps(requests))).toBeGreaterThanOrEqual(PAGE_INTERVAL_MS);
    expect(refresh).toMatchObject({
      status: "succeeded",
      pagesFetched: CATALOGUE_PAGE_COUNT,
      itemCount: CATALOGUE_PAGE_COUNT * perPage,
    });
    expect(await pool(t)).toHaveLength(CATALOGUE_PAGE_COUNT * perPage);
  });

  test("upserts by AniList id: the next refresh updates items in place and keeps their rank", async () => {
    const t = newBackend();
    stubAniList({ 1: [json(fixture("page-1"))], 2: [json(fixture("page-2"))] });
    await refreshAndSettle(t);
    const before = await pool(t);

    const changed = fixture("page-1") as { data: { Page: { media: Json[] } } };
    changed.data.Page.media[0].popularity = 99999;
    stubAniList({ 1: [json(changed)], 2: [json(fixture("page-2"))] });
    vi.advanceTimersByTime(60_000);
    await refreshAndSettle(t);
    const after = await pool(t);

    expect(after).toHaveLength(5);
    expect(after.map((item) => item._id)).toEqual(before.map((item) => item._id));
    expect(after.map((item) => item.randomRank)).toEqual(before.map((item) => item.randomRank));
    expect(after[0].popularity).toBe(99999);
    expect(after[0].updatedAt).toBeGreaterThan(before[0].updatedAt);
  });

  test("counts and logs invalid items, and stores the valid ones", async () => {
    const t = newBackend();
    const before = await seedPool(t);
    stubAniList({ 1: [json(fixture("invalid-items"))] });

    const refresh = await refreshAndSettle(t);

    expect(refresh).toMatchObject({ status: "succeeded", itemCount: 1, invalidCount: 6 });
    const after = await pool(t);
    expect(after.map((item) => item.anilistId)).toEqual([1, 2, 3, 900006]);
    expect(after.slice(0, 3)).toEqual(before);
    const warnings = vi
      .mocked(console.warn)
      .mock.calls.filter(([message]) => message === "Invalid anime data received");
    expect(warnings.map(([, detail]) => detail as unknown)).toEqual([
      { anilistId: 900007, reason: "no cover image" },
      { anilistId: 900008, reason: "no description" },
      { anilistId: 900009, reason: "no title" },
      { anilistId: null, reason: expect.stringContaining("id") as string },
      { anilistId: null, reason: expect.any(String) as string },
      { anilistId: 900011, reason: "no description left for a clue" },
    ]);
  });

  test("a page of nothing but invalid items is a failed refresh", async () => {
    const t = newBackend();
    const before = await seedPool(t);
    const invalidOnly = fixture("invalid-items") as { data: { Page: { media: Json[] } } };
    invalidOnly.data.Page.media.shift();
    stubAniList({ 1: [json(invalidOnly)] });

    const refresh = await refreshAndSettle(t);

    expect(refresh).toMatchObject({ status: "failed", itemCount: 0, invalidCount: 6 });
    expect(refresh.errors).toEqual(["no valid anime received"]);
    expect(await pool(t)).toEqual(before);
  });
});

describe("failures", () => {
  test.each([
    ["a 500", () => json({ error: "oops" }, 500), "HTTP 500"],
    ["a timeout", () => "timeout" as const, "timed out after 10 s"],
    ["malformed JSON", () => new Response('{"data": {"Page": ', { status: 200 }), "malformed JSON"],
    [
      "GraphQL errors",
      () => json({ data: null, errors: [{ message: "Internal Server Error" }] }),
      "AniList errors: Internal Server Error",
    ],
    [
      "another shape",
      () => json({ data: { Page: { items: [] } } }),
      "unexpected response shape (no data.Page.media)",
    ],
    ["a network error", () => new TypeError("fetch failed"), "network error: fetch failed"],
  ])(
    "%s is tried 3 times, 2+ s apart, then the refresh fails and the pool stays",
    async (_label, reply, error) => {
      const t = newBackend();
      const before = await seedPool(t);
      const { requests } = stubAniList(reply);

      const refresh = await refreshAndSettle(t);

      expect(requests.map((request) => request.page)).toEqual([1, 1, 1]);
      expect(gaps(requests).every((gap) => gap >= 2_000 && gap >= PAGE_INTERVAL_MS)).toBe(true);
      expect(refresh).toMatchObject({ status: "failed", pagesFetched: 0, itemCount: 0 });
      expect(refresh.errors).toEqual(
        Array.from({ length: MAX_PAGE_TRIES }, (_, index) => `page 1, try ${index + 1}: ${error}`),
      );
      expect(await pool(t)).toEqual(before);
    },
  );

  test("a failure midway keeps the pages already stored and the rest of the pool", async () => {
    const t = newBackend();
    const before = await seedPool(t);
    stubAniList({ 1: [json(fixture("page-1"))], 2: [json({}, 502)] });

    const refresh = await refreshAndSettle(t);

    expect(refresh).toMatchObject({ status: "failed", pagesFetched: 1, itemCount: 3 });
    const after = await pool(t);
    expect(after.slice(0, 3)).toEqual(before);
    expect(after.map((item) => item.anilistId)).toEqual([1, 2, 3, 900001, 900002, 900003]);
  });

  test("a page that recovers on its second try is stored", async () => {
    const t = newBackend();
    const { requests } = stubAniList({
      1: [json({}, 503), json(fixture("page-1"))],
      2: [json(fixture("page-2"))],
    });

    const refresh = await refreshAndSettle(t);

    expect(requests.map((request) => request.page)).toEqual([1, 1, 2]);
    expect(refresh).toMatchObject({
      status: "succeeded",
      itemCount: 5,
      errors: ["page 1, try 1: HTTP 503"],
    });
  });
});

describe("starting a refresh", () => {
  test("one at a time: a second request joins the running refresh", async () => {
    const t = newBackend();
    const { requests } = stubAniList({
      1: [json(fixture("page-1"))],
      2: [json(fixture("page-2"))],
    });

    const first = await t.mutation(internal.catalogue.refreshNow, {});
    const second = await t.mutation(internal.catalogue.refreshDaily, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(second).toBe(first);
    expect(requests.map((request) => request.page)).toEqual([1, 2]);
    const last = await latestRefresh(t);
    expect(last).toMatchObject({ _id: first, status: "succeeded" });
  });

  test("a refresh running with no progress for 2 minutes is given up for a new one", async () => {
    const t = newBackend();
    stubAniList({ 1: [json(fixture("page-1"))], 2: [json(fixture("page-2"))] });
    const stuck = await t.run(
      async (ctx) =>
        await insertRefresh(ctx, {
          trigger: "daily",
          startedAt: Date.now() - 10 * DEAD_REFRESH_MS,
          progressAt: Date.now() - DEAD_REFRESH_MS,
          pagesFetched: 3,
          itemCount: 150,
        }),
    );

    const refresh = await refreshAndSettle(t);

    expect(refresh._id).not.toBe(stuck);
    expect(refresh.status).toBe("succeeded");
    const given = await t.run(async (ctx) => await ctx.db.get("catalogueRefreshes", stuck));
    expect(given).toMatchObject({
      status: "failed",
      errors: ["no progress for 2 minutes"],
    });
  });

  test("a round with a pool never triggers a request", async () => {
    const t = newBackend();
    await seedPool(t);
    const { fetchStub } = stubAniList(() => json(fixture("page-1")));

    const ready = await t.run(async (ctx) => await ensurePool(ctx));
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(ready).toBe(true);
    expect(fetchStub).not.toHaveBeenCalled();
    expect(await latestRefresh(t)).toBeNull();
  });

  test("an empty pool starts one refresh, in the background, however many rounds ask", async () => {
    const t = newBackend();
    const { fetchStub, requests } = stubAniList(
      { 1: [json(fixture("page-1"))], 2: [json(fixture("page-2"))] },
      { covers: "ok" },
    );

    const asked = [
      await t.run(async (ctx) => await ensurePool(ctx)),
      await t.run(async (ctx) => await ensurePool(ctx)),
    ];

    expect(asked).toEqual([false, false]);
    // The rounds only scheduled the refresh: nothing was requested yet.
    expect(fetchStub).not.toHaveBeenCalled();
    const running = await latestRefresh(t);
    expect(running).toMatchObject({ trigger: "emptyPool", status: "running" });

    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(requests.map((request) => request.page)).toEqual([1, 2]);
    const refreshes = await t.run(async (ctx) => await ctx.db.query("catalogueRefreshes").take(10));
    expect(refreshes).toHaveLength(1);
    expect(await t.run(async (ctx) => await ensurePool(ctx))).toBe(true);
  });

  test("the daily cron refreshes the catalogue", () => {
    const jobs = (crons as unknown as { crons: Record<string, { name: string; schedule: Json }> })
      .crons;
    expect(jobs["refresh anime catalogue"]).toMatchObject({
      name: "catalogue:refreshDaily",
      schedule: { type: "daily" },
    });
  });
});
