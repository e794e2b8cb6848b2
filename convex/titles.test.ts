/** Issue 13, typeahead: pool titles from a search index, the same list whatever round is on screen. */
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { AnimeFields } from "./model/judge/titleIndex";
import { insertAnime, replaceAnime } from "./model/judge/titleIndex";
import { acceptedAnswers } from "./model/judge/match";
import { SUGGESTIONS_MAX } from "./model/shared/rules";
import { newBackend, type TestConvex } from "../testing/convex/backend";
import { seedAnime, signedInAs } from "../testing/world";
import { testAnime } from "../testing/fixtures/anime";

function anime(n: number, english: string, romaji: string, synonyms: string[] = []): AnimeFields {
  return testAnime(n, { english, romaji, synonyms, clue: "A story.", randomRank: n / 100 });
}

async function pool(t: TestConvex) {
  return await t.run(async (ctx) => [
    await insertAnime(ctx, anime(1, "Attack on Titan", "Shingeki no Kyojin", ["AoT", "SnK"])),
    await insertAnime(ctx, anime(2, "Attack on Titan Season 2", "Shingeki no Kyojin Season 2")),
    await insertAnime(ctx, anime(3, "Spy x Family", "SPY×FAMILY", ["Spy Family"])),
    await insertAnime(ctx, anime(4, "Frieren: Beyond Journey's End", "Sousou no Frieren")),
    await insertAnime(ctx, anime(5, "Titan Quest Tales", "Kyojin Monogatari")),
  ]);
}

describe("titles.suggest", () => {
  test("matches every accepted title and synonym; titles starting with the text come first", async () => {
    const t = newBackend();
    await pool(t);
    const { as } = await signedInAs(t, "player");
    expect(await as.query(api.titles.suggest, { text: "shin" })).toEqual([
      "Shingeki no Kyojin",
      "Shingeki no Kyojin Season 2",
    ]);
    expect(await as.query(api.titles.suggest, { text: "tita" })).toEqual([
      "Titan Quest Tales",
      "Attack on Titan",
      "Attack on Titan Season 2",
    ]);
    // A synonym, after the titles of the acronym it is.
    expect(await as.query(api.titles.suggest, { text: "SnK" })).toEqual([
      "Attack on Titan",
      "Attack on Titan Season 2",
      "SnK",
    ]);
    expect(await as.query(api.titles.suggest, { text: "frie" })).toEqual([
      "Frieren: Beyond Journey's End",
      "Sousou no Frieren",
    ]);
  });

  test("fewer than 2 characters, or more than a guess can hold, suggest nothing", async () => {
    const t = newBackend();
    await pool(t);
    const { as } = await signedInAs(t, "player");
    expect(await as.query(api.titles.suggest, { text: "" })).toEqual([]);
    expect(await as.query(api.titles.suggest, { text: " s  " })).toEqual([]);
    expect(await as.query(api.titles.suggest, { text: "s".repeat(201) })).toEqual([]);
  });

  test(`at most ${SUGGESTIONS_MAX}, and the same list whatever anime is on screen`, async () => {
    const t = newBackend();
    await seedAnime(t, 30); // "Show 1"…, "Shou 1"…, each dealt in turn below
    const player = await signedInAs(t, "player");
    await player.as.mutation(api.game.start, { timeZone: "UTC" });
    const lists = [];
    const dealt = new Set<string>();
    for (let round = 1; round <= 6; round++) {
      lists.push(await player.as.query(api.titles.suggest, { text: "Show" }));
      dealt.add(
        await t.run(async (ctx) => {
          const game = await ctx.db.query("games").first();
          return (await ctx.db.get("anime", game!.round!.animeId))!.title.english!;
        }),
      );
      await player.as.mutation(api.game.next, { roundNumber: round });
    }
    expect(dealt.size).toBe(6);
    expect(lists[0]).toHaveLength(SUGGESTIONS_MAX);
    for (const list of lists) expect(list).toEqual(lists[0]);
    // Alphabetical, so not led by the anime on screen.
    expect(lists[0]).toEqual([...lists[0]].sort());
  });

  test("a changed anime's suggestions follow its new titles; a title two anime share shows once", async () => {
    const t = newBackend();
    const [first] = await pool(t);
    const { as } = await signedInAs(t, "player");
    await t.run(async (ctx) => {
      await replaceAnime(
        ctx,
        first,
        anime(1, "Attack on Titan", "Shingeki no Kyojin", ["Spy Family"]),
      );
    });
    expect(await as.query(api.titles.suggest, { text: "snk" })).not.toContain("SnK");
    expect(await as.query(api.titles.suggest, { text: "spy" })).toEqual([
      "Spy Family",
      "Spy x Family",
      "SPY×FAMILY",
    ]);
  });

  test("only the pool's real titles: never a shortened form the judge derives", async () => {
    const t = newBackend();
    const zom = { english: "Zom 100: Bucket List of the Dead" };
    const romaji = "Zom 100: Zombie ni Naru Made ni Shitai 100 no Koto";
    await t.run(async (ctx) => {
      await insertAnime(ctx, {
        ...anime(1, zom.english, romaji),
        // As the catalogue stores it: with the shorter names the judge accepts.
        answers: acceptedAnswers({ title: { ...zom, romaji } }),
      });
    });
    const { as } = await signedInAs(t, "player");
    expect(await as.query(api.titles.suggest, { text: "zom" })).toEqual([zom.english, romaji]);
    expect(await as.query(api.titles.suggest, { text: "bucket" })).toEqual([zom.english]);
  });

  test.each(["no", "the", "of", "wa", "No ", "the of", "season"])(
    "%j alone matches nothing; with another word, only titles holding that word",
    async (text) => {
      const t = newBackend();
      await pool(t);
      await t.run(async (ctx) => {
        await insertAnime(ctx, anime(6, "The Tale of No Name", "Namae no Monogatari wa"));
      });
      const { as } = await signedInAs(t, "player");
      expect(await as.query(api.titles.suggest, { text })).toEqual([]);
      const withWord = await as.query(api.titles.suggest, { text: `${text} kyo` });
      expect(withWord.toSorted()).toEqual([
        "Kyojin Monogatari",
        "Shingeki no Kyojin",
        "Shingeki no Kyojin Season 2",
      ]);
    },
  );

  test("a typed acronym shows the full titles it stands for, first", async () => {
    const t = newBackend();
    await pool(t);
    await t.run(async (ctx) => {
      await insertAnime(ctx, anime(6, "Sword Art Online", "Sword Art Online"));
      await insertAnime(ctx, anime(7, "Saomi", "Saomi"));
      await insertAnime(ctx, anime(8, "Star Anchor Odyssey", "Hoshi no Ikari"));
    });
    const { as } = await signedInAs(t, "player");
    expect(await as.query(api.titles.suggest, { text: "sao" })).toEqual([
      "Star Anchor Odyssey",
      "Sword Art Online",
      "Saomi",
    ]);
    expect(await as.query(api.titles.suggest, { text: "S.A.O." })).toEqual([
      "Star Anchor Odyssey",
      "Sword Art Online",
    ]);
    expect(await as.query(api.titles.suggest, { text: "AoT" })).toEqual([
      "Attack on Titan",
      "Attack on Titan Season 2",
      "AoT",
    ]);
  });
});
