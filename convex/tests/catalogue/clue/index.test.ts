import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { MIN_CLUE_WORDS } from "../../../model/shared/rules";
import { makeClue, type ClueSource } from "../../../model/catalogue/clue/index";

/** The clue's text before the genres line. */
function storyOf(clue: string): string {
  return clue.split("\nGenres: ")[0];
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The form as a whole word, any case (names: only with their capital). */
function containsWord(text: string, form: string, { properNoun = false } = {}): boolean {
  const core = form.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  if (core.length === 0) return false;
  const haystack = properNoun ? text : text.toLowerCase();
  const needle = properNoun ? core : core.toLowerCase();
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? "";
    const after = haystack[at + needle.length] ?? "";
    if (!LETTER_OR_DIGIT.test(before) && !LETTER_OR_DIGIT.test(after)) return true;
  }
  return false;
}

const MARKUP = /<\/?[a-z][^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]+);/i;
const SENTENCE_BREAK = /[.!?…]+["”’)]*\s+(?=["“]?\p{Lu})/gu;

function sentencesOf(story: string): string[] {
  return story.trim() === "" ? [] : story.split(SENTENCE_BREAK);
}

function wordCount(text: string): number {
  return (text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).length;
}

describe("makeClue: wording", () => {
  test("ends with the genres, when there are any", () => {
    const withGenres = makeClue({
      description: "A baker bakes.",
      genres: ["Comedy", "Slice of Life", null, "Comedy"],
    });
    expect(withGenres).toBe("A baker bakes.\nGenres: Comedy, Slice of Life");
    expect(makeClue({ description: "A baker bakes.", genres: [] })).toBe("A baker bakes.");
  });

  test("leaves out a genre that is also the title", () => {
    expect(
      makeClue({
        title: { english: "Romance" },
        description: "Two cooks.",
        genres: ["Romance", "Drama"],
      }),
    ).toBe("Two cooks.\nGenres: Drama");
  });
});

// ---------------------------------------------------------------------------
// Properties

const FILLER = [
  "the",
  "river",
  "keeps",
  "old",
  "secrets",
  "under",
  "quiet",
  "snow",
  "and",
  "bright",
  "paper",
  "birds",
];
const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

const nameWordArb = fc.stringMatching(/^[A-Z][a-z]{1,7}$/);
const titleWordArb = fc.oneof(
  fc.stringMatching(/^[A-Za-z][a-z]{0,7}$/),
  fc.constantFrom("Ōkami", "Café", "Kyoujin", "Zero", "K", "On", "II", "2nd"),
);
const separatorArb = fc.constantFrom(" ", ":", "-", ";", " - ", "!", ": ");
const titleArb = fc
  .tuple(
    fc.array(titleWordArb, { minLength: 1, maxLength: 3 }),
    fc.array(separatorArb, { minLength: 3, maxLength: 3 }),
  )
  .map(([words, separators]) =>
    words.map((word, index) => (index === 0 ? word : separators[index] + word)).join(""),
  );

const characterArb = fc
  .tuple(nameWordArb, nameWordArb, fc.array(nameWordArb, { maxLength: 1 }))
  .map(([first, last, alternative]) => ({
    name: { full: `${first} ${last}`, first, last, alternative },
  }));

/** A description that mentions its titles and characters in all sorts of ways. */
function descriptionArb(forms: string[], names: string[]) {
  const mention = fc.oneof(
    fc
      .constantFrom(...forms)
      .chain((form) =>
        fc.constantFrom(
          form,
          form.toUpperCase(),
          form.toLowerCase(),
          `<i>${form}</i>`,
          `${form}'s`,
          `&quot;${form}&quot;`,
        ),
      ),
    ...(names.length > 0
      ? [
          fc
            .constantFrom(...names)
            .chain((name) => fc.constantFrom(name, `${name}'s`, `<b>${name}</b>`)),
        ]
      : []),
  );
  const word = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...FILLER) },
    { weight: 1, arbitrary: mention },
  );
  const sentence = fc
    .tuple(
      fc.array(word, { minLength: 1, maxLength: 8 }),
      fc.constantFrom(".", "!", "?", "...", "!?"),
    )
    .map(([words, end]) => capitalized(words.join(" ")) + end);
  return fc
    .tuple(
      fc.array(sentence, { minLength: 1, maxLength: 6 }),
      fc.array(fc.constantFrom(" ", "<br>", "<br><br>\n", "\n\n"), { minLength: 6, maxLength: 6 }),
      fc.constantFrom(
        "",
        "<br><br>(Source: Somewhere)",
        "<br>[Written by MAL Rewrite]",
        "<br><br><i>Note: a recap.</i>",
      ),
    )
    .map(
      ([sentences, gaps, credit]) =>
        sentences.map((text, index) => text + gaps[index]).join("") + credit,
    );
}

const mediaArb = fc
  .record({
    english: titleArb,
    romaji: fc.option(titleArb, { nil: null }),
    synonyms: fc.array(titleArb, { maxLength: 2 }),
    characters: fc.array(characterArb, { maxLength: 3 }),
    genres: fc.array(fc.constantFrom("Action", "Drama", "Mystery", "Sports"), { maxLength: 3 }),
    format: fc.constantFrom("TV", "MOVIE"),
  })
  .chain((parts) => {
    const forms = [parts.english, ...(parts.romaji ? [parts.romaji] : []), ...parts.synonyms];
    const names = parts.characters.flatMap(({ name }) => [
      name.full,
      name.first,
      name.last,
      ...name.alternative,
    ]);
    return descriptionArb(forms, names).map(
      (description): { media: ClueSource; forms: string[]; names: string[] } => ({
        media: {
          title: { english: parts.english, romaji: parts.romaji, native: null },
          synonyms: parts.synonyms,
          description,
          genres: parts.genres,
          format: parts.format,
          characters: { nodes: parts.characters },
        },
        forms,
        names,
      }),
    );
  });

describe("makeClue properties", () => {
  test("a clue never contains a title form, a synonym or a main character's name", () => {
    fc.assert(
      fc.property(mediaArb, ({ media, forms, names }) => {
        const clue = makeClue(media);
        for (const form of forms)
          expect(containsWord(clue, form), `"${form}" in "${clue}"`).toBe(false);
        for (const name of names) {
          expect(containsWord(clue, name, { properNoun: true }), `"${name}" in "${clue}"`).toBe(
            false,
          );
        }
      }),
      { numRuns: 400 },
    );
  }, 30_000);

  test("a clue never contains markup, nor more than two sentences (four while under MIN_CLUE_WORDS words) before the genres line", () => {
    fc.assert(
      fc.property(mediaArb, ({ media }) => {
        const clue = makeClue(media);
        expect(clue).not.toMatch(MARKUP);
        const sentences = sentencesOf(storyOf(clue));
        expect(sentences.length).toBeLessThanOrEqual(4);
        if (sentences.length > 2)
          expect(wordCount(sentences.slice(0, -1).join(" "))).toBeLessThan(MIN_CLUE_WORDS);
        const genreLines = clue.split("\n").slice(1);
        expect(genreLines.length).toBeLessThanOrEqual(1);
        if (genreLines.length === 1) expect(genreLines[0]).toMatch(/^Genres: \w/);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  test("a clue is deterministic", () => {
    fc.assert(
      fc.property(mediaArb, ({ media }) => {
        expect(makeClue(structuredClone(media))).toBe(makeClue(media));
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  test("never throws on odd input", () => {
    const text = fc.option(fc.string({ unit: "binary", maxLength: 60 }), { nil: null });
    fc.assert(
      fc.property(
        fc.record({
          title: fc.option(fc.record({ english: text, romaji: text, native: text }), { nil: null }),
          synonyms: fc.option(fc.array(text, { maxLength: 3 }), { nil: null }),
          description: fc.option(fc.string({ unit: "binary", maxLength: 400 }), { nil: null }),
          genres: fc.option(fc.array(text, { maxLength: 3 }), { nil: null }),
          format: text,
          characters: fc.option(
            fc.record({
              nodes: fc.option(
                fc.array(
                  fc.option(
                    fc.record({
                      name: fc.option(
                        fc.record({
                          full: text,
                          first: text,
                          last: text,
                          native: text,
                          alternative: fc.option(fc.array(text)),
                        }),
                        { nil: null },
                      ),
                    }),
                    { nil: null },
                  ),
                  { maxLength: 3 },
                ),
                { nil: null },
              ),
            }),
            { nil: null },
          ),
        }),
        (media) => {
          const clue = makeClue(media);
          expect(typeof clue).toBe("string");
          expect(clue).not.toMatch(MARKUP);
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);
});
