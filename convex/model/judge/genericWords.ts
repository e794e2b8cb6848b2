/**
 * The words that never score on their own: a guess made only of them names no show, however
 * distinctive they are in the pool (sequel markers, formats, articles and particles).
 */
import { foldLongVowels, titleWords } from "./normalize";

/** Words that name no show on their own: sequel markers, formats, articles and particles. */
const GENERIC_WORDS = new Set(
  [
    "a",
    "an",
    "the",
    "of",
    "and",
    "in",
    "on",
    "to",
    "no",
    "wa",
    "ga",
    "season",
    "seasons",
    "series",
    "part",
    "parts",
    "cour",
    "movie",
    "movies",
    "film",
    "films",
    "tv",
    "ova",
    "ona",
    "oad",
    "special",
    "specials",
    "sp",
    "episode",
    "episodes",
    "ep",
    "arc",
    "chapter",
    "final",
    "last",
    "new",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "sequel",
    "prequel",
    "anime",
    "edition",
    "version",
    "remake",
    "reboot",
    "gekijouban",
    "dai",
    "ki",
    "hen",
    "zoku",
    "劇場版",
    "シーズン",
  ].map(foldLongVowels),
);

/** What follows a number in a Japanese instalment ("第2期", "2部"). */
const COUNTERS = ["期", "部", "章", "話", "編", "篇", "シーズン"];

const GENERIC_WORD_PATTERNS = [
  /^\d+$/,
  /^\d+(?:st|nd|rd|th)$/,
  /^(?:season|part|cour|s|ep|episode|vol|volume)\d+$/,
  /^(?:i{1,3}|iv|vi{0,3}|ix|xi{0,3}|xiv|xv)$/,
  new RegExp(`^第?\\d+(?:${COUNTERS.join("|")})?$`),
];

/** Every letter a generic word can hold: the words', and the patterns' (Latin, digits, 第, counters). */
const GENERIC_LETTERS = new Set(
  [...GENERIC_WORDS, ...COUNTERS, "第", "abcdefghijklmnopqrstuvwxyz0123456789"].join(""),
);

export function isGenericLetter(letter: string): boolean {
  return GENERIC_LETTERS.has(letter);
}

/**
 * Generic words run together ("thefinalseason", "season2"). Two-letter
 * particles are left out, or real titles such as "Kino" (ki + no) would count.
 */
const RUN_TOGETHER_GENERIC = new RegExp(
  `^(?:${[...GENERIC_WORDS]
    .filter((word) => /^[a-z]{3,}$/.test(word) || word === "tv")
    .sort((a, b) => b.length - a.length)
    .join("|")}|\\d+(?!\\d)(?:st|nd|rd|th)?)+$`,
);

/**
 * The generic words that mark a format or an instalment ("film", "movie", "season"): what
 * follows one in a title names the instalment, not the show ("ONE PIECE FILM RED").
 */
const FORMAT_WORDS = new Set(
  [
    "season",
    "seasons",
    "part",
    "cour",
    "movie",
    "movies",
    "film",
    "films",
    "tv",
    "ova",
    "ona",
    "oad",
    "special",
    "specials",
    "episode",
    "arc",
    "chapter",
    "gekijouban",
    "劇場版",
  ].map(foldLongVowels),
);

export function isFormatWord(word: string): boolean {
  return FORMAT_WORDS.has(word);
}

export function isGenericWord(word: string): boolean {
  return GENERIC_WORDS.has(word) || GENERIC_WORD_PATTERNS.some((pattern) => pattern.test(word));
}

/** True when the text is made only of generic words (or of nothing at all). */
export function isGenericText(text: string): boolean {
  const words = titleWords(text);
  if (words.every(isGenericWord)) return true;
  return RUN_TOGETHER_GENERIC.test(words.join(""));
}

/**
 * The words without the generic ones at their ends ("the", "movie", "season 2"), but never down
 * to a generic or one-letter base: "K-On! The Movie" keeps "K-On" (dropping "On" would make it
 * "K", another show), "No. 6" keeps its number.
 */
export function trimGenericEnds(words: readonly string[]): string[] {
  const kept = [...words];
  const isBase = (rest: readonly string[]) =>
    !isGenericText(rest.join(" ")) && rest.join("").length >= 2;
  while (kept.length > 1 && isGenericText(kept[kept.length - 1]) && isBase(kept.slice(0, -1))) {
    kept.pop();
  }
  while (kept.length > 1 && isGenericText(kept[0]) && isBase(kept.slice(1))) kept.shift();
  return kept;
}

/**
 * A title made of a number and at most "No." ("No.6", "86", "22/7"): generic words only, yet a
 * show's whole name, won by typing it ("no 6").
 */
export function isNumberedTitle(text: string): boolean {
  const words = titleWords(text);
  return (
    words.some((word) => /^\d+$/.test(word)) &&
    words.every((word) => /^\d+$/.test(word) || word === "no")
  );
}
