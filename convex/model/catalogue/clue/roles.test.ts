import { describe, expect, test } from "vitest";
import { makeClue } from "./index";

/** The clue for `description` whose main characters are `names` (full names). */
function clueFor(description: string, names: string[]): string {
  return makeClue({
    description,
    characters: {
      nodes: names.map((full) => {
        const [first, ...rest] = full.split(" ");
        return { name: { full, first, last: rest.length > 0 ? rest.join(" ") : null } };
      }),
    },
  });
}

// The cases are real AniList descriptions (shortened), read with their main characters.
describe("makeClue: a name after a role word goes, the role stays", () => {
  test.each([
    ["A courier named Kai Ren crosses the wastes.", ["Kai Ren"], "A courier crosses the wastes."],
    [
      "Elf mage Lirael and her apprentice travel north.",
      ["Lirael"],
      "An elf mage and their apprentice travel north.",
    ],
    [
      "Piano prodigy Kousei Arima dominated the competition.",
      ["Kousei Arima"],
      "A piano prodigy dominated the competition.",
    ],
    [
      "Self-proclaimed mad scientist Rintarou Okabe lives in a small room in Akihabara.",
      ["Rintarou Okabe"],
      "A self-proclaimed mad scientist lives in a small room in Akihabara.",
    ],
    ["Minor god Yato is down on his luck.", ["Yato"], "A minor god is down on their luck."],
    [
      "When they were sent into exile, Princess Elizabeth discovers the truth.",
      ["Elizabeth Liones"],
      "When they were sent into exile, the princess discovers the truth.",
    ],
    [
      "The case is solved by Detective Conan Edogawa, again.",
      ["Conan Edogawa"],
      "The case is solved by the detective, again.",
    ],
    [
      "High school student Hodaka leaves his home on an isolated island.",
      ["Hodaka Morishima"],
      "A high school student leaves their home on an isolated island.",
    ],
    [
      "After five years, high-schooler Senkuu is ready to confess. Just when Senkuu begins, a light strikes.",
      ["Senkuu Ishigami"],
      "After five years, a high-schooler is ready to confess. Just when the high-schooler begins, a light strikes.",
    ],
  ])("%s", (description, names, clue) => {
    expect(clueFor(description, names)).toBe(clue);
  });

  test("a role already with its article or a possessive keeps it, and a later mention names the role", () => {
    expect(
      clueFor(
        "Ichigo can see ghosts until the day he meets the Shinigami Rukia Kuchiki, who saves him.",
        ["Ichigo Kurosaki", "Rukia Kuchiki"],
      ),
    ).toBe("Someone can see ghosts until the day they meet the Shinigami, who saves them.");
    expect(
      clueFor("Wataru loves his beautiful classmate Aika. Aika ignores him.", [
        "Wataru Sajou",
        "Aika Natsukawa",
      ]),
    ).toBe("Someone loves their beautiful classmate. The classmate ignores them.");
  });

  test("after a plural role, the listed names go together", () => {
    expect(
      clueFor("Something the young brothers Edward and Alphonse Elric only realize too late.", [
        "Edward Elric",
        "Alphonse Elric",
      ]),
    ).toBe("Something the young brothers only realize too late.");
    expect(
      clueFor("Second-year students Satoru Gojou and Suguru Getou are tasked with a mission.", [
        "Satoru Gojou",
        "Suguru Getou",
      ]),
    ).toBe("Second-year students are tasked with a mission.");
  });

  test("a name set off by commas after its role goes with its commas", () => {
    expect(
      clueFor("After transferring, a deaf girl, Shouko Nishimiya, is bullied.", [
        "Shouko Nishimiya",
      ]),
    ).toBe("After transferring, a deaf girl is bullied.");
    expect(
      clueFor("Among them are a skilled boy, Oliver, and a samurai girl, Nanao.", [
        "Oliver Horn",
        "Nanao Hibiya",
      ]),
    ).toBe("Among them are a skilled boy and a samurai girl.");
    expect(
      clueFor(
        "When a bored shinigami, a God of Death, named Ryuk drops a notebook, Light finds it.",
        ["Light Yagami", "Ryuk"],
      ),
    ).toBe("When a bored shinigami, a God of Death, drops a notebook, someone finds it.");
  });

  test("a describing word moves after the words for the name", () => {
    expect(clueFor("Rescued by Night Raid, young Tatsumi is offered a chance.", ["Tatsumi"])).toBe(
      "Rescued by Night Raid, someone young is offered a chance.",
    );
    expect(
      clueFor("Mai says hello, and Shouko is bullied by the popular Shouya.", [
        "Mai Sakurajima",
        "Shouko Nishimiya",
        "Shouya Ishida",
      ]),
    ).toBe("Someone says hello, and another character is bullied by a third popular character.");
  });

  test("a name after a word that is no role stays a neutral word", () => {
    expect(
      clueFor("Naruto meets Sasuke at the academy.", ["Naruto Uzumaki", "Sasuke Uchiha"]),
    ).toBe("Someone meets another character at the academy.");
    expect(clueFor("Loved by all, Hina smiles.", ["Hina Amano"])).toBe(
      "Loved by all, someone smiles.",
    );
  });
});
