import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { acceptedAnswers, isCorrectGuess, matchGuess } from "../../model/judge/match";
import { franchiseKey, nameCore, showNames } from "../../model/judge/titleIndex";
import { splitInstalment } from "../../model/judge/titleForms";
import { isGenericText } from "../../model/judge/genericWords";

describe("isCorrectGuess: forgiving", () => {
  test.each([
    ["steins gate", "Steins;Gate"],
    ["steinsgate", "Steins;Gate"],
    ["STEINS;GATE", "Steins;Gate"],
    ["k on", "K-On!"],
    ["k-on", "K-On!"],
    ["re zero", "Re:ZERO -Starting Life in Another World-"],
    ["starting life in another world", "Re:ZERO -Starting Life in Another World-"],
    ["full metal alchemist", "Fullmetal Alchemist"],
    ["kimi no nawa", "Kimi no Na wa."],
    ["shingeki no kyojin", "Shingeki no Kyojin"],
    ["shingeki no kyoujin", "Shingeki no Kyojin"],
    ["shingeki no kyōjin", "Shingeki no Kyojin"],
    ["pokemon", "Pokémon"],
    ["haikyuu", "HAIKYU!!"],
    ["  Air  ", "Air"],
    ["進撃の巨人", "進撃の巨人"],
  ])("accepts %j for %j", (guess, answer) => {
    // The names of a show include the whole segments of its titles ("Re:ZERO").
    expect(isCorrectGuess(guess, showNames({ title: { english: answer } }))).toBe(true);
  });

  // Issue 11 changed the rule: a part of a title ("titan") is no full name; the judge
  // asks the pool whether it is distinctive (judge.test.ts).
  test("a guess may hold an answer with only generic words around it, never a part alone", () => {
    expect(isCorrectGuess("attack on titan season 2", ["Attack on Titan"])).toBe(true);
    expect(isCorrectGuess("titan", ["Attack on Titan"])).toBe(false);
    expect(isCorrectGuess("attack on titan death note", ["Attack on Titan"])).toBe(false);
    expect(isCorrectGuess("the lantern keeper movie", ["Lantern Keeper"])).toBe(true);
  });

  test("one typo against titles of 6-11 characters, two from 12", () => {
    expect(isCorrectGuess("narutp", ["Naruto"])).toBe(true);
    expect(isCorrectGuess("nraut", ["Naruto"])).toBe(false);
    expect(isCorrectGuess("narotp", ["Naruto"])).toBe(false);
    expect(isCorrectGuess("fulmetal alchemst", ["Fullmetal Alchemist"])).toBe(true);
    expect(isCorrectGuess("fulmetl alchemst", ["Fullmetal Alchemist"])).toBe(false);
    // A swap of two neighbouring letters is one typo.
    expect(isCorrectGuess("nrauto", ["Naruto"])).toBe(true);
  });

  test("typos are also forgiven against the parts of a title split at ':' or ' - '", () => {
    const answers = ["Kimetsu no Yaiba: Mugen Ressha-hen"];
    expect(isCorrectGuess("mugen resha hen", answers)).toBe(true);
    expect(isCorrectGuess("kimetsu no yaoba", answers)).toBe(true);
    expect(isCorrectGuess("tidebel nocturne", ["Glass Harbor - Tidebell Nocturne"])).toBe(true);
  });

  test("any of the answers will do", () => {
    expect(isCorrectGuess("your name", ["Kimi no Na wa.", "Your Name."])).toBe(true);
  });
});

describe("isCorrectGuess: cheat-proof", () => {
  test.each([
    ["airplane", "Air"],
    ["air tv", "Air"],
    ["aie", "Air"],
    ["k-in", "K-On!"],
    ["kno", "K-On!"],
    ["season 2", "Attack on Titan Season 2"],
    ["2nd season", "Jujutsu Kaisen 2nd Season"],
    ["Season", "Attack on Titan Season 2"],
    ["the movie", "Demon Slayer -Kimetsu no Yaiba- The Movie: Mugen Train"],
    ["part 2", "Attack on Titan Season 3 Part 2"],
    ["the final season", "Attack on Titan: The Final Season"],
    ["thefinalseason", "Attack on Titan: The Final Season"],
    ["season2", "My Hero Academia Season 2"],
    ["2", "Bungo Stray Dogs 2"],
    ["gekijouban", "Gekijouban Lantern Keeper"],
    ["naruto", "Bleach"],
  ])("rejects %j for %j", (guess, answer) => {
    expect(isCorrectGuess(guess, [answer])).toBe(false);
  });

  test("empty and blank guesses never pass", () => {
    expect(isCorrectGuess("", ["Air"])).toBe(false);
    expect(isCorrectGuess("   ", ["Air"])).toBe(false);
    expect(isCorrectGuess("?!", ["Air"])).toBe(false);
  });

  test("no answers, no match", () => {
    expect(isCorrectGuess("air", [])).toBe(false);
    expect(isCorrectGuess("air", ["", "  "])).toBe(false);
  });
});

describe("matchGuess: typos, numbers, generic parts", () => {
  test("says whether a typo was forgiven: the judge gives a typo that is another show's name to that show", () => {
    expect(matchGuess("Mahouka", ["Mahouka"])).toBe("exact");
    expect(matchGuess("mahouka season 2", ["Mahouka"])).toBe("exact");
    expect(matchGuess("Madoka", ["Mahouka"])).toBe("typo");
    expect(matchGuess("Death Not", ["Death Note"])).toBe("typo");
    expect(matchGuess("Bleach", ["Mahouka"])).toBeNull();
  });

  test("a title of a number is won by its name, typed as players type it", () => {
    for (const guess of ["No. 6", "no 6", "No.6", "NO.6", "no6"]) {
      expect([guess, matchGuess(guess, ["No.6"])]).toEqual([guess, "exact"]);
    }
    expect(isCorrectGuess("86", ["86"])).toBe(true);
    expect(isCorrectGuess("no 7", ["No.6"])).toBe(false);
    expect(isCorrectGuess("6", ["No.6"])).toBe(false);
    expect(isCorrectGuess("season 6", ["No.6", "Season 6"])).toBe(false);
    expect(showNames({ title: { english: "No.6" } })).toEqual(["No.6"]);
  });

  test("a part of generic words forgives no typo", () => {
    const answers = ["Shingeki no Kyojin: The Final Season"];
    expect(isCorrectGuess("the final seasn", answers)).toBe(false);
    expect(isCorrectGuess("shingeki no kyojin the final seasn", answers)).toBe(true);
  });
});

describe("a name's generic ends", () => {
  test("are dropped, never down to one letter or to generic words alone", () => {
    expect(nameCore("the silent voice movie")).toBe("silentvoice");
    expect(nameCore("K-On! The Movie")).toBe("kon");
    expect(nameCore("K-On!")).toBe("kon");
    expect(nameCore("K")).toBe("k");
    expect(nameCore("No. 6")).toBe("no6");
    expect(splitInstalment("K-On Movie")?.show).toBe("k on");
    expect(splitInstalment("one piece the movie")?.show).toBe("one piece");
    expect(franchiseKey({ title: { romaji: "K-ON!" } })).toBe("kon");
    expect(franchiseKey({ title: { romaji: "K" } })).toBe("k");
  });
});

describe("acceptedAnswers", () => {
  test("titles, synonyms, and the shorter names they go by", () => {
    const answers = acceptedAnswers({
      title: {
        english: "Lantern Keeper: The Drowned Archive Season 2",
        romaji: "Touka no Bannin II: Shizunda Shoko",
        native: "灯火の番人 第2期",
      },
      synonyms: ["LK2", "Lantern Keeper 2", null, " "],
    });
    expect(answers).toEqual(
      expect.arrayContaining([
        "Lantern Keeper: The Drowned Archive Season 2",
        "Touka no Bannin II: Shizunda Shoko",
        "灯火の番人 第2期",
        "LK2",
        "Lantern Keeper: The Drowned Archive",
        "Lantern Keeper",
        "The Drowned Archive",
        "Touka no Bannin: Shizunda Shoko",
        "Touka no Bannin",
        "Shizunda Shoko",
        "灯火の番人",
      ]),
    );
    expect(answers).not.toContain(" ");
    expect(new Set(answers).size).toBe(answers.length);
    expect(isCorrectGuess("lantern keeper", answers)).toBe(true);
    expect(isCorrectGuess("season 2", answers)).toBe(false);
  });

  test("one-word subtitles and generic parts are not answers on their own", () => {
    const answers = acceptedAnswers({
      title: { english: "Horizon Bakery: Crumbs", romaji: "Chihei Pan-ya: The Movie" },
    });
    expect(answers).toContain("Horizon Bakery");
    expect(answers).toContain("Chihei Pan-ya");
    expect(answers).not.toContain("Crumbs");
    expect(answers).not.toContain("The Movie");
    expect(isCorrectGuess("the movie", answers)).toBe(false);
  });

  test("copes with missing titles", () => {
    expect(acceptedAnswers({})).toEqual([]);
    expect(acceptedAnswers({ title: null, synonyms: null })).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// Properties

const WORDS = [
  "lantern",
  "keeper",
  "tide",
  "bell",
  "harbor",
  "moss",
  "kyoujin",
  "shōnen",
  "clover",
  "naïve",
];
const wordArb = fc.constantFrom(...WORDS);
const answerArb = fc
  .array(fc.oneof(wordArb, fc.stringMatching(/^[a-z]{1,8}$/)), { minLength: 1, maxLength: 4 })
  .map((words) => words.join(" "))
  .filter((answer) => !isGenericText(answer));

const DIACRITICS: Record<string, string[]> = {
  a: ["á", "à", "ä", "â"],
  e: ["é", "è", "ë", "ê"],
  i: ["í", "ï", "î"],
  o: ["ó", "ö", "ô", "ō"],
  u: ["ú", "ü", "û", "ū"],
};

/** The answer re-typed: other casing, spacing, punctuation and diacritics. */
const variantArb = (answer: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: answer.length, maxLength: answer.length }),
      fc.array(fc.nat(), { minLength: answer.length, maxLength: answer.length }),
      fc.array(fc.constantFrom("", " ", "  ", "-", ":", ";", ".", "!", "'", "~", " - "), {
        minLength: answer.length + 1,
        maxLength: answer.length + 1,
      }),
    )
    .map(([upper, accents, separators]) => {
      const base = answer.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      let variant = separators[0];
      [...base].forEach((character, index) => {
        const options = DIACRITICS[character];
        let typed =
          options && accents[index] % 2 === 1
            ? options[accents[index] % options.length]
            : character;
        if (upper[index]) typed = typed.toUpperCase();
        // Spaces may go or come back; punctuation may land between any two letters.
        variant += (character === " " ? "" : typed) + separators[index + 1];
      });
      return variant;
    });

describe("isCorrectGuess properties", () => {
  test("every answer accepts itself under any casing, spacing, punctuation and diacritics", () => {
    fc.assert(
      fc.property(
        answerArb.chain((answer) => fc.tuple(fc.constant(answer), variantArb(answer))),
        ([answer, guess]) => {
          expect(isCorrectGuess(guess, [answer])).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  test("empty and whitespace guesses never pass", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(" ", "\t", "\n", "\u00a0", "\u3000"), { maxLength: 6 }),
        fc.array(fc.string(), { maxLength: 5 }),
        (blank, answers) => {
          expect(isCorrectGuess(blank.join(""), answers)).toBe(false);
        },
      ),
    );
  });

  test("guesses made only of generic words never pass", () => {
    const genericWord = fc.oneof(
      fc.constantFrom(
        "season",
        "Season",
        "movie",
        "the",
        "The",
        "part",
        "final",
        "2nd",
        "3rd",
        "film",
        "ova",
      ),
      fc.nat({ max: 120 }).map(String),
    );
    fc.assert(
      fc.property(
        fc.array(genericWord, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(" ", "", "-", ": "),
        fc.array(answerArb, { minLength: 1, maxLength: 3 }),
        (words, separator, titles) => {
          const answers = titles.flatMap((title) => [
            title,
            `${title} ${words.join(" ")}`,
            `${title} Season 2`,
            `${title}: The Movie`,
          ]);
          expect(isCorrectGuess(words.join(separator), answers)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.array(fc.string({ unit: "binary" })),
        (guess, answers) => {
          expect(typeof isCorrectGuess(guess, answers)).toBe("boolean");
        },
      ),
    );
  });
});
