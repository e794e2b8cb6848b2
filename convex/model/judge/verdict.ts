import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import { isCorrectGuess } from "./match";
import { MAX_GUESS_LENGTH } from "../shared/rules";
import {
  franchiseKey,
  isKnownName,
  isOnlyFranchise,
  showNames,
  specificWords,
  wordTerm,
} from "./titleIndex";
import { isGenericText, isGenericWord } from "./genericWords";
import { normalizeTitle, titleWords } from "./normalize";

/** Where a pasted list splits: , ; / | a new line, or " or ". */
const LIST_SEPARATOR = /\s*[,;/|\n\r]+\s*|\s+or\s+/i;
/** This many parts or more is a list whatever they are (no title has so many). */
const MANY_PARTS = 4;
/**
 * A partial guess is checked against the pool by its longest word only (2 reads). With the
 * list check (3 reads at most when the guess is not refused), a right guess stays within the
 * bench's budget of 12 documents: 4 read and 3 written by submitGuess, 3 + 2 by the judge.
 */
const MAX_WORDS_CHECKED = 1;
/** A partial guess, and a word that makes it distinctive, are at least this long (normalised): not "my", "no". */
const MIN_PARTIAL_LENGTH = 4;

/** The text the judge sees: the whole guess, refused when over-long rather than cut. */
export function guessText(guess: string): string {
  const text = guess.trim();
  if (text.length > MAX_GUESS_LENGTH) throw appError("GUESS_TOO_LONG");
  return text;
}

/**
 * Refuses a guess that holds several titles ("Attack on Titan, Death Note, …").
 * Decided from the text and the pool only, never from the anime being played,
 * or a free refusal would tell the player "not this one". A title that has
 * list punctuation of its own ("Steins;Gate", "No Game, No Life") is a whole
 * name in the pool, and passes. Reads at most MANY_PARTS documents, and at
 * most MANY_PARTS - 1 when the guess is let through.
 */
export async function refuseLists(ctx: QueryCtx, text: string): Promise<void> {
  const parts = text.split(LIST_SEPARATOR).filter((part) => normalizeTitle(part).length > 0);
  if (parts.length < 2) return;
  let looksLikeAList = parts.length >= MANY_PARTS;
  let known = 0;
  for (const part of looksLikeAList ? [] : parts) {
    if (!isGenericText(part) && (await isKnownName(ctx, part))) known++;
    if (known >= 2) {
      looksLikeAList = true;
      break;
    }
  }
  if (looksLikeAList && !(await isKnownName(ctx, text))) throw appError("GUESS_IS_A_LIST");
}

/**
 * A part of a title ("titan") that points to this show and no other of the
 * pool: it is a piece of one of this show's names, made of whole words of
 * them, and one of its words (the longest two are asked) belongs to this
 * franchise alone. Reads at most 2 × MAX_WORDS_CHECKED documents.
 */
async function isDistinctivePart(
  ctx: QueryCtx,
  anime: Doc<"anime">,
  names: readonly string[],
  text: string,
): Promise<boolean> {
  const normalized = normalizeTitle(text);
  if (normalized.length < MIN_PARTIAL_LENGTH) return false;
  // A part is a piece of one name, not the same word repeated or words of several.
  if (!names.some((name) => normalizeTitle(name).includes(normalized))) return false;
  const guessWords = [...new Set(titleWords(text).filter((word) => !isGenericWord(word)))];
  if (guessWords.length === 0) return false;
  const showWords = specificWords(names);
  if (!guessWords.every((word) => showWords.has(word))) return false;
  const key = franchiseKey(anime);
  const asked = guessWords
    .filter((word) => word.length >= MIN_PARTIAL_LENGTH)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_WORDS_CHECKED);
  for (const word of asked) {
    if (await isOnlyFranchise(ctx, wordTerm(word), key)) return true;
  }
  return false;
}

/**
 * The judge: whether `text` (from guessText) names `anime`. Throws
 * GUESS_IS_A_LIST for a list, before anything is spent. Scores a full name
 * (title, alternative title, synonym, or a whole segment of one, typos
 * forgiven, generic words around it allowed), or a distinctive part.
 */
export async function judgeGuess(
  ctx: QueryCtx,
  anime: Doc<"anime"> | null,
  text: string,
): Promise<boolean> {
  await refuseLists(ctx, text);
  if (anime === null) return false;
  const names = showNames(anime);
  if (isCorrectGuess(text, names)) return true;
  if (isGenericText(text)) return false;
  return await isDistinctivePart(ctx, anime, names, text);
}
