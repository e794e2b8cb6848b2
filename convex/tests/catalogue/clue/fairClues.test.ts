import { describe, expect, test } from "vitest";
import { parseCataloguePage } from "../../../model/catalogue/anilist";
import page from "../../../../testing/fixtures/anilist/fair-clues.json";
import { REDACTION as X } from "../../../model/catalogue/clue/index";

/**
 * A clue reads fair (issue 39): it hides its own show's distinctive title words in any form and
 * the names of its people, listed or not. The entries are invented text in AniList's shape
 * (testing/fixtures/anilist/fair-clues.json), made into clues by the catalogue's own parser.
 */
const items = parseCataloguePage(page).items;

function clueOf(anilistId: number): string {
  const item = items.find((candidate) => candidate.anilistId === anilistId);
  if (item === undefined) throw new Error(`no fixture item ${anilistId}`);
  return item.clue;
}

describe("a show's distinctive title words, in any form", () => {
  test("Tokyo Ghoul: 'ghouls' and 'half-ghoul' go; 'Tokyo' opening a sentence, where any word has its capital, stays", () => {
    const clue = clueOf(920001);
    expect(clue).not.toMatch(/ghoul/i);
    expect(clue).toMatch(/^Tokyo hides a secret: flesh-eating ▇▇▇ live among its people/);
    expect(clue).toContain(`wakes up in a hospital as something in between, a ${X} who must`);
  });

  test("Beyblade: 'Beybladers' and 'Beyblade-powered' go", () => {
    const clue = clueOf(920004);
    expect(clue).not.toMatch(/beyblad/i);
    expect(clue).toContain(`only the greatest ${X} in the world reach the championship`);
    expect(clue).toContain(`sets out with a ${X} dream`);
  });

  test("Ah! My Goddess: the key word of a title of everyday words goes, and so does Belldandy", () => {
    const clue = clueOf(920005);
    expect(clue).not.toMatch(/goddess|belldandy/i);
    expect(clue).toContain(`a wrong number that reaches the ${X}. The call summons the ${X}, who`);
  });

  test("a title's everyday word written as a proper noun goes ('the Sins were framed'), not the same word in lower case", () => {
    const clue = clueOf(920011);
    expect(clue).not.toMatch(/Crowns|Broken/);
    expect(clue).toContain(`the knights known as the ${X} were sent into exile`);
    expect(clue).toContain(`learns that the ${X} were framed by the palace guard`);
    expect(clue).toContain("sets out to mend what was broken.");
  });
});

describe("names", () => {
  test("a main character's name in any form: 'the Brights' of Edwin and Alric Bright", () => {
    const clue = clueOf(920006);
    expect(clue).not.toMatch(/Bright|Edwin|Alric/);
    expect(clue).toMatch(/^The ▇▇▇ lost their mother when they were children\./);
  });

  test("an unlisted name: a capitalised word that is no everyday word, with the rest of the name", () => {
    expect(clueOf(920007).split("\n")[0]).toBe(
      `${X} is a bored student who finds a ledger that kills whoever is written in it. ` +
        `Meanwhile ${X}, a bored spirit, watches from the roof of the NERV building as ${X} writes down a name.`,
    );
  });

  test("an unlisted name opening a sentence goes with its other half ('Kudo Shinichi'), an everyday word that is not one stays", () => {
    const clue = clueOf(920008);
    expect(clue).not.toMatch(/Tsukishiro|Haru/);
    expect(clue).toMatch(
      /^▇▇▇ is a high school detective whom people call the modern Sherlock Holmes\./,
    );
    // "Ran", an everyday word, is no name the clue can tell without a list.
    expect(clue).toContain("their friend Ran,");
  });

  test("an everyday first name beside an unlisted one is a name wherever it is capitalised ('Light Yagami… Light')", () => {
    expect(clueOf(920009).split("\n")[0]).toBe(
      `${X} is a genius student who is bored of easy exams. ` +
        `When a spirit drops a black ledger in the schoolyard, ${X} picks it up and reads the rules.`,
    );
  });
});
