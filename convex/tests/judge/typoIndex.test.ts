import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isTypoOf, typoAllowance } from "../../model/judge/match";
import { guessKeys, typoTerms } from "../../model/judge/typoIndex";

/** Whether the index rows of `target` answer one of the lookups of `guess`. */
function found(guess: string, target: string): boolean {
  const keys = new Set(guessKeys(guess));
  return typoTerms(target).some((term) => keys.has(term.slice(0, term.indexOf("|") + 1)));
}

type Edit = { kind: "sub" | "ins" | "del" | "swap"; at: number; letter: string };

function applyEdit(text: string, { kind, at, letter }: Edit): string {
  const i = at % (text.length + 1);
  if (kind === "ins") return text.slice(0, i) + letter + text.slice(i);
  const j = Math.min(i, text.length - 1);
  if (kind === "sub") return text.slice(0, j) + letter + text.slice(j + 1);
  if (kind === "del") return text.slice(0, j) + text.slice(j + 1);
  if (j + 1 >= text.length) return text;
  return text.slice(0, j) + text[j + 1] + text[j] + text.slice(j + 2);
}

const editArb = fc.record({
  kind: fc.constantFrom<Edit["kind"]>("sub", "ins", "del", "swap"),
  at: fc.nat({ max: 60 }),
  letter: fc.constantFrom("a", "b", "e", "z"),
});

describe("typo keys", () => {
  test.each([
    ["deathnot", "deathnote"],
    ["swordatonline", "swordartonline"],
    ["wordatonline", "swordartonline"],
    ["swordatonlie", "swordartonline"],
    ["silentvice", "silentvoice"],
    ["madoka", "mahoka"],
  ])("%j finds %j", (guess, target) => {
    expect(isTypoOf(guess, target)).toBe(true);
    expect(found(guess, target)).toBe(true);
  });

  test("names of under 6 letters forgive no typo and have no rows", () => {
    expect(typoTerms("bleac")).toEqual([]);
    expect(typoTerms("naruto")).toHaveLength(2);
    expect(typoTerms("swordartonline")).toHaveLength(3);
  });

  // The pigeonhole argument, tried: every guess the judge would take for a name finds its row.
  test("every guess within the typos forgiven of a name finds one of its rows", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[abez]{6,30}$/),
        fc.array(editArb, { minLength: 0, maxLength: 2 }),
        (target, edits) => {
          const guess = edits.slice(0, typoAllowance(target.length)).reduce(applyEdit, target);
          if (!isTypoOf(guess, target)) return;
          expect(found(guess, target)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("a guess of another length than the typos allow looks up no row of the name", () => {
    expect(found("deathnoteeee", "deathnote")).toBe(false);
    expect(found("swordartonlineabc", "swordartonline")).toBe(false);
  });
});

test("a name of other letters than common words' has no rows: no guess of common words is near it", () => {
  expect(typoTerms("進撃の巨人thefinalseason")).toEqual([]);
  expect(typoTerms("ワンパンマン")).toEqual([]);
  // Within the typos forgiven of common words' letters: kept.
  expect(typoTerms("deathnote")).toHaveLength(2);
  expect(typoTerms("naruto疾")).toHaveLength(2);
});
