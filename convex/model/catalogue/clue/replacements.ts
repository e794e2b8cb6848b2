// Replacements: titles and names are redacted (redact.ts), and genre jargon becomes generic words.
import { findForms, type Matcher } from "./forms";
import { capitalize } from "./capitalize";
import { unlistedNameRanges } from "./names";
import { applyRedactions, type Range } from "./redact";
import { titleWordRanges } from "./titleWords";

export function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && /\p{Lu}/u.test(original) && original === original.toUpperCase()) {
    return replacement.toUpperCase();
  }
  return /^\p{Lu}/u.test(original) ? capitalize(replacement) : replacement;
}

/**
 * The "!" of "Toradora!" belongs to the title, not to the sentence, when the
 * sentence goes on after it ("Toradora! is a comedy").
 */
function trailingPunctuation(form: string, after: string): string {
  const ending = /[!?]+$/.exec(form.trim())?.[0];
  if (ending === undefined || !after.startsWith(ending)) return "";
  return /^(?:\s+\p{Ll}|[,;:])/u.test(after.slice(ending.length)) ? ending : "";
}

/**
 * Where the text names the show or a main character: one range per title form or name found,
 * a possessive's "'s" left outside it ("▇▇▇'s trees").
 */
export function formRanges(text: string, matcher: Matcher): Range[] {
  return findForms(text, matcher).map((found) => {
    const start = found.index;
    let end = found.index + found.text.length;
    if (found.possessive) end -= /['’]s?$/u.exec(found.text)?.[0].length ?? 0;
    else if (found.kind.kind === "title")
      end += trailingPunctuation(found.form, text.slice(end)).length;
    return { start, end };
  });
}

/**
 * What a clue hides: every title form and listed name (`matcher`), the distinctive words of the
 * show's titles in any form (`titleWords`, titleWords.ts), any title word written as a proper
 * noun (`properTitleWords`), the words of its main characters'
 * names in any form (`nameWords`: "the Elrics"), and the names it can tell without a list
 * (names.ts).
 */
export type Shield = {
  matcher: Matcher | null;
  titleWords: ReadonlySet<string>;
  /** Every title word, everyday ones too, hidden where written as a proper noun ("the Sins"). */
  properTitleWords: ReadonlySet<string>;
  nameWords: ReadonlySet<string>;
};

/** A word the clue rewords (swapGenreWords): genre jargon, not a name. */
function isGenreJargon(word: string): boolean {
  return swapGenreWords(word) !== word;
}

/** The text with everything the shield names redacted. */
export function redactShielded(text: string, shield: Shield): string {
  const ranges = [
    ...(shield.matcher === null ? [] : formRanges(text, shield.matcher)),
    ...titleWordRanges(text, shield.titleWords),
    ...titleWordRanges(text, shield.properTitleWords, { properNoun: true }),
    ...titleWordRanges(text, shield.nameWords, { capitalised: true }),
    ...unlistedNameRanges(text, isGenreJargon),
  ];
  return ranges.length === 0 ? text : applyRedactions(text, ranges);
}

/** Genre jargon and its generic word; `properNoun` ones are also names ("Yuri"), so only lower case counts. */
const GENRE_WORDS: readonly { pattern: string; generic: string; properNoun?: boolean }[] = [
  { pattern: "(?:shou?nen|shōnen)[- ]ai", generic: "romance" },
  { pattern: "(?:shou?jo|shōjo)[- ]ai", generic: "romance" },
  { pattern: "(?:boys|girls)['’] love", generic: "romance" },
  { pattern: "mahou? shou?jo|magical girls?", generic: "magic" },
  { pattern: "reverse harem", generic: "ensemble" },
  { pattern: "isekai", generic: "other-world" },
  { pattern: "shou?nen|shōnen", generic: "youth" },
  { pattern: "shou?jo|shōjo", generic: "youth" },
  { pattern: "seinen", generic: "adult" },
  { pattern: "josei", generic: "adult" },
  { pattern: "mechas", generic: "robots" },
  { pattern: "mecha", generic: "robot" },
  { pattern: "harems?", generic: "ensemble" },
  { pattern: "ecchi", generic: "racy" },
  { pattern: "yaoi", generic: "romance" },
  { pattern: "iyashikei", generic: "slice-of-life" },
  { pattern: "tokusatsu", generic: "special-effects" },
  { pattern: "yuri", generic: "romance", properNoun: true },
  { pattern: "otome", generic: "romance", properNoun: true },
  { pattern: "moe", generic: "cute", properNoun: true },
];

const GENRE_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(an?)\s+)?(` +
    GENRE_WORDS.map((entry) => entry.pattern).join("|") +
    String.raw`)(?![\p{L}\p{N}])`,
  "giu",
);
const GENRE_ENTRIES = GENRE_WORDS.map((entry) => ({
  ...entry,
  exact: new RegExp(`^(?:${entry.pattern})$`, "iu"),
}));

function withArticle(article: string, word: string): string {
  const fitting = /^[aeiou]/i.test(word) ? "an" : "a";
  return `${/^A/.test(article) ? capitalize(fitting) : fitting} ${word}`;
}

export function swapGenreWords(text: string): string {
  return text.replace(GENRE_WORD, (match, article: string | undefined, word: string) => {
    const entry = GENRE_ENTRIES.find((candidate) => candidate.exact.test(word));
    if (entry === undefined || (entry.properNoun && /\p{Lu}/u.test(word))) return match;
    const generic = matchCase(word, entry.generic);
    return article === undefined ? generic : withArticle(article, generic);
  });
}
