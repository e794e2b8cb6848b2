import { MAX_GUESS_LENGTH } from "../shared/rules";
import { isLoneEverydayText } from "./everydayWords";
import { isGenericText, isNumberedTitle } from "./genericWords";
import { foldText, normalizeTitle } from "./normalize";
import { titleForms, titleVariants, type TitleSource } from "./titleForms";

/** Containment only counts when the contained side is at least this long once normalised. */
const MIN_CONTAINED_LENGTH = 4;

/** Parts a title splits into for typo tolerance: "Re:ZERO - Starting Life…" → "Re", "ZERO", … */
const PART_SEPARATOR = /\s*[:：]\s*|\s+[-‐–—~～]+\s*|\s*[-‐–—~～]+\s+/;

function compactLetters(text: string): string {
  return foldText(text).replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Typos forgiven against a title (or part) of this many normalised characters. */
export function typoAllowance(length: number): number {
  if (length >= 12) return 2;
  if (length >= 6) return 1;
  return 0;
}

/**
 * Optimal-string-alignment distance (a swap of two neighbours is one typo),
 * or `limit + 1` as soon as the distance is known to exceed `limit`.
 */
export function editDistanceWithin(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2] + 1);
      }
      current.push(distance);
      rowMinimum = Math.min(rowMinimum, distance);
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}

/**
 * What a guess may be a typo of, normalised: the answer and its parts ("Re:ZERO - Starting Life
 * in Another World" → "Re", "ZERO", …), those long enough to forgive a typo. The pool's title
 * index holds the same (typoIndex.ts), so that the refusals know a typo of any show's name.
 */
export function typoTargets(answer: string): string[] {
  // A later part of one everyday word ("Brotherhood") is no name: its typos are none either;
  // nor is a part of generic words ("The Final Season").
  const [first = "", ...later] = answer.split(PART_SEPARATOR);
  const parts = [answer, first, ...later.filter((part) => !isLoneEverydayText(part))];
  const named = parts.filter((part) => !isGenericText(part));
  return [...new Set(named.map(normalizeTitle))].filter((part) => typoAllowance(part.length) > 0);
}

/** Whether the normalised guess is within the typos forgiven of the normalised target. */
export function isTypoOf(guess: string, target: string): boolean {
  const allowance = typoAllowance(target.length);
  return allowance > 0 && editDistanceWithin(guess, target, allowance) <= allowance;
}

function isWithinTypos(guess: string, answer: string): boolean {
  return typoTargets(answer).some((target) => isTypoOf(guess, target));
}

/** True when the text left around a contained title is only generic words ("season 2"), or nothing. */
function isGenericRemainder(text: string): boolean {
  return text.length === 0 || isGenericText(text);
}

/**
 * Whether the guess names one of these answers in full: equal once both are
 * normalised (NFKC, diacritics, long vowels, punctuation and spacing), within
 * a typo or two of a longer title or of one of its parts, or the title with
 * only generic words around it ("attack on titan season 2"). A guess of
 * generic words alone scores only typed exactly, and a title of generic words
 * alone is never an answer. A part of a title ("titan") is no full name: the
 * judge (verdict.ts) asks the pool whether it is distinctive.
 */
export function isCorrectGuess(guess: string, answers: readonly string[]): boolean {
  return matchGuess(guess, answers) !== null;
}

/** How a guess names one of the answers: "exact" (folded, generic words around it allowed), "typo", or null. */
export type GuessMatch = "exact" | "typo" | null;

/** isCorrectGuess, saying whether the guess needed a typo forgiven to match. */
export function matchGuess(guess: string, answers: readonly string[]): GuessMatch {
  // Longer text is no title: a pasted list of every show must not contain the answer.
  if (guess.length > MAX_GUESS_LENGTH) return null;
  const normalizedGuess = normalizeTitle(guess);
  if (normalizedGuess.length === 0) return null;
  if (isGenericText(guess)) {
    // Only typed exactly ("a-a" for "Aa"), letter for letter: folding "o ova" into "ova" must
    // not let "ova" through. A title of generic words is an answer only when it is a number's
    // ("No.6", "86"): "Season 2" names no show.
    const exact = answers.some(
      (answer) =>
        normalizeTitle(answer).length > 0 &&
        compactLetters(guess) === compactLetters(answer) &&
        (!isGenericText(answer) || isNumberedTitle(answer)),
    );
    return exact ? "exact" : null;
  }
  const exact = answers.some((answer) => {
    const normalizedAnswer = normalizeTitle(answer);
    if (normalizedAnswer.length === 0) return false;
    if (normalizedGuess === normalizedAnswer) return true;
    if (normalizedAnswer.length < MIN_CONTAINED_LENGTH || isGenericText(answer)) return false;
    const at = normalizedGuess.indexOf(normalizedAnswer);
    return (
      at >= 0 &&
      isGenericRemainder(normalizedGuess.slice(0, at)) &&
      isGenericRemainder(normalizedGuess.slice(at + normalizedAnswer.length))
    );
  });
  if (exact) return "exact";
  return answers.some((answer) => isWithinTypos(normalizedGuess, answer)) ? "typo" : null;
}

/**
 * Every answer a round accepts for an anime: its titles and synonyms, then the
 * shorter names they go by (sequel-free base, meaningful parts), one per
 * normalised form.
 */
export function acceptedAnswers(source: TitleSource): string[] {
  const forms = titleForms(source);
  const answers: string[] = [];
  const seen = new Set<string>();
  for (const form of [...forms, ...forms.flatMap(titleVariants)]) {
    const key = normalizeTitle(form);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    answers.push(form);
  }
  return answers;
}
