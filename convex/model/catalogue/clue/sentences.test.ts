import { describe, expect, test } from "vitest";
import { makeClue } from "./index";

describe("makeClue: two sentences", () => {
  test.each([
    [
      "Dr. Ito opens a clinic. It is haunted. Nobody minds.",
      "Dr. Ito opens a clinic. It is haunted.",
    ],
    [
      "Mr. and Mrs. Vale move to St. Brine in A.D. 300. Their goat disagrees. Then it snows.",
      "Mr. and Mrs. Vale move to St. Brine in A.D. 300. Their goat disagrees.",
    ],
    [
      "Captain J. R. Okonkwo sails north. The sea freezes. The crew sings.",
      "Captain J. R. Okonkwo sails north. The sea freezes.",
    ],
    [
      "A girl waits... and waits. Will the train come?! It never does. Ever.",
      "A girl waits... and waits. Will the train come?!",
    ],
    [
      'The cook shouts, "Out! Everybody out." Then the kitchen explodes. Soup rains.',
      'The cook shouts, "Out! Everybody out." Then the kitchen explodes.',
    ],
    [
      "A boy fights… for “the right bread.”<br><br>Flour is scarce. Yeast is scarcer.",
      "A boy fights... for “the right bread.” Flour is scarce.",
    ],
    [
      "A quiet town<br><br>Nothing happens there<br>Until it does.",
      "A quiet town. Nothing happens there.",
    ],
  ])("%j", (description, expected) => {
    expect(makeClue({ description })).toBe(expected);
  });

  test("cuts two run-on sentences at a word, with an ellipsis", () => {
    const runOn = `The ${"very ".repeat(150)}long night ends.`;
    const clue = makeClue({ description: `${runOn} ${runOn} ${runOn}` });
    expect(clue.length).toBeLessThanOrEqual(701);
    expect(clue).toMatch(/ very…$/);
  });

  test("skips sentences that only say which season this is", () => {
    const clue = makeClue({
      title: { english: "Lantern Keeper Season 2", romaji: "Touka no Bannin 2nd Season" },
      description:
        "The second season of <i>Touka no Bannin</i>.<br><br>Mira returns to the harbor. The lamps are dark. Storms gather.",
    });
    expect(clue).toBe("Mira returns to the harbor. The lamps are dark.");
  });

  test("keeps a season note when it is all there is, without the base title", () => {
    const clue = makeClue({
      title: { english: "JUJUTSU KAISEN Season 2", romaji: "Jujutsu Kaisen 2nd Season" },
      description: "The second season of <i>Jujutsu Kaisen</i>.",
    });
    expect(clue).toBe("The second season of this series.");
  });
});
