// Replacements: titles and names become neutral words ("the series", "a character"), a final
// scrub removes whatever survives, and genre jargon becomes generic words.
import { containsForm, findForms, type FormMatch, type Matcher } from "./forms";
import { capitalize } from "./capitalize";
import { fitName, type Fitted } from "./roles";

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

const FORMAT_NOUN_AFTER =
  /^\s+(?:tv\s+)?(?:movie|film|anime|series|show|franchise)(?![\p{L}\p{N}])/iu;

const SENTENCE_START_BEFORE = /(?:^|[.!?…]["'”’»)\]]*\s+)["“‘'(«[]*$/u;

/** Neutral words: the first of each list that names nothing itself is used. */
const TITLE_TERMS = {
  MOVIE: ["this film", "the film", "the story", "it"],
  other: ["this series", "the show", "the story", "it"],
};
/** For the k-th character mentioned: [first mention, later mentions]. */
const CHARACTER_TERMS: readonly (readonly [string, string])[] = [
  ["someone", "this person"],
  ["another character", "the other character"],
  ["a third character", "the third character"],
  ["a fourth character", "the fourth character"],
];
const LAST_CHARACTER_TERMS = ["yet another character", "that character"] as const;
const SPARE_CHARACTER_TERMS = ["someone", "a character", "a person", "somebody", "they"];

export class FormReplacer {
  private readonly titleTerm: string;
  private readonly mentionOrder = new Map<number, number>();
  private readonly mentions = new Map<number, number>();
  /** A character introduced by a role ("a piano prodigy") is "the prodigy" afterwards. */
  private readonly roles = new Map<number, string>();

  constructor(
    private readonly matcher: Matcher,
    format: string | null | undefined,
  ) {
    this.titleTerm = this.safe(format === "MOVIE" ? TITLE_TERMS.MOVIE : TITLE_TERMS.other);
  }

  private safe(candidates: readonly string[]): string {
    return candidates.find((term) => !containsForm(term, this.matcher)) ?? "";
  }

  private termFor(found: FormMatch): string {
    if (found.kind.kind === "title") {
      if (!found.possessive || this.titleTerm === "") return this.titleTerm;
      return this.titleTerm.endsWith("s") ? `${this.titleTerm}'` : `${this.titleTerm}'s`;
    }
    const { character } = found.kind;
    const role = this.roles.get(character);
    if (role !== undefined) return found.possessive ? `${role}'s` : role;
    let order = this.mentionOrder.get(character);
    if (order === undefined) {
      order = this.mentionOrder.size;
      this.mentionOrder.set(character, order);
    }
    const seen = this.mentions.get(character) ?? 0;
    this.mentions.set(character, seen + 1);
    const [first, later] = CHARACTER_TERMS[order] ?? LAST_CHARACTER_TERMS;
    const term = this.safe([seen === 0 ? first : later, ...SPARE_CHARACTER_TERMS]);
    return found.possessive && term !== "" ? `${term}'s` : term;
  }

  /**
   * A first mention that the role's words replaced outright leaves "someone" for the next
   * character; later mentions say the role ("the rival"), or are a first mention themselves.
   */
  private afterFitting(character: number, fitted: Fitted): void {
    const roleTerm = fitted.role === undefined ? "" : this.safe([`the ${fitted.role}`]);
    if (roleTerm !== "" && !this.roles.has(character)) this.roles.set(character, roleTerm);
    if (fitted.term === "" && this.mentions.get(character) === 1) {
      this.mentions.delete(character);
      this.mentionOrder.delete(character);
    }
  }

  replace(text: string): string {
    let result = "";
    let last = 0;
    let dropListed = false;
    for (const found of findForms(text, this.matcher)) {
      if (found.index < last) continue;
      const between = text.slice(last, found.index);
      const term = this.termFor(found);
      if (found.kind.kind === "name") {
        // "the brothers Ed and Al": the role said it, the second name goes with the first.
        if (dropListed && /^(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)$/u.test(between)) {
          last = found.index + found.text.length;
          continue;
        }
        const end = found.index + found.text.length;
        const fitted = fitName(result + between, term, found.possessive, text.slice(end));
        dropListed = fitted.dropListed;
        this.afterFitting(found.kind.character, fitted);
        const atSentenceStart = SENTENCE_START_BEFORE.test(fitted.before);
        result = fitted.before + (atSentenceStart ? capitalize(fitted.term) : fitted.term);
        last = end + fitted.skipAfter;
        continue;
      }
      dropListed = false;
      const atSentenceStart = SENTENCE_START_BEFORE.test(text.slice(0, found.index));
      result += between + (atSentenceStart ? capitalize(term) : term);
      last = found.index + found.text.length;
      if (found.kind.kind === "title" && !found.possessive) {
        last += trailingPunctuation(found.form, text.slice(last)).length;
        // "This Demon Slayer movie" → "This film", not "This film movie".
        last += FORMAT_NOUN_AFTER.exec(text.slice(last))?.[0].length ?? 0;
      }
    }
    return result + text.slice(last);
  }
}

/**
 * A final guard: no title or name may survive, even one formed by a
 * replacement word. Remaining forms are removed outright; every pass
 * shortens the text, so the loop ends.
 */
export function scrub(text: string, matcher: Matcher): string {
  let current = text;
  for (;;) {
    let next = "";
    let last = 0;
    for (const found of findForms(current, matcher)) {
      next += current.slice(last, found.index);
      last = found.index + found.text.length;
    }
    next = (next + current.slice(last)).replace(/ {2,}/g, " ");
    if (next.length >= current.length) return current;
    current = next;
  }
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
