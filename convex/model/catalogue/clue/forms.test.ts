import { describe, expect, test } from "vitest";
import { makeClue, type ClueSource } from "./index";

describe("makeClue: no title, no names", () => {
  test("replaces every title form and synonym, longest first, in any case, possessives too", () => {
    const media: ClueSource = {
      title: { english: "The Glass Orchard", romaji: "Garasu no Kajuen", native: "硝子の果樹園" },
      synonyms: ["Orchard of Glass", "GO!"],
      description:
        "GARASU NO KAJUEN follows a gardener. The Glass Orchard's trees ring like bells, and Orchard of Glass fans call it GO! for short.",
    };
    const clue = makeClue(media);
    expect(clue).toBe(
      "This series follows a gardener. This series' trees ring like bells, and this series fans call it this series for short.",
    );
  });

  test("removes the base title of sequels and seasons", () => {
    const clue = makeClue({
      title: { english: "JUJUTSU KAISEN Season 2", romaji: "Jujutsu Kaisen 2nd Season" },
      description:
        "Fans of <i>Jujutsu Kaisen</i> rejoice: the curses are back. Jujutsu Kaisen's heroes return.",
    });
    expect(clue).toBe(
      "Fans of this series rejoice: the curses are back. This series' heroes return.",
    );
  });

  test("copes with regex characters and other spellings in titles", () => {
    const clue = makeClue({
      title: {
        english: "Re:ZERO -Starting Life in Another World-",
        romaji: "Re:Zero kara Hajimeru Isekai Seikatsu",
      },
      description: "In Re:Zero, a clerk relives his death. RE ZERO (the show) starts again.",
    });
    expect(clue).toBe(
      "In this series, a clerk relives their death. This series (the show) starts again.",
    );
  });

  test("matches long-vowel and diacritic spellings of a title", () => {
    const clue = makeClue({
      title: { romaji: "Kyoujin no Mori" },
      description: "Kyōjin no Mori is quiet. Kyojin no Mori is green.",
    });
    expect(clue).toBe("This series is quiet. This series is green.");
  });

  test("says film for a film", () => {
    const clue = makeClue({
      title: { english: "Paper Comet" },
      format: "MOVIE",
      description: "This Paper Comet movie follows a courier. Paper Comet ends at sea.",
    });
    expect(clue).toBe("This film follows a courier. This film ends at sea.");
  });

  test("replaces main characters' full, first and last names, in either order", () => {
    const clue = makeClue({
      title: { english: "Salt Road" },
      description:
        "Tomoe Arisaka sells salt. Arisaka Tomoe's rival, Bram Holt, steals Tomoe's cart while Holt laughs.",
      characters: {
        nodes: [
          {
            name: {
              full: "Tomoe Arisaka",
              first: "Tomoe",
              last: "Arisaka",
              native: "有坂巴",
              alternative: [],
            },
          },
          {
            name: {
              full: "Bram Holt",
              first: "Bram",
              last: "Holt",
              native: null,
              alternative: ["The Fox"],
            },
          },
          null,
          { name: null },
        ],
      },
    });
    expect(clue).toBe(
      "Someone sells salt. This person's rival steals this person's cart while the rival laughs.",
    );
  });

  test("a name is a proper noun: only its capitalised use is replaced", () => {
    const clue = makeClue({
      description: "Ray finds a ray of hope. The ray fades.",
      characters: { nodes: [{ name: { full: "Ray", first: "Ray" } }] },
    });
    expect(clue).toBe("Someone finds a ray of hope. The ray fades.");
  });
});
