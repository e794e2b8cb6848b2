/** Typeahead: pool titles by their start or a later word, the same list whatever round is on screen. */
import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import type { AnimeFields } from "../../model/judge/titleIndex";
import { insertAnime, replaceAnime } from "../../model/judge/titleIndex";
import { acceptedAnswers } from "../../model/judge/match";
import { isGenericWord } from "../../model/judge/genericWords";
import { normalizeTitle, titleWords } from "../../model/judge/normalize";
import {
  keyNeighbours,
  MAX_PREFIX_ROWS_PER_ANIME,
  prefixRows,
} from "../../model/judge/suggestions";
import { titleForms } from "../../model/judge/titleForms";
import { SUGGEST_MIN_CHARS, SUGGESTIONS_MAX } from "../../model/shared/rules";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { seedAnime, signedInAs } from "../../../testing/world";
import { testAnime } from "../../../testing/fixtures/anime";
import { offlineCatalogue, seedOfflinePool } from "../../../testing/fixtures/offlinePool";

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
        (await ctx.db.get("anime", first))!,
        anime(1, "Attack on Titan", "Shingeki no Kyojin", ["Spy Family"]),
      );
    });
    expect(await as.query(api.titles.suggest, { text: "snk" })).not.toContain("SnK");
    // "Spy Family" and "SPY×FAMILY" differ only in punctuation: one suggestion, as the judge
    // reads them alike.
    expect(await as.query(api.titles.suggest, { text: "spy" })).toEqual([
      "SPY×FAMILY",
      "Spy x Family",
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

/**
 * Where typing a title may start: its first character and each later word's, as the character
 * offsets of the text; with how much must be typed from there (3 letters of the first word that
 * is not generic, or all of it when shorter). A rest too short to be asked about is left out.
 */
function typingStarts(title: string): { from: number; enough: number }[] {
  const chars = Array.from(title);
  const words = [...title.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({
    at: Array.from(title.slice(0, match.index)).length,
    length: Array.from(match[0]).length,
    searched: titleWords(match[0]).some((word) => !isGenericWord(word) || /^\d+$/.test(word)),
  }));
  const starts = [];
  for (const [index, word] of words.entries()) {
    if (index > 0 && !word.searched) continue;
    const first = words.slice(index).find((later) => later.searched);
    if (first === undefined) continue;
    const enough = first.at + Math.min(3, first.length) - word.at;
    if (chars.length - word.at >= SUGGEST_MIN_CHARS) {
      starts.push({ from: word.at, enough });
    }
  }
  return starts;
}

describe("every title of the offline sample", () => {
  const sample = offlineCatalogue();
  const titles = sample.flatMap((anime) => titleForms(anime));

  test("is suggested from its start and from each later word, with 3 letters typed", async () => {
    const t = newBackend();
    await t.run(async (ctx) => {
      await seedOfflinePool(ctx);
    });
    const { as } = await signedInAs(t, "player");
    // The native titles too (among them the long ones a full-text search could never suggest).
    expect(titles.filter((title) => /\p{Script=Han}|\p{Script=Katakana}/u.test(title)).length).toBe(
      18,
    );
    const missed: string[] = [];
    let asked = 0;
    for (const title of titles) {
      const chars = Array.from(title);
      for (const { from, enough } of typingStarts(title)) {
        let few = from + enough;
        while (chars.slice(from, few).join("").trim().length < SUGGEST_MIN_CHARS) few += 1;
        // Typing on never loses it: a few letters, then the whole rest of the title.
        for (const end of new Set([few, chars.length])) {
          const typed = chars.slice(from, end).join("");
          const shown = await as.query(api.titles.suggest, { text: typed });
          asked += 1;
          // Every distinct form: "Bleach" and "BLEACH", "Liar Liar" and "Liar, Liar" are one
          // suggestion each (whichever spelling sorts first), as the judge reads them alike.
          if (!shown.some((text) => normalizeTitle(text) === normalizeTitle(title))) {
            missed.push(`${JSON.stringify(typed)} → ${title}`);
          }
        }
      }
    }
    expect(missed).toEqual([]);
    expect(asked).toBeGreaterThan(2 * titles.length);
  });

  test('each show once: "lia" lists Liar, Liar once, not also as Liar Liar', async () => {
    const t = newBackend();
    await t.run(async (ctx) => {
      await seedOfflinePool(ctx);
    });
    const { as } = await signedInAs(t, "player");
    const shown = await as.query(api.titles.suggest, { text: "lia" });
    expect(shown.filter((text) => normalizeTitle(text) === "liarliar")).toHaveLength(1);
  });

  test.each([
    ["spirted", "Spirited Away"],
    ["spirted away", "Spirited Away"],
    ["deth note", "Death Note"],
    ["attak on titan", "Attack on Titan"],
    // A typo among the first letters: a neighbouring key, two swapped, one typed twice.
    ["dpirited away", "Spirited Away"],
    ["eeath note", "Death Note"],
    ["psirited", "Spirited Away"],
    ["ddeath note", "Death Note"],
  ])("%j, a typo the judge forgives, suggests %j", async (typed, title) => {
    const t = newBackend();
    await t.run(async (ctx) => {
      await seedOfflinePool(ctx);
    });
    const { as } = await signedInAs(t, "player");
    expect(await as.query(api.titles.suggest, { text: typed })).toContain(title);
    // Too short for the judge to forgive a typo: nothing.
    expect(await as.query(api.titles.suggest, { text: "deth" })).toEqual([]);
  });

  test("a slipped finger's key is one beside the key aimed at, or touching it above or below", () => {
    expect(keyNeighbours("d").sort()).toEqual(["c", "e", "f", "r", "s", "x"]);
    expect(keyNeighbours("q").sort()).toEqual(["1", "2", "a", "w"]);
    expect(keyNeighbours("m").sort()).toEqual(["j", "k", "n"]);
    expect(keyNeighbours("é")).toEqual([]);
  });

  test("each anime writes a bounded number of prefix rows", () => {
    const rows = sample.map((anime) => prefixRows(anime).length);
    expect(Math.max(...rows)).toBeLessThanOrEqual(MAX_PREFIX_ROWS_PER_ANIME);
    // A start row for each title (spellings differing only in case count once), a few more each.
    expect(rows.reduce((sum, n) => sum + n, 0)).toBeLessThan(8 * sample.length);
  });
});
