import { readFileSync } from "node:fs";
import { ConvexError } from "convex/values";
import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { parseCataloguePage, type CatalogueItem } from "../../model/catalogue/anilist";
import { REDACTION } from "../../model/catalogue/clue";
import { roundClue } from "../../model/catalogue/clue/roundClue";
import { CATALOGUE_PAGE_COUNT } from "../../model/catalogue/anilist";
import { storePage } from "../../model/catalogue/refresh";
import { insertAnime } from "../../model/judge/titleIndex";
import { judgeGuess } from "../../model/judge/verdict";
import { MIN_CLUE_WORDS } from "../../model/shared/rules";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { attachTestCovers } from "../../../testing/fixtures/covers";
import { signUp } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";
import { offlineCatalogue } from "../../../testing/fixtures/offlinePool";
import { insertRefresh } from "../../../testing/fixtures/refreshes";

/**
 * The clue a round deals never holds what the pool's judge would pay for (catalogue/clue/
 * roundClue.ts): each test stores invented AniList entries (testing/fixtures/anilist/clues.json)
 * as a refresh would, shows first that the judge does accept the word at stake, then that the
 * dealt clue does not carry it.
 */

const page = JSON.parse(
  readFileSync(new URL("../../../testing/fixtures/anilist/clues.json", import.meta.url), "utf8"),
) as unknown;
const catalogue = parseCataloguePage(page).items;
/** Entries of issue 39 (testing/fixtures/anilist/fair-clues.json): title words in other forms. */
const fairPage = JSON.parse(
  readFileSync(
    new URL("../../../testing/fixtures/anilist/fair-clues.json", import.meta.url),
    "utf8",
  ),
) as unknown;

function item(anilistId: number): CatalogueItem {
  const found = catalogue.find((candidate) => candidate.anilistId === anilistId);
  if (found === undefined) throw new Error(`no fixture item ${anilistId}`);
  return found;
}

const TITAN = 910001;
const TITAN_SEQUEL = 910002;
const SUPLEX = 910003;
const SAYURI = 910004;
const SIDE_STORIES = 910005;
const LANTERNS = 910006;
const TITAN_HARBOR = 910007;

/** Stores fixture items as a refresh does; `dealable` ones get their covers (only those are dealt). */
async function stored(t: TestConvex, ids: number[], dealable: number[] = []) {
  const entries = await t.run(async (ctx) => {
    const stored: [number, Id<"anime">][] = [];
    for (const [index, anilistId] of ids.entries()) {
      const animeId = await insertAnime(ctx, {
        ...item(anilistId),
        randomRank: (index + 0.5) / ids.length,
        updatedAt: 0,
      });
      if (dealable.includes(anilistId)) await attachTestCovers(ctx, animeId);
      stored.push([anilistId, animeId]);
    }
    return stored;
  });
  return new Map(entries);
}

async function dealtClue(t: TestConvex, animeId: Id<"anime">): Promise<string | null> {
  return await t.run(async (ctx) => await roundClue(ctx, (await ctx.db.get("anime", animeId))!));
}

/** Whether the guess scores: a refused one (common words alone, a list) scores nothing. */
async function judged(t: TestConvex, animeId: Id<"anime">, guess: string): Promise<boolean> {
  return await t.run(async (ctx) => {
    try {
      return await judgeGuess(ctx, await ctx.db.get("anime", animeId), guess);
    } catch (error) {
      if (error instanceof ConvexError) return false;
      throw error;
    }
  });
}

async function storedClue(t: TestConvex, animeId: Id<"anime">): Promise<string> {
  return await t.run(async (ctx) => (await ctx.db.get("anime", animeId))!.clue);
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

fakeClockEachTest();

describe("a dealt clue holds nothing the judge accepts", () => {
  test("a plural: the description says 'titans' and 'titan' scores", async () => {
    const t = newBackend();
    const ids = await stored(t, [TITAN, SUPLEX, LANTERNS]);
    const titan = ids.get(TITAN)!;
    expect(await judged(t, titan, "titan")).toBe(true);
    expect(item(TITAN).clue).not.toMatch(/titan/i);

    const clue = (await dealtClue(t, titan))!;
    expect(words(clue)).not.toContain("titans");
    expect(words(clue)).not.toContain("titan");
    expect(clue).toContain(`wiped out by ${REDACTION}. ${REDACTION} stand taller than houses`);
  });

  test("a hyphenated word: 'single-suplex' goes whole", async () => {
    const t = newBackend();
    const ids = await stored(t, [TITAN, SUPLEX, LANTERNS]);
    const suplex = ids.get(SUPLEX)!;
    expect(await judged(t, suplex, "suplex")).toBe(true);

    const clue = (await dealtClue(t, suplex))!;
    expect(clue).not.toMatch(/suplex|single/i);
    expect(clue).toContain(`falls to one ${REDACTION} finisher`);
    // The main character, from AniList's characters(role: MAIN), was redacted when stored.
    expect(clue).not.toMatch(/Dorran|Vey/);
  });

  test("a name inside the title goes with the rest of that person's name", async () => {
    const t = newBackend();
    const ids = await stored(t, [SAYURI, SUPLEX, LANTERNS]);
    const sayuri = ids.get(SAYURI)!;
    expect(await judged(t, sayuri, "sayuri")).toBe(true);
    expect(await storedClue(t, sayuri)).not.toMatch(/Sayuri|Kujou/);

    const clue = (await dealtClue(t, sayuri))!;
    expect(clue).not.toMatch(/Sayuri|Kujou/);
    // (Miyabi Tanaka, whom no list names, goes too: an unlisted name, catalogue/clue/names.ts.)
    expect(clue).toContain(`${REDACTION} and ${REDACTION} lead the student council`);
  });

  test("a word of the show's own title goes even when another franchise shares it and it does not score", async () => {
    const t = newBackend();
    const ids = await stored(t, [TITAN, TITAN_HARBOR, LANTERNS]);
    const titan = ids.get(TITAN)!;
    expect(await judged(t, titan, "titan")).toBe(false);
    const clue = (await dealtClue(t, titan))!;
    expect(clue).not.toMatch(/titan/i);
    expect(clue).toContain(`wiped out by ${REDACTION}. ${REDACTION} stand taller than houses`);
  });

  test("Tokyo Ghoul dealt beside its sequels and another franchise's Ghoul Kitchen: no 'ghoul' in any form, though the judge refuses it", async () => {
    const t = newBackend();
    const ghouls = parseCataloguePage(fairPage).items.filter((entry) =>
      [920001, 920002, 920003, 920010].includes(entry.anilistId),
    );
    const ids = await t.run(async (ctx) => {
      const stored: Id<"anime">[] = [];
      for (const [index, entry] of ghouls.entries())
        stored.push(await insertAnime(ctx, { ...entry, randomRank: index / 4, updatedAt: 0 }));
      return stored;
    });
    expect(await judged(t, ids[0], "ghouls")).toBe(false);
    for (const animeId of ids.slice(0, 3)) {
      const clue = (await dealtClue(t, animeId))!;
      expect(clue, clue).not.toMatch(/ghoul/i);
    }
    expect((await dealtClue(t, ids[0]))!).toMatch(/^Tokyo hides a secret: flesh-eating ▇▇▇ live/);
  });

  test("a refresh that brings a sequel: its title's words go from the dealt clue, not from the stored one", async () => {
    const t = newBackend();
    const ids = await stored(t, [TITAN, TITAN_HARBOR, LANTERNS], [TITAN]);
    const titan = ids.get(TITAN)!;
    const before = await storedClue(t, titan);
    expect(words(before)).toContain("humankind");
    expect(words((await dealtClue(t, titan))!)).toContain("humankind");

    // The refresh stores a film of the same story, named after a word of this one's description.
    await t.run(async (ctx: MutationCtx) => {
      const refreshId = await insertRefresh(ctx, { pagesFetched: CATALOGUE_PAGE_COUNT - 1 });
      const film = {
        ...item(TITAN_SEQUEL),
        anilistId: 910099,
        title: {
          english: "March of the Pale Titan: Humankind's Last Wall",
          romaji: "Aoi Kyojin no Koushin: Jinrui no Saigo no Kabe",
          native: null,
        },
        answers: ["March of the Pale Titan: Humankind's Last Wall"],
      };
      await storePage(ctx, {
        refreshId,
        page: CATALOGUE_PAGE_COUNT,
        items: [film],
        invalidCount: 0,
        hasNextPage: false,
      });
    });
    // The anime's own stored clue was not made again, and still says "humankind"…
    expect(await storedClue(t, titan)).toBe(before);

    // …but the round a player is dealt now is checked against this pool: the film's words are
    // the story's own.
    const { as } = await signUp(t);
    await as.mutation(api.game.start, { timeZone: "UTC" });
    const view = await as.query(api.game.state, {});
    expect(view!.round!.clue).not.toMatch(/humankind/i);
    expect(view!.round!.clue).toContain(`${REDACTION} was nearly wiped out`);
  });
});

describe("no empty clue", () => {
  test("a sequel stub deals its franchise's first entry's story, with its own genres", async () => {
    const t = newBackend();
    const ids = await stored(t, [TITAN, TITAN_SEQUEL, SUPLEX, LANTERNS]);
    const sequel = ids.get(TITAN_SEQUEL)!;
    expect(await storedClue(t, sequel)).toBe(
      `The second season of ${REDACTION}.\nGenres: Action, Mystery`,
    );

    const clue = (await dealtClue(t, sequel))!;
    const [story, genres] = clue.split("\n");
    expect(words(story).length).toBeGreaterThanOrEqual(MIN_CLUE_WORDS);
    expect(story).toContain(`${REDACTION} stand taller than houses`);
    expect(genres).toBe("Genres: Action, Mystery");
    // The borrowed story is checked for the sequel: "titan" scores for it too.
    expect(await judged(t, sequel, "titan")).toBe(true);
    expect(words(clue)).not.toContain("titans");
  });

  test("release notes with no franchise entry to borrow from are never dealt", async () => {
    const t = newBackend();
    const ids = await stored(t, [SIDE_STORIES, LANTERNS], [SIDE_STORIES, LANTERNS]);
    expect(await dealtClue(t, ids.get(SIDE_STORIES)!)).toBeNull();

    const { as } = await signUp(t);
    await as.mutation(api.game.start, { timeZone: "UTC" });
    for (let round = 0; round < 4; round++) {
      const view = (await as.query(api.game.state, {}))!;
      expect(view.round!.clue).toContain("folds undelivered letters");
      await as.mutation(api.game.next, { roundNumber: view.round!.number });
    }
  });

  test("every clue of the fixture pool tells at least MIN_CLUE_WORDS words and nothing that scores", async () => {
    const t = newBackend();
    const ids = await stored(
      t,
      catalogue.map((entry) => entry.anilistId).filter((id) => id !== TITAN_HARBOR),
    );
    for (const [anilistId, animeId] of ids) {
      const clue = await dealtClue(t, animeId);
      if (anilistId === SIDE_STORIES) {
        expect(clue).toBeNull();
        continue;
      }
      const story = clue!.split("\n")[0];
      expect(words(story).length, story).toBeGreaterThanOrEqual(MIN_CLUE_WORDS);
      const anime = await t.run(
        async (ctx) => (await ctx.db.get("anime", animeId)) as Doc<"anime">,
      );
      for (const word of new Set(words(clue!))) {
        expect(await judged(t, anime._id, word), `"${word}" in ${clue}`).toBe(false);
      }
    }
  });
});

describe("the offline preview's bundled clues read like production's", () => {
  test("no hero of the first clues a newcomer reads is named", () => {
    const clues = offlineCatalogue().map((entry) => entry.clue);
    const named = [
      ...["Light", "Yagami", "Ryuk", "Ichigo", "Kurosaki", "Kuchiki", "Rukia", "Edward"],
      ...["Alphonse", "Elric", "Kudo", "Shinichi", "Saitama", "Oliver", "Emily", "Max"],
    ].filter((name) => clues.some((clue) => new RegExp(`\\b${name}\\b`).test(clue)));
    expect(named).toEqual([]);
  });
});
