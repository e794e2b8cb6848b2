import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { acronymOf, acronymTerm, titleAcronyms } from "./acronyms";
import { matchGuess } from "./match";
import { isCommonText, isCommonWord, isEverydayWord } from "./everydayWords";
import { isGenericWord } from "./genericWords";
import { normalizeTitle, titleWords } from "./normalize";
import { refuseCommonWords, refuseLists, wholeNameLookup, type WholeNameLookup } from "./refusal";
import { splitInstalment } from "./titleForms";
import {
  franchiseKey,
  isFranchiseName,
  isNoOtherFranchiseName,
  isOnlyFranchise,
  nameCore,
  showNames,
  specificWords,
  wordTerm,
} from "./titleIndex";

/** A partial guess, and a word that makes it distinctive, are at least this long (normalised): not "my", "no". */
const MIN_PARTIAL_LENGTH = 4;
/** A film's or a season's subtitle after its format word: "film red", "movie mugen train". */
const MAX_SUBTITLE_WORDS = 3;

/**
 * The word to ask the pool about when `text` is a part of one of this show's names ("titan",
 * "promised neverland"): its longest word that is neither generic nor everyday, provided
 * every specific word of the text is a word of the show's names. Null when it is no such part.
 */
function partWord(names: readonly string[], showWords: Set<string>, text: string): string | null {
  const normalized = normalizeTitle(text);
  if (normalized.length < MIN_PARTIAL_LENGTH) return null;
  // A part is a piece of one name, not the same word repeated or words of several.
  if (!names.some((name) => normalizeTitle(name).includes(normalized))) return null;
  const guessWords = [...new Set(titleWords(text).filter((word) => !isGenericWord(word)))];
  if (guessWords.length === 0 || !guessWords.every((word) => showWords.has(word))) return null;
  const rare = guessWords
    .filter((word) => word.length >= MIN_PARTIAL_LENGTH && !isCommonWord(word))
    .sort((a, b) => b.length - a.length);
  return rare[0] ?? null;
}

/** The guess, and its singular when it ends in a plural "s" ("titans" → "titan"). */
function singularForms(text: string): string[] {
  return /\p{L}s$/iu.test(text) ? [text, text.slice(0, -1)] : [text];
}

/**
 * A part of a title ("titan", or its plural "titans") that points to this show and no other
 * of the pool: a piece of one of this show's names, made of whole words of them, and its
 * longest rare word belongs to this franchise alone (2 reads). An everyday word never makes a
 * part distinctive ("punch", "another world").
 */
async function isDistinctivePart(
  ctx: QueryCtx,
  key: string,
  names: readonly string[],
  text: string,
): Promise<boolean> {
  const showWords = specificWords(names);
  const word = singularForms(text)
    .map((form) => partWord(names, showWords, form))
    .find((found) => found !== null);
  return word != null && (await isOnlyFranchise(ctx, wordTerm(word), key));
}

/**
 * The show's name followed by more than generic words: it scores when the rest names an
 * instalment of the same franchise: a format word and a short subtitle ("one piece film red"),
 * one of the show's own names ("demon slayer mugen train" for the Mugen Train film), or,
 * as the pool says, the whole text or the rest is a title of this franchise ("naruto
 * shippuden" for Naruto). Anything else after a name is a paste ("attack on titan death
 * note"). Reads at most 3 documents (the whole-name lookup may already be answered).
 */
async function namesShowAndInstalment(
  ctx: QueryCtx,
  key: string,
  names: readonly string[],
  text: string,
  isWholeName: WholeNameLookup,
): Promise<boolean> {
  const instalment = splitInstalment(text);
  const cores = new Set(names.map(nameCore));
  if (
    instalment !== null &&
    cores.has(nameCore(instalment.show)) &&
    instalment.subtitle.length <= MAX_SUBTITLE_WORDS
  ) {
    return true;
  }
  const normalized = normalizeTitle(text);
  const show = names
    .map(normalizeTitle)
    .filter((name) => name.length >= MIN_PARTIAL_LENGTH && normalized.startsWith(name))
    .sort((a, b) => b.length - a.length)[0];
  if (show === undefined) return false;
  const rest = normalized.slice(show.length);
  if (names.some((name) => normalizeTitle(name) === rest)) return true;
  if ((await isWholeName()) && (await isFranchiseName(ctx, text, key))) return true;
  return await isFranchiseName(ctx, rest, key);
}

/** How the judge is asked. */
export type JudgeOptions = {
  /**
   * Only whether the text scores (the clue's phrases, scoringPhrases.ts): a refusal and a wrong
   * verdict are the same answer, so the pool is not asked whether the text is a typo of another
   * show's name (typoIndex.ts), which decides only between the two.
   */
  scoresOnly?: boolean;
};

/**
 * The judge: whether `text` (from guessText) names `anime`. First a list is refused (refusal.ts).
 * Then a full name of the show (title, alternative title, synonym, or a whole segment of one,
 * generic words around it allowed) scores, typos forgiven, unless the typo is exactly another
 * show's name ("Madoka" is not a typo of "Mahouka"). Only then are common words refused: a
 * guess of everyday or generic words that names no show and is no typo of any show's name, so
 * that the refusal, costing nothing, never depends on `anime` (a typo of this show's name is a
 * typo of a name of the pool). Then it scores an acronym that is no everyday word and that no
 * other franchise of the pool has as initials or name ("SAO"), the show's name with an
 * instalment's subtitle ("one piece film red"), or a distinctive part ("titan"). Reads at most
 * 6 documents whatever the guess (the whole-name lookup is shared, and each path reads 2 to 4),
 * so that a guess stays within the bench's budget of 12: submitGuess reads 4 and writes 2.
 */
export async function judgeGuess(
  ctx: QueryCtx,
  anime: Doc<"anime"> | null,
  text: string,
  { scoresOnly = false }: JudgeOptions = {},
): Promise<boolean> {
  const isWholeName = wholeNameLookup(ctx, text);
  await refuseLists(ctx, text, isWholeName);
  const names = anime === null ? [] : showNames(anime);
  const match = matchGuess(text, names);
  if (match === null) await refuseCommonWords(ctx, text, isWholeName, !scoresOnly);
  if (anime === null) return false;
  const key = franchiseKey(anime);
  if (match === "exact") return true;
  if (match === "typo") {
    // A typo of this show's name that is another show's whole name is that show's.
    return !(await isWholeName()) || (await isFranchiseName(ctx, text, key));
  }
  const acronym = acronymOf(text);
  if (acronym !== null && titleAcronyms(anime).includes(acronym)) {
    // "OKAY", "RED": an everyday word is no acronym; "BTV", another show's name, is its.
    if (isEverydayWord(acronym)) return false;
    if (!(await isOnlyFranchise(ctx, acronymTerm(acronym), key))) return false;
    return await isNoOtherFranchiseName(ctx, text, key);
  }
  const isPiece = (form: string) =>
    names.some((name) => normalizeTitle(name).includes(normalizeTitle(form)));
  if (!singularForms(text).some(isPiece)) {
    return await namesShowAndInstalment(ctx, key, names, text, isWholeName);
  }
  if (isCommonText(text)) return false;
  return await isDistinctivePart(ctx, key, names, text);
}
