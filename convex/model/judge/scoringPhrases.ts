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
import { titleWords } from "./normalize";
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
   * so only the others cost the judge's reads. A phrase can score only as a name of the show
   * (typos forgiven: `isCorrectGuess`), as a part of one (then each of its words is a word of
   * the show's names, one of them not generic), or as a shortening of one.
   */
  mayScore(phrase: string): boolean;
  /** The judge's verdict on the phrase as a guess for the show; a refused guess scores nothing. */
  scores(phrase: string): Promise<boolean>;
};

export function showPhraseJudge(ctx: QueryCtx, anime: Doc<"anime">): ShowPhraseJudge {
  const names = showNames(anime);
  const vocabulary = new Set(names.flatMap((name) => titleWords(name)));
  return {
    mayScore(phrase) {
      const words = titleWords(phrase);
      if (words.length === 0) return false;
      if (words.every((word) => vocabulary.has(word)) && !words.every(isGenericWord)) return true;
      if (ABBREVIATION.test(phrase.trim())) return true;
      return isCorrectGuess(phrase, names);
    },
    async scores(phrase) {
      try {
        return await judgeGuess(ctx, anime, phrase);
      } catch (error) {
        // A refused guess (a list, an everyday word…) costs nothing and scores nothing.
        if (error instanceof ConvexError) return false;
        throw error;
      }
    },
  };
}
