/**
 * The guesses the judge refuses before anything is spent: an over-long text, a list of titles,
 * and a text of common words that names no show, nor is a typo of one's name. Each is decided from the text and the pool
 * only, never from the anime being played: a refusal costs nothing, so one that depended on
 * the dealt anime would be a free question ("is it this one?").
 */
import type { QueryCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import { MAX_GUESS_LENGTH } from "../shared/rules";
import { acronymOf } from "./acronyms";
import { isCommonText, isEverydayWord } from "./everydayWords";
import { isGenericText } from "./genericWords";
import { normalizeTitle } from "./normalize";
import { isKnownTitle } from "./knownTitles";
import { isKnownAcronym, isKnownName } from "./titleIndex";
import { splitInstalment } from "./titleForms";
import { isNearName } from "./typoIndex";

/** Where a pasted list splits: , ; / | a new line, or " or ". */
const LIST_SEPARATOR = /\s*[,;/|\n\r]+\s*|\s+or\s+/i;
/** This many parts or more is a list whatever they are (no title has so many). */
const MANY_PARTS = 4;

/** The text the judge sees: the whole guess, refused when over-long rather than cut. */
export function guessText(guess: string): string {
  const text = guess.trim();
  if (text.length > MAX_GUESS_LENGTH) throw appError("GUESS_TOO_LONG");
  return text;
}

/** Whether the whole guess is a name of the pool: asked once per guess, whoever asks first. */
export type WholeNameLookup = () => Promise<boolean>;

export function wholeNameLookup(ctx: QueryCtx, text: string): WholeNameLookup {
  let known: Promise<boolean> | undefined;
  return () => (known ??= isKnownName(ctx, text));
}

/**
 * Refuses a guess that holds several titles ("Attack on Titan, Death Note, …").
 * A title that has list punctuation of its own ("Steins;Gate", "No Game, No
 * Life") is a whole name in the pool, and passes. Reads at most MANY_PARTS
 * documents, and at most MANY_PARTS - 1 when the guess is let through.
 */
export async function refuseLists(
  ctx: QueryCtx,
  text: string,
  isWholeName: WholeNameLookup = wholeNameLookup(ctx, text),
): Promise<void> {
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
  if (looksLikeAList && !(await isWholeName())) throw appError("GUESS_IS_A_LIST");
}

/**
 * Refuses a guess made only of generic and everyday words ("hero", "punch", "another world",
 * "season 2", "that"), which can score for no show, unless the pool knows it: as a whole name,
 * generic words around it allowed ("Your Name", "ERASED", "death note season 2"), as a name
 * followed by a format word and a subtitle ("one piece film red"), as an acronym that is no
 * everyday word ("H x H", not "OKAY"), or as a typo of a name ("Death Not", "Sword At Online",
 * typoIndex.ts), or it is a well-known title beyond the pool ("Mob Psycho 100", knownTitles.ts:
 * judged, so wrong). Reads at most 2 documents, then at most 3 for the typos (the whole name shared
 * with the list check). `askTypos` false skips the typos' lookups: for a caller to whom a refusal
 * and a wrong guess are the same (the clue's phrases), the judge having matched the dealt
 * anime's own names, typos forgiven, first.
 */
export async function refuseCommonWords(
  ctx: QueryCtx,
  text: string,
  isWholeName: WholeNameLookup = wholeNameLookup(ctx, text),
  askTypos = true,
): Promise<void> {
  if (!isCommonText(text) || isKnownTitle(text)) return;
  if (await isWholeName()) return;
  const instalment = splitInstalment(text);
  const acronym = acronymOf(text);
  if (instalment !== null) {
    if (await isKnownName(ctx, instalment.show)) return;
  } else if (acronym !== null && !isEverydayWord(acronym) && (await isKnownAcronym(ctx, acronym))) {
    return;
  }
  if (askTypos && (await isNearName(ctx, text))) return;
  throw appError("GUESS_TOO_GENERIC");
}
