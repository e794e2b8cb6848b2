/**
 * A round's guess history: what the player sent and what became of it, kept on the round so the
 * screen lists it after a reload too. Counted guesses are always kept (GUESSES_PER_ANIME at most);
 * those that cost nothing only up to NOT_COUNTED_GUESSES_KEPT, since nothing else bounds them.
 */
import type { Infer } from "convex/values";
import type { roundGuess, roundGuessOutcome } from "../../schema";
import { foldText } from "../judge/normalize";
import { NOT_COUNTED_GUESSES_KEPT } from "../shared/rules";

export type RoundGuess = Infer<typeof roundGuess>;
export type RoundGuessOutcome = Infer<typeof roundGuessOutcome>;
/** A round of either solo mode, as far as its history goes. */
type Round = { guesses?: RoundGuess[] };

/**
 * What makes two guesses the same: case, diacritics and spacing folded, as every step of the
 * judge folds them, so the same key always had the same verdict. Punctuation stays: the judge
 * reads some of it ("titan's" is not "titans"), and a repeat must never cost a right answer.
 */
export function repeatKey(text: string): string {
  return foldText(text).trim().replace(/\s+/g, " ");
}

/** Whether `text` was already sent on this round: then it costs nothing and is not judged again. */
export function alreadyTried(round: Round, text: string): boolean {
  const key = repeatKey(text);
  return (round.guesses ?? []).some((guess) => repeatKey(guess.text) === key);
}

const counts = (outcome: RoundGuessOutcome) => outcome === "correct" || outcome === "wrong";

/**
 * The round's history with `guess` added: always for a counted guess; for one that cost nothing,
 * only while fewer than NOT_COUNTED_GUESSES_KEPT are kept (null: nothing to write).
 */
export function withGuess(round: Round, guess: RoundGuess): RoundGuess[] | null {
  const history = round.guesses ?? [];
  if (!counts(guess.outcome)) {
    const free = history.filter((kept) => !counts(kept.outcome)).length;
    if (free >= NOT_COUNTED_GUESSES_KEPT) return null;
  }
  return [...history, guess];
}
