/**
 * The judge, asked about phrases instead of guesses: would this phrase score for this show in
 * the pool as it is now? The clue maker asks it about the words of a clue before the clue is
 * dealt (catalogue/clue/roundClue.ts), so a clue never holds what the judge would pay for: one
 * source of truth, the judge's own verdict (`judgeGuess`), not a list of its own.
 */
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { ConvexError } from "convex/values";
import { isGenericWord } from "./genericWords";
import { isCorrectGuess } from "./match";
import { normalizeTitle, titleWords } from "./normalize";
import { showNames } from "./titleIndex";
import { judgeGuess } from "./verdict";

/**
 * A shortening a player might type and the judge might know ("SAO", "BnHA", "HxH"): one word of
 * two to eight letters or digits with at least two capitals.
 */
const ABBREVIATION = /^(?=(?:[^\p{Lu}]*\p{Lu}){2})[\p{L}\p{N}]{2,8}$/u;

export type ShowPhraseJudge = {
  /**
   * Pure and cheap: false for a phrase that cannot score for the show whatever the pool holds,
   * so only the others cost the judge's reads. A phrase can score only as a part of a name (each
   * of its words a word of the show's names, one of them not generic), as a name with typos
   * forgiven (`isCorrectGuess`, then it shares a word with the name), or as a shortening.
   */
  mayScore(phrase: string): boolean;
  /** The judge's verdict on the phrase as a guess for the show; a refused guess scores nothing. */
  scores(phrase: string): Promise<boolean>;
};

/**
 * How far a phrase's length may be from a name's, or a part's, and still be taken for it with
 * typos: `isCorrectGuess` forgives two; the margin is wider so that it only saves time.
 */
const LENGTH_MARGIN = 4;

export function showPhraseJudge(ctx: QueryCtx, anime: Doc<"anime">): ShowPhraseJudge {
  const names = showNames(anime);
  const vocabulary = new Set(names.flatMap((name) => titleWords(name)));
  const normalizedNames = names.map(normalizeTitle).filter((name) => name.length > 0);
  const lengths = new Set(
    names
      .flatMap((name) => [name, ...name.split(/[:：\-‐–—~～]+/)])
      .map((part) => normalizeTitle(part).length),
  );
  /**
   * A full name, typos forgiven, is only ever a phrase that holds a name or is about as long as
   * a name or one of its parts: checked first, `isCorrectGuess` is asked about few phrases.
   */
  const mayBeAName = (phrase: string): boolean => {
    const normalized = normalizeTitle(phrase);
    if (normalized.length === 0) return false;
    if (normalizedNames.some((name) => normalized.includes(name))) return true;
    for (const length of lengths)
      if (Math.abs(length - normalized.length) <= LENGTH_MARGIN) return true;
    return false;
  };
  return {
    mayScore(phrase) {
      const words = titleWords(phrase);
      if (words.length === 0) return false;
      const known = words.filter((word) => vocabulary.has(word) && !isGenericWord(word));
      if (known.length === 0) return ABBREVIATION.test(phrase.trim());
      if (words.every((word) => vocabulary.has(word))) return true;
      // The typos `isCorrectGuess` forgives (two at most) cannot change every word of a name, so
      // a phrase taken for one shares a word with it (`known`).
      return mayBeAName(phrase) && isCorrectGuess(phrase, names);
    },
    async scores(phrase) {
      try {
        return await judgeGuess(ctx, anime, phrase, { scoresOnly: true });
      } catch (error) {
        // A refused guess (a list, an everyday word…) costs nothing and scores nothing.
        if (error instanceof ConvexError) return false;
        throw error;
      }
    },
  };
}
