import { readFileSync } from "node:fs";
import type { TestConvex } from "../../convex/test.setup";
import { acceptedAnswers } from "../../convex/model/judge/match";
import { guessText } from "../../convex/model/judge/refusal";
import { insertAnime, type AnimeFields } from "../../convex/model/judge/titleIndex";
import { judgeGuess } from "../../convex/model/judge/verdict";
import { errorCodeOf } from "../../convex/model/shared/errors";
import { attachTestCovers } from "./testCovers";

/**
 * The judge's pool of real titles (tests/fixtures/judge-titles.json), for the judge's tests:
 * seeded as the catalogue stores them, and a verdict read as the game reads it.
 */
export type FixtureAnime = {
  id: number;
  title: { english: string | null; romaji: string | null; native: string | null };
  synonyms: string[];
};

export const judgeFixture = JSON.parse(
  readFileSync(new URL("../fixtures/judge-titles.json", import.meta.url), "utf8"),
) as { anime: FixtureAnime[] };

/** AniList ids of the fixture's shows (99000x: invented ones). */
export const SHOW = {
  AOT: 16498,
  AOT_FINAL: 110277,
  DEATH_NOTE: 1535,
  FMAB: 5114,
  ONE_PUNCH: 21087,
  STEINS: 9253,
  HXH: 11061,
  NARUTO: 20,
  SHIPPUDEN: 1735,
  BLEACH: 269,
  REZERO: 21355,
  SPYFAMILY: 140960,
  MHA: 21459,
  MHA2: 21856,
  LIE_IN_APRIL: 20665,
  YOUR_NAME: 21519,
  MUGEN_TRAIN: 112151,
  DEMON_SLAYER: 101922,
  NGNL: 19815,
  LIAR: 131863,
  KONOSUBA: 21202,
  LV1: 146836,
  CODE_GEASS: 1575,
  SILENT_VOICE: 20954,
  VIOLET: 21827,
  KAGUYA: 101921,
  JJK: 113415,
  SAO: 11757,
  ONE_PIECE: 21,
  FILM_RED: 141902,
  TPN: 101759,
  SLIME: 101280,
  ERASED: 21234,
  FAMILY_NEXT_DOOR: 990001,
  LIGHTHOUSE: 990002,
  KIMI_NO_MACHI: 990003,
  KURO_NEKO: 990004,
} as const;

export function fixtureAnimeFields({ id, title, synonyms }: FixtureAnime): AnimeFields {
  return {
    anilistId: id,
    title,
    synonyms,
    clue: "A clue that names nothing.",
    answers: acceptedAnswers({ title, synonyms }),
    coverImage: `https://img.example/${id}.jpg`,
    siteUrl: `https://anilist.co/anime/${id}`,
    genres: ["Action"],
    randomRank: Math.random(),
    updatedAt: 0,
  };
}

/** The fixture's shows (or only some), with their title index and covers. */
export async function seedJudgePool(t: TestConvex, only?: readonly number[]) {
  await t.run(async (ctx) => {
    for (const anime of judgeFixture.anime) {
      if (only !== undefined && !only.includes(anime.id)) continue;
      // With the cover images a round needs, as the cover job would make them.
      await attachTestCovers(ctx, await insertAnime(ctx, fixtureAnimeFields(anime)));
    }
  });
}

/** "correct", "wrong", or the error code the judge refused the guess with. */
export async function verdict(t: TestConvex, anilistId: number, guess: string): Promise<string> {
  return await t.run(async (ctx) => {
    const anime = await ctx.db
      .query("anime")
      .withIndex("by_anilistId", (q) => q.eq("anilistId", anilistId))
      .unique();
    try {
      return (await judgeGuess(ctx, anime, guessText(guess))) ? "correct" : "wrong";
    } catch (error) {
      return errorCodeOf(error) ?? String(error);
    }
  });
}
