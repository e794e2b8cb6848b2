import { describe, expect, test } from "vitest";
import { isCommonText } from "./everydayWords";
import { isKnownTitle, knownTitles } from "./knownTitles";
import { titleWords } from "./normalize";

describe("the well-known titles beyond the pool", () => {
  test.each(knownTitles.map((title) => [title]))(
    "%j is one the common-words refusal would refuse, of several words",
    (title) => {
      expect(isCommonText(title)).toBe(true);
      expect(titleWords(title).length).toBeGreaterThan(1);
    },
  );

  test("a title is known however it is written, a piece of one is not", () => {
    expect(isKnownTitle("mob psycho 100")).toBe(true);
    expect(isKnownTitle("MOB PSYCHO 100!")).toBe(true);
    expect(isKnownTitle("mob psycho")).toBe(false);
  });
});
