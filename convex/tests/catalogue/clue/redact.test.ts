import { describe, expect, test } from "vitest";
import {
  applyRedactions,
  inflections,
  REDACTION as X,
  scoringRanges,
  type Range,
} from "../../../model/catalogue/clue/redact";

/** The ranges of every whole-word occurrence of `words` in `text`. */
function rangesOf(text: string, ...words: string[]): Range[] {
  return words.flatMap((word) =>
    [...text.matchAll(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, "gu"))].map((match) => ({
      start: match.index,
      end: match.index + word.length,
    })),
  );
}

describe("applyRedactions", () => {
  test("one fixed mark, whatever it hides, and the words around it stay", () => {
    const text = "A notebook called the Death Note falls from the sky.";
    expect(applyRedactions(text, rangesOf(text, "Death Note"))).toBe(
      `A notebook called the ${X} falls from the sky.`,
    );
  });

  test("a hyphenated word goes whole", () => {
    const text = "Every rival falls to a One-Punch blow.";
    expect(applyRedactions(text, rangesOf(text, "Punch"))).toBe(
      `Every rival falls to a ${X} blow.`,
    );
  });

  test("a hidden name takes the rest of the person's name with it, not the sentence's first word", () => {
    const text =
      "The older Uzumaki Naruto waits. Naruto Uzumaki runs. Later Naruto sleeps, and Naruto's fox wakes.";
    expect(applyRedactions(text, rangesOf(text, "Naruto"))).toBe(
      `The older ${X} waits. ${X} runs. Later ${X} sleeps, and ${X}'s fox wakes.`,
    );
  });

  test("neighbouring marks read as one, and 'an' before a mark says nothing of a vowel", () => {
    const text = "An Orchard of Glass grows. It is an Orchard Glass thing.";
    expect(applyRedactions(text, rangesOf(text, "Orchard", "Glass"))).toBe(
      `A ${X} of ${X} grows. It is a ${X} thing.`,
    );
  });
});

describe("scoringRanges", () => {
  const judge = (scoring: string[]) => ({
    mayScore: (phrase: string) => !/^(?:the|a|of|by)$/i.test(phrase),
    scores: (phrase: string) => scoring.includes(phrase.toLowerCase()),
  });

  test("asks the singular and the plural of the last word", async () => {
    expect(inflections("titans")).toContain("titan");
    expect(inflections("stories")).toContain("story");
    expect(inflections("ghoul")).toContain("ghouls");
    const text = "Titans ate the ghouls.";
    const { ranges } = await scoringRanges(text, judge(["titan", "ghouls"]), {
      maxWords: 3,
      maxAsked: 10,
    });
    expect(applyRedactions(text, ranges)).toBe(`${X} ate the ${X}.`);
  });

  test("a phrase scores as a whole even when its words do not", async () => {
    const text = "She sees a bunny girl in the library.";
    const { ranges } = await scoringRanges(text, judge(["bunny girl"]), {
      maxWords: 3,
      maxAsked: 200,
    });
    expect(applyRedactions(text, ranges)).toBe(`She sees a ${X} in the library.`);
  });

  test("past the number of phrases it may ask, it redacts instead of asking", async () => {
    const text = "Alpha beta gamma.";
    const asked: string[] = [];
    const { ranges } = await scoringRanges(
      text,
      {
        mayScore: () => true,
        scores: (phrase) => {
          asked.push(phrase);
          return false;
        },
      },
      { maxWords: 1, maxAsked: 2 },
    );
    expect(asked.length).toBe(2);
    expect(applyRedactions(text, ranges)).not.toContain("gamma");
  });
});
