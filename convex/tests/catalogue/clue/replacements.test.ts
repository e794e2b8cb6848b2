import { describe, expect, test } from "vitest";
import { makeClue, REDACTION } from "../../../model/catalogue/clue/index";

describe("makeClue: wording", () => {
  test("swaps genre jargon for generic words; a capitalised 'Yuri' is a name, and goes", () => {
    const clue = makeClue({
      description:
        "An isekai hero pilots a mecha. This shounen tale has a harem, but Yuri stays calm.",
    });
    expect(clue).toBe(
      `An other-world hero pilots a robot. This youth tale has an ensemble, but ${REDACTION} stays calm.`,
    );
  });
});
