import type { AnimeFields } from "../../convex/model/judge/titleIndex";

/**
 * What a test says about an anime; everything else is filled in. Shared by the convex tests,
 * the component tests, the browser tests and the bench, so that every seeded pool looks alike.
 */
export type AnimeSeed = {
  english: string;
  romaji?: string | null;
  native?: string | null;
  synonyms?: string[];
  /** Default: a de-named clue that tells seeds apart by `n`. */
  clue?: string;
  /** Default: every title and synonym, as the catalogue accepts them. */
  answers?: string[];
  genres?: string[];
  coverColor?: string;
  /** Default: random, as the catalogue sets it. */
  randomRank?: number;
};

/** AniList ids from here up are test seeds (real ids are far lower). */
export const TEST_ANILIST_ID_BASE = 700_000;

/** The `anime` document seed `n` stands for, as the catalogue refresh would store it. */
export function testAnime(n: number, seed: AnimeSeed): AnimeFields {
  const { english, romaji = null, native = null, synonyms = [], genres = ["Adventure"] } = seed;
  const anilistId = TEST_ANILIST_ID_BASE + n;
  const titles = [english, romaji, native, ...synonyms].filter((t): t is string => t !== null);
  return {
    anilistId,
    title: { english, romaji, native },
    synonyms,
    clue:
      seed.clue ?? `Clue ${n}: someone sets out on a long journey.\nGenres: ${genres.join(", ")}`,
    answers: seed.answers ?? titles,
    coverImage: `https://covers.anime-guess.test/${n}.jpg`,
    coverColor: seed.coverColor ?? "#5b3a8c",
    siteUrl: `https://anilist.co/anime/${anilistId}`,
    genres,
    randomRank: seed.randomRank ?? Math.random(),
    updatedAt: 0,
  };
}

/**
 * A guess that names no seeded show and is not common words alone (which the judge refuses
 * without using a guess): it is judged wrong and uses a guess.
 */
export const WRONG_GUESS = "Mecha Tsundere";
