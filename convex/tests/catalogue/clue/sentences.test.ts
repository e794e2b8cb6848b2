import { describe, expect, test } from "vitest";
import { makeClue, REDACTION } from "../../../model/catalogue/clue/index";
import { isMetaSentence } from "../../../model/catalogue/clue/sentences";

describe("makeClue: two sentences", () => {
  test.each([
    [
      "Dr. Ito opens a clinic at the far end of a sleepy harbour town. It is haunted. Nobody minds.",
      "Dr. Ito opens a clinic at the far end of a sleepy harbour town. It is haunted.",
    ],
    [
      "Mr. and Mrs. Vale move to St. Brine in A.D. 300. Their goat disagrees. Then it snows.",
      "Mr. and Mrs. Vale move to St. Brine in A.D. 300. Their goat disagrees.",
    ],
    [
      "Captain J. R. Okonkwo sails north with a crew of forty. The sea freezes. The crew sings.",
      "Captain J. R. Okonkwo sails north with a crew of forty. The sea freezes.",
    ],
    [
      "A girl waits at the station... and waits. Will the last train come?! It never does. Ever.",
      "A girl waits at the station... and waits. Will the last train come?!",
    ],
    [
      'The cook shouts, "Out! Everybody out of my kitchen." Then the kitchen explodes. Soup rains.',
      'The cook shouts, "Out! Everybody out of my kitchen." Then the kitchen explodes.',
    ],
    [
      "A boy fights… for “the right bread” in a hungry city.<br><br>Flour is scarce. Yeast is scarcer.",
      "A boy fights... for “the right bread” in a hungry city. Flour is scarce.",
    ],
    [
      "A quiet town by the northern sea<br><br>Nothing ever happens there at all<br>Until it does.",
      "A quiet town by the northern sea. Nothing ever happens there at all.",
    ],
  ])("%j", (description, expected) => {
    expect(makeClue({ description })).toBe(expected);
  });

  test("takes more sentences, up to four, while the first two are under MIN_CLUE_WORDS words", () => {
    expect(
      makeClue({ description: "They arrive. They descend. They feed on us. Run. Hide." }),
    ).toBe("They arrive. They descend. They feed on us. Run.");
    expect(
      makeClue({ description: "They arrive at night. They descend from the skies. They feed." }),
    ).toBe("They arrive at night. They descend from the skies. They feed.");
    expect(
      makeClue({
        description:
          "They arrive in silence at night. They descend from the skies above the town. They feed.",
      }),
    ).toBe("They arrive in silence at night. They descend from the skies above the town.");
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
        "The second season of <i>Touka no Bannin</i>.<br><br>Mira returns to the harbor at dusk. The lamps of the old quay are dark. Storms gather.",
    });
    expect(clue).toBe("Mira returns to the harbor at dusk. The lamps of the old quay are dark.");
  });

  test("skips release notes: side stories, anime projects, continuations", () => {
    for (const note of [
      "A new anime project adapting popular side stories that were left out from the previous adaptation.",
      "Your favorite crew returns in this continuation.",
    ]) {
      expect(isMetaSentence(note), note).toBe(true);
    }
    expect(isMetaSentence("A courier returns to the harbor at dusk with a letter.")).toBe(false);
  });

  test("keeps a season note when it is all there is, its title redacted", () => {
    const clue = makeClue({
      title: { english: "JUJUTSU KAISEN Season 2", romaji: "Jujutsu Kaisen 2nd Season" },
      description: "The second season of <i>Jujutsu Kaisen</i>.",
    });
    // Dealt, it gives way to its franchise's first entry's clue (roundClue.test.ts).
    expect(clue).toBe(`The second season of ${REDACTION}.`);
  });
});
