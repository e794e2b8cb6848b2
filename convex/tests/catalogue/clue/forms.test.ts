import { describe, expect, test } from "vitest";
import { makeClue, REDACTION as X, type ClueSource } from "../../../model/catalogue/clue/index";

describe("makeClue: no title, no names", () => {
  test("redacts every title form and synonym, longest first, in any case, possessives too", () => {
    const media: ClueSource = {
      title: { english: "The Glass Orchard", romaji: "Garasu no Kajuen", native: "硝子の果樹園" },
      synonyms: ["Orchard of Glass", "GO!"],
      description:
        "GARASU NO KAJUEN follows a gardener. The Glass Orchard's trees ring like bells, and Orchard of Glass fans call it GO! for short.",
    };
    const clue = makeClue(media);
    expect(clue).toBe(
      `${X} follows a gardener. ${X}'s trees ring like bells, and ${X} fans call it ${X} for short.`,
    );
  });

  test("removes the base title of sequels and seasons", () => {
    const clue = makeClue({
      title: { english: "JUJUTSU KAISEN Season 2", romaji: "Jujutsu Kaisen 2nd Season" },
      description:
        "Fans of <i>Jujutsu Kaisen</i> rejoice: the curses are back. Jujutsu Kaisen's heroes return.",
    });
    expect(clue).toBe(`Fans of ${X} rejoice: the curses are back. ${X}'s heroes return.`);
  });

  test("copes with regex characters and other spellings in titles", () => {
    const clue = makeClue({
      title: {
        english: "Re:ZERO -Starting Life in Another World-",
        romaji: "Re:Zero kara Hajimeru Isekai Seikatsu",
      },
      description: "In Re:Zero, a clerk relives his death. RE ZERO (the show) starts again.",
    });
    expect(clue).toBe(`In ${X}, a clerk relives their death. ${X} (the show) starts again.`);
  });

  test("matches long-vowel and diacritic spellings of a title", () => {
    const clue = makeClue({
      title: { romaji: "Kyoujin no Mori" },
      description: "Kyōjin no Mori is quiet. Kyojin no Mori is green. Kyoujin no Mori is old.",
    });
    expect(clue).toBe(`${X} is quiet. ${X} is green. ${X} is old.`);
  });

  test("keeps the words around a title, so the sentence stays whole", () => {
    const clue = makeClue({
      title: { english: "Paper Comet", romaji: "Death Note" },
      format: "MOVIE",
      description:
        "This Paper Comet movie follows a courier who finds a notebook called the Death Note. Paper Comet ends at sea.",
    });
    expect(clue).toBe(
      `This ${X} movie follows a courier who finds a notebook called the ${X}. ${X} ends at sea.`,
    );
  });

  test("redacts main characters' full, first and last names, in either order", () => {
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
    expect(clue).toBe(`${X} sells salt. ${X}'s rival, ${X}, steals ${X}'s cart while ${X} laughs.`);
  });

  test("a name is a proper noun: only its capitalised use is redacted", () => {
    const clue = makeClue({
      description: "Ray finds a ray of hope in the snow. The ray fades.",
      characters: { nodes: [{ name: { full: "Ray", first: "Ray" } }] },
    });
    expect(clue).toBe(`${X} finds a ray of hope in the snow. The ray fades.`);
  });
});
