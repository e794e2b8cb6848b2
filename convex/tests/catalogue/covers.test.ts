import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import { CATALOGUE_PAGE_COUNT } from "../../model/catalogue/anilist";
import { BLUR_STEPS_PX } from "../../model/shared/rules";
import { RETIRED_COVERS_KEPT_MS } from "../../model/catalogue/covers";
import { CLEAR_WIDTH_PX, REFERENCE_WIDTH_PX } from "../../model/catalogue/coverImages";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { makeCoversOf } from "../../../testing/convex/coverWorkers";
import {
  dealtAnime,
  guessAs,
  seedAnime,
  signedInAs,
  viewOf,
  type TestPlayer,
} from "../../../testing/world";
import { testCoverResponse } from "../../../testing/fixtures/covers";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { insertRefresh } from "../../../testing/fixtures/refreshes";

type Player = TestPlayer;

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function animeOf(t: TestConvex, id: Id<"anime">): Promise<Doc<"anime">> {
  return (await t.run(async (ctx) => await ctx.db.get("anime", id)))!;
}

async function fetchCover(t: TestConvex, path: string) {
  const response = await t.fetch(path, { method: "GET" });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function dealtAnimeIdOf(t: TestConvex, player: Player): Promise<Id<"anime">> {
  return (await dealtAnime(t, player))._id;
}

/** Skips `follower`'s round (in a pool of two) until it shows `leader`'s anime. */
async function dealSameAnimeAs(t: TestConvex, follower: Player, leader: Player) {
  if ((await dealtAnimeIdOf(t, follower)) === (await dealtAnimeIdOf(t, leader))) return;
  const { round } = await viewOf(follower);
  await follower.as.mutation(api.game.next, { roundNumber: round!.number });
}

/** Everything that names the anime: a title form, the AniList id, AniList's hosts, its cover URL. */
function secretsOf(anime: Doc<"anime">): string[] {
  return [
    String(anime.anilistId),
    "anilist.co",
    anime.coverImage,
    ...[anime.title.english, anime.title.romaji, anime.title.native].filter(
      (title): title is string => title !== null,
    ),
    ...anime.synonyms,
  ];
}

describe("while a round plays", () => {
  test("no result of a public function the player calls names the anime", async () => {
    const t = newBackend();
    const [animeId] = await seedAnime(t, 1);
    const anime = await animeOf(t, animeId);
    const player = await signedInAs(t, "player");
    const results: unknown[] = [
      await player.as.mutation(api.game.start, { timeZone: "UTC" }),
      await player.as.query(api.game.state, {}),
      await player.as.mutation(api.game.guess, { roundNumber: 1, attempt: 0, guess: WRONG_GUESS }),
      await player.as.query(api.game.state, {}),
      await player.as.query(api.users.viewer, {}),
      await player.as.query(api.leaderboard.mine, {}),
      await player.as.query(api.leaderboard.top, { limit: 10 }),
    ];
    expect((await viewOf(player)).round?.status).toBe("playing");
    const text = JSON.stringify(results);
    for (const secret of secretsOf(anime)) expect(text).not.toContain(secret);
    // The cover comes from the game's own address, not AniList's.
    expect((await viewOf(player)).round?.coverPath).toMatch(/^\/cover\/[0-9a-f]{32}\/1$/);
  });

  test("one anime's cover address differs between players and between rounds", async () => {
    const t = newBackend();
    await seedAnime(t, 2);
    const ann = await signedInAs(t, "player", { email: "ann@example.com", username: "Ann" });
    const bob = await signedInAs(t, "player", { email: "bob@example.com", username: "Bob" });
    await ann.as.mutation(api.game.start, { timeZone: "UTC" });
    await bob.as.mutation(api.game.start, { timeZone: "UTC" });
    await dealSameAnimeAs(t, bob, ann);
    const first = (await viewOf(ann)).round!.coverPath!;
    expect((await viewOf(bob)).round!.coverPath).not.toBe(first);
    // Skipped twice in a pool of two, the same anime comes back at a new address; the old one
    // serves nothing.
    const { round } = await viewOf(ann);
    await ann.as.mutation(api.game.next, { roundNumber: round!.number });
    await ann.as.mutation(api.game.next, { roundNumber: round!.number + 1 });
    expect(await dealtAnimeIdOf(t, ann)).toBe(await dealtAnimeIdOf(t, bob));
    const second = (await viewOf(ann)).round!.coverPath!;
    expect(second).not.toBe(first);
    expect((await fetchCover(t, first)).status).toBe(404);
    expect((await fetchCover(t, second)).status).toBe(200);
  });

  test("only the steps shown so far are served, and the clear cover once the round has ended", async () => {
    const t = newBackend();
    const [animeId] = await seedAnime(t, 1);
    const anime = await animeOf(t, animeId);
    const player = await signedInAs(t, "player");
    await player.as.mutation(api.game.start, { timeZone: "UTC" });
    const base = (await viewOf(player)).round!.coverPath!.replace(/\/\d$/, "");
    expect((await viewOf(player)).round!.coverPath).toBe(`${base}/0`);
    const served = async () =>
      Object.fromEntries(
        await Promise.all(
          ["0", "1", "2", "3", "4", "clear"].map(
            async (step) => [step, (await fetchCover(t, `${base}/${step}`)).status] as const,
          ),
        ),
      );
    expect(await served()).toEqual({ 0: 200, 1: 404, 2: 404, 3: 404, 4: 404, clear: 404 });
    await player.as.mutation(api.game.guess, { roundNumber: 1, attempt: 0, guess: WRONG_GUESS });
    expect(await served()).toEqual({ 0: 200, 1: 200, 2: 404, 3: 404, 4: 404, clear: 404 });
    expect((await viewOf(player)).round!.coverPath).toBe(`${base}/1`);

    await player.as.mutation(api.game.guess, {
      roundNumber: 1,
      attempt: 1,
      guess: anime.title.english!,
    });
    expect(await served()).toEqual({ 0: 200, 1: 200, 2: 200, 3: 200, 4: 200, clear: 200 });
    expect((await viewOf(player)).round!.coverPath).toBe(`${base}/clear`);
    // Odd addresses serve nothing.
    for (const path of [`${base}/5`, `${base}/-1`, `${base}/0/x`, "/cover/abc/0", "/cover/"]) {
      expect((await fetchCover(t, path)).status).toBe(404);
    }
  });
});

describe("a cover set replaced mid-round", () => {
  test("keeps serving the round dealt on it, and is deleted once no round can show it", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    const t = newBackend();
    const [animeId] = await seedAnime(t, 1);
    const player = await signedInAs(t, "player");
    await player.as.mutation(api.game.start, { timeZone: "UTC" });
    const old = (await animeOf(t, animeId)).covers!;
    const base = (await viewOf(player)).round!.coverPath!.replace(/\/\d$/, "");
    const bytesOf = async (id: Id<"_storage">) =>
      new Uint8Array(await t.run(async (ctx) => await (await ctx.storage.get(id))!.arrayBuffer()));

    // The next refresh brings a new cover, and the workers make its set while the round plays.
    vi.advanceTimersByTime(60_000);
    await t.run(async (ctx) => {
      await ctx.db.patch("anime", animeId, { coverImage: "https://img.example/covers/new.jpg" });
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => await testCoverResponse("ok")),
    );
    await makeCoversOf(t, [animeId]);
    const made = (await animeOf(t, animeId)).covers!;
    expect(made.source).toBe("https://img.example/covers/new.jpg");
    expect(made.steps).not.toContain(old.steps[0]);

    // The round's addresses still serve the set it was dealt on, step after step.
    expect(await fetchCover(t, `${base}/0`)).toEqual({
      status: 200,
      bytes: await bytesOf(old.steps[0]),
    });
    await guessAs(player, WRONG_GUESS);
    expect(await fetchCover(t, `${base}/1`)).toEqual({
      status: 200,
      bytes: await bytesOf(old.steps[1]),
    });
    // A round dealt now shows the new set.
    vi.advanceTimersByTime(60_000);
    const other = await signedInAs(t, "player", { email: "new@example.com", username: "Newer" });
    await other.as.mutation(api.game.start, { timeZone: "UTC" });
    expect((await fetchCover(t, (await viewOf(other)).round!.coverPath!)).bytes).toEqual(
      await bytesOf(made.steps[0]),
    );

    // Two days on, no round can show the old set: the hourly cleanup deletes its images.
    const files = async () =>
      (await t.run(async (ctx) => await ctx.db.system.query("_storage").take(100))).map(
        (file) => file._id,
      );
    expect(await files()).toEqual(expect.arrayContaining([...old.steps, old.clear]));
    vi.setSystemTime(Date.now() + RETIRED_COVERS_KEPT_MS);
    await t.mutation(internal.covers.deleteRetired, {});
    expect((await files()).sort()).toEqual([...made.steps, made.clear].sort());
  });
});

describe("the cover workers", () => {
  async function animeWithoutCovers(t: TestConvex) {
    return await t.run(
      async (ctx) =>
        await ctx.db.insert("anime", {
          anilistId: 4242,
          title: { english: "Lone Show", romaji: null, native: null },
          synonyms: [],
          clue: "A clue.",
          answers: ["Lone Show"],
          coverImage: "https://s4.anilist.co/file/anilistcdn/media/anime/cover/large/bx4242.jpg",
          siteUrl: "https://anilist.co/anime/4242",
          genres: [],
          randomRank: 0.5,
          updatedAt: 0,
        }),
    );
  }

  test("make step images no sharper than their blur, and a clear cover", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const t = newBackend();
    const animeId = await animeWithoutCovers(t);
    const fetchStub = vi.fn(async () => await testCoverResponse("ok"));
    vi.stubGlobal("fetch", fetchStub);
    await makeCoversOf(t, [animeId]);

    const made = await animeOf(t, animeId);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(made.coverStatus).toBe("ready");
    const sizes = await t.run(async (ctx) => {
      const ids = [...made.covers!.steps, made.covers!.clear];
      return await Promise.all(
        ids.map(async (id) => {
          const blob = (await ctx.storage.get(id))!;
          const { width, height, format } = await sharp(
            new Uint8Array(await blob.arrayBuffer()),
          ).metadata();
          return { width, height, format, bytes: blob.size };
        }),
      );
    });
    const clear = sizes.pop()!;
    // One pixel per blur radius at the 256 px reference width: 22, 26, 32, 43 and 64 px across.
    expect(sizes.map((size) => size.width)).toEqual([22, 26, 32, 43, 64]);
    sizes.forEach((size, step) => {
      expect(size.width).toBeLessThanOrEqual(REFERENCE_WIDTH_PX / BLUR_STEPS_PX[step] + 1);
      expect(size.format).toBe("webp");
      expect(size.bytes).toBeLessThan(2_000);
    });
    expect(clear).toMatchObject({ width: CLEAR_WIDTH_PX, height: CLEAR_WIDTH_PX * 1.5 });
    expect(made.covers!.bytes).toBe([...sizes, clear].reduce((sum, s) => sum + s.bytes, 0));
  });

  test.each(["corrupt", "huge", "html", "missing"] as const)(
    "a %s cover is refused, stored nowhere, and the anime is not dealt",
    async (kind) => {
      // The empty pool below starts a catalogue refresh. On a fake clock it stays scheduled: on
      // the real one its retry would run after this test, in another file's, and print there.
      // Date too: the fold its tally wakes waits for the clock to move on, as the jobs run.
      vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
      const t = newBackend();
      const animeId = await animeWithoutCovers(t);
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => await testCoverResponse(kind)),
      );
      await makeCoversOf(t, [animeId]);

      expect(await animeOf(t, animeId)).toMatchObject({ coverStatus: "missing" });
      expect((await animeOf(t, animeId)).covers).toBeUndefined();
      expect(await t.run(async (ctx) => await ctx.db.system.query("_storage").take(1))).toEqual([]);
      expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("refused"));
      const player = await signedInAs(t, "player");
      expect(await player.as.mutation(api.game.start, { timeZone: "UTC" })).toEqual({
        hasRound: false,
      });
      // A later try that succeeds makes it dealable.
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => await testCoverResponse("ok")),
      );
      await makeCoversOf(t, [animeId]);
      expect(await player.as.mutation(api.game.next, { roundNumber: 0 })).toEqual({
        kind: "dealt",
      });
    },
  );
});

describe("the refresh and missing covers", () => {
  test("a cover that failed is tried again by the next refresh, which records how many are missing", async () => {
    vi.useFakeTimers();
    try {
      const t = newBackend();
      const player = await signedInAs(t, "player");
      const item = {
        anilistId: 5151,
        title: { english: "Harbor Lights", romaji: null, native: null },
        synonyms: [],
        clue: "Someone keeps a lighthouse.",
        answers: ["Harbor Lights"],
        coverImage: "https://s4.anilist.co/file/anilistcdn/media/anime/cover/large/bx5151.jpg",
        siteUrl: "https://anilist.co/anime/5151",
        genres: [],
      };
      const fetchStub = vi.fn(async (_url: string) => await testCoverResponse("missing"));
      vi.stubGlobal("fetch", fetchStub);
      // The empty pool's own refresh asks AniList too: count the cover fetches only.
      const coverFetches = () =>
        fetchStub.mock.calls.filter(([url]) => url === item.coverImage).length;
      /** One refresh storing the item as its last page, then the cover workers. */
      const refresh = async () => {
        const refreshId = await t.run(async (ctx) => await insertRefresh(ctx));
        await t.mutation(internal.catalogue.storePage, {
          refreshId,
          page: CATALOGUE_PAGE_COUNT,
          items: [item],
          invalidCount: 0,
          hasNextPage: false,
        });
        await t.finishAllScheduledFunctions(vi.runAllTimers);
        return (await t.run(async (ctx) => await ctx.db.get("catalogueRefreshes", refreshId)))!;
      };

      expect(await refresh()).toMatchObject({ status: "succeeded", coversMissing: 1 });
      expect(coverFetches()).toBe(1);
      expect(await player.as.mutation(api.game.start, { timeZone: "UTC" })).toEqual({
        hasRound: false,
      });

      fetchStub.mockImplementation(async (_url: string) => await testCoverResponse("ok"));
      expect(await refresh()).toMatchObject({ status: "succeeded", coversMissing: 1 });
      expect(coverFetches()).toBe(2);
      expect(await player.as.mutation(api.game.next, { roundNumber: 0 })).toEqual({
        kind: "dealt",
      });

      // Once made, a cover is not fetched again while AniList's address stays the same.
      expect(await refresh()).toMatchObject({ status: "succeeded", coversMissing: 0 });
      expect(coverFetches()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
