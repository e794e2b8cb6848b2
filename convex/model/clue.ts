import { titleForms, titleVariants, type TitleSource } from "./titles";

type CharacterName = {
  full?: string | null;
  first?: string | null;
  middle?: string | null;
  last?: string | null;
  native?: string | null;
  alternative?: readonly (string | null)[] | null;
};

/** One item of AniList's `data.Page.media`, as the catalogue query returns it. */
export type ClueSource = TitleSource & {
  description?: string | null;
  genres?: readonly (string | null)[] | null;
  format?: string | null;
  characters?: { nodes?: readonly ({ name?: CharacterName | null } | null)[] | null } | null;
};

const SENTENCES_PER_CLUE = 2;
/** Two run-on sentences can still be a wall of text: a clue is cut at a word, with an ellipsis, past this. */
const MAX_CLUE_LENGTH = 700;

// ---------------------------------------------------------------------------
// Markup, entities and credits

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  shy: "",
  zwj: "",
  zwnj: "",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  prime: "′",
  middot: "·",
  bull: "•",
  deg: "°",
  times: "×",
  copy: "©",
  reg: "®",
  trade: "™",
  star: "☆",
  hearts: "♥",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  aacute: "á",
  agrave: "à",
  acirc: "â",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  ocirc: "ô",
  ucirc: "û",
  iuml: "ï",
  ccedil: "ç",
  ntilde: "ñ",
  szlig: "ß",
};

const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z][a-z0-9]{1,31}));/gi;

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? "";
    const codePoint = decimal !== undefined ? Number(decimal) : parseInt(hex ?? "", 16);
    const isScalar =
      codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
    return isScalar ? String.fromCodePoint(codePoint) : "";
  });
}

const LINE_BREAK_TAG = /<\s*(?:br|\/?p|\/?div|\/?li|\/?ul|\/?ol|hr)\b[^>]*>/gi;
const ANY_TAG = /<\s*\/?\s*[a-z!][^<>]*>/gi;

function stripMarkup(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(LINE_BREAK_TAG, "\n")
    .replace(ANY_TAG, "");
}

/** Markup can arrive encoded ("&lt;i&gt;"): decode and strip until nothing changes. */
function toPlainText(html: string): string {
  let text = html
    .normalize("NFKC")
    .replace(/\r\n?/g, "\n")
    .replace(/\n{2,}/g, "<br>")
    .replace(/\n/g, " ");
  for (let round = 0; round < 4; round++) {
    const next = stripMarkup(decodeEntities(stripMarkup(text)));
    if (next === text) break;
    text = next;
  }
  return withoutMarkup(text);
}

/**
 * What an HTML parser would read as the start of a tag, a comment or a
 * declaration: "<" before a letter, "/", "!" or "?" (with any "<" run before it,
 * so that removing one cannot join the next into a new one).
 */
const TAG_START = /<+(?=[a-z!/?])/gi;

/** The last pass: no tag, entity or unclosed tag opening is left, whatever the input. */
function withoutMarkup(text: string): string {
  return text.replace(ANY_TAG, "").replace(ENTITY, "").replace(TAG_START, "");
}

const CREDIT_IN_BRACKETS =
  /[([]\s*(?:sources?\s*[:-]|written\s+by|summary\s+(?:by|from)|description\s+(?:by|from)|synopsis\s+(?:by|from)|text\s+(?:by|from)|translated\s+by|taken\s+from|adapted\s+from|credits?\s*:)[^()[\]]*[)\]]/gi;
const CREDIT_LINE = /^(?:sources?\s*:|written\s+by\b|summary\s+by\b|\(\s*source\b)/i;
const NOTE_HEADING =
  /^(?:[*•~]|notes?\b|n\.b\.|disclaimers?\b|trivia\b|warnings?\b|episodes?\s+list\b|\(\s*notes?\b)/i;
const LIST_ITEM = /^[-–—•*・~]\s*/;

/** The description as plain lines: credits, notes and their lists removed. */
function cleanDescription(description: string): string[] {
  const lines = toPlainText(description)
    .replace(CREDIT_IN_BRACKETS, " ")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim());
  const kept: string[] = [];
  let inNote = false;
  for (const line of lines) {
    if (line.length === 0) {
      inNote = false;
      continue;
    }
    if (NOTE_HEADING.test(line)) {
      inNote = true;
      continue;
    }
    if (inNote && LIST_ITEM.test(line)) continue;
    inNote = false;
    if (CREDIT_LINE.test(line) || LIST_ITEM.test(line)) continue;
    kept.push(line);
  }
  return kept;
}

// ---------------------------------------------------------------------------
// Title and name forms

const LETTER_OR_DIGIT = String.raw`\p{L}\p{N}\p{M}`;
const VOWEL_VARIANTS: Record<string, string> = {
  a: "aàáâãäåāă",
  e: "eèéêëēĕėę",
  i: "iìíîïīĭį",
  o: "oòóôõöōŏő",
  u: "uùúûüūŭůű",
};
const LONG_VOWEL_TAIL = `[${VOWEL_VARIANTS.o}${VOWEL_VARIANTS.u}]*`;

function escapeForClass(character: string): string {
  return character.replace(/[\\\]^-]/g, "\\$&");
}

/**
 * A pattern for one word of a form that also matches its other romanisations:
 * any diacritics, and long vowels written ou, oo, uu, ō or o ("Kyoujin" and
 * "Kyōjin" for "Kyojin", "Haikyuu" for "Haikyu").
 */
function wordPattern(word: string): string {
  const letters = [
    ...word
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]+/g, "")
      .normalize("NFC"),
  ];
  let pattern = "";
  for (let index = 0; index < letters.length; index++) {
    const letter = letters[index];
    const variants = VOWEL_VARIANTS[letter];
    if (letter === "o" || letter === "u") {
      pattern += `[${variants}]${LONG_VOWEL_TAIL}`;
      while (letters[index + 1] === "o" || letters[index + 1] === "u") index++;
    } else if (variants !== undefined) {
      pattern += `[${variants}]`;
    } else {
      pattern += `[${escapeForClass(letter)}]`;
    }
  }
  return pattern;
}

/**
 * What may stand between the words of a form. An explicit list: a negated
 * Unicode property class here, once per word, makes each pattern slow to compile.
 */
const FORM_WORD_SEPARATOR = String.raw`[\s\-‐–—:;,.·・/~～'’!?&"“”()]{0,4}`;

/** The words of a form joined by any light punctuation: "Steins;Gate" also matches "Steins Gate". */
function formPattern(form: string): string | null {
  const words = (form.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? [])
    .map(wordPattern)
    .filter((pattern) => pattern.length > 0);
  return words.length === 0 ? null : words.join(FORM_WORD_SEPARATOR);
}

type FormKind = { kind: "title" } | { kind: "name"; character: number };

/** One regular expression for every title form and name, longest first. */
type Matcher = { regex: RegExp; kinds: FormKind[]; forms: string[] };

type FormMatch = {
  text: string;
  index: number;
  kind: FormKind;
  form: string;
  possessive: boolean;
};

const ARTICLE = String.raw`(?:(?:a|an|the|this|that)\s+)?`;
const POSSESSIVE = String.raw`(['’]s|['’](?!\p{L}))?`;

function kindRank(kind: FormKind): number {
  return kind.kind === "name" ? 0 : 1;
}

function buildMatcher(entries: { form: string; kind: FormKind }[]): Matcher | null {
  const usable = entries
    .map((entry) => ({ ...entry, pattern: formPattern(entry.form) }))
    .filter((entry): entry is typeof entry & { pattern: string } => entry.pattern !== null)
    // Longest first; on a tie the name wins, as it reads better ("Someone, a
    // young girl…" for Violet Evergarden) and hides the title all the same.
    .sort((a, b) => b.form.length - a.form.length || kindRank(a.kind) - kindRank(b.kind));
  if (usable.length === 0) return null;
  // A title swallows its article: "called a Death Note" → "called this series".
  const alternatives = usable.map(
    (entry) => `(${entry.kind.kind === "title" ? ARTICLE : ""}${entry.pattern})`,
  );
  const regex = new RegExp(
    `(?<![${LETTER_OR_DIGIT}])(?:${alternatives.join("|")})${POSSESSIVE}(?![${LETTER_OR_DIGIT}])`,
    "gu",
  );
  return {
    regex,
    kinds: usable.map((entry) => entry.kind),
    forms: usable.map((entry) => entry.form),
  };
}

/**
 * Lower case, letter for letter, so that offsets still point into the
 * original. Matching lower-cased text spares the patterns the "i" flag, whose
 * Unicode case folding makes every new pattern slow to compile.
 */
function lowerCaseInPlace(text: string): string {
  return text.replace(/\p{Lu}/gu, (letter) => {
    const lower = letter.toLowerCase();
    return lower.length === letter.length ? lower : letter;
  });
}

/**
 * The forms found in a text. Names are proper nouns, so a name only counts
 * where it is written with its capital ("Ray" the character, not "a ray of hope").
 */
function findForms(text: string, matcher: Matcher): FormMatch[] {
  const found: FormMatch[] = [];
  for (const match of lowerCaseInPlace(text).matchAll(matcher.regex)) {
    const position = match
      .slice(1, matcher.kinds.length + 1)
      .findIndex((group) => group !== undefined);
    const kind = matcher.kinds[position];
    if (kind === undefined) continue;
    const form = matcher.forms[position] ?? "";
    if (kind.kind === "name" && /^\p{Lu}/u.test(form) && !/^\p{Lu}/u.test(text[match.index] ?? ""))
      continue;
    found.push({
      text: text.slice(match.index, match.index + match[0].length),
      index: match.index,
      kind,
      form,
      possessive: match[matcher.kinds.length + 1] !== undefined,
    });
  }
  return found;
}

function containsForm(text: string, matcher: Matcher | null): boolean {
  return matcher !== null && findForms(text, matcher).length > 0;
}

function characterNameForms(name: CharacterName): string[] {
  const forms = [name.full, name.first, name.last, name.native, ...(name.alternative ?? [])];
  if (name.first && name.last) {
    // Descriptions often use the Japanese order: "Uzumaki Naruto".
    forms.push(`${name.last} ${name.first}`, `${name.first} ${name.last}`);
    if (name.middle) forms.push(`${name.first} ${name.middle} ${name.last}`);
  }
  return forms.filter((form): form is string => typeof form === "string" && form.trim().length > 0);
}

function forbiddenForms(source: ClueSource): { form: string; kind: FormKind }[] {
  const titles = titleForms(source);
  const entries: { form: string; kind: FormKind }[] = [
    ...titles,
    ...titles.flatMap(titleVariants),
  ].map((form) => ({ form, kind: { kind: "title" } }));
  const nodes = source.characters?.nodes ?? [];
  nodes.forEach((node, character) => {
    const name = node?.name;
    if (!name) return;
    for (const form of characterNameForms(name))
      entries.push({ form, kind: { kind: "name", character } });
  });
  return entries;
}

// ---------------------------------------------------------------------------
// Replacements

function capitalize(text: string): string {
  return text.replace(
    /^(["'“‘«(\s]*)(\p{Ll})/u,
    (_all, lead: string, letter: string) => lead + letter.toUpperCase(),
  );
}

function matchCase(original: string, replacement: string): string {
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

class FormReplacer {
  private readonly titleTerm: string;
  private readonly mentionOrder = new Map<number, number>();
  private readonly mentions = new Map<number, number>();

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

  replace(text: string): string {
    let result = "";
    let last = 0;
    for (const found of findForms(text, this.matcher)) {
      if (found.index < last) continue;
      const term = this.termFor(found);
      const atSentenceStart = SENTENCE_START_BEFORE.test(text.slice(0, found.index));
      result += text.slice(last, found.index) + (atSentenceStart ? capitalize(term) : term);
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
function scrub(text: string, matcher: Matcher): string {
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

function swapGenreWords(text: string): string {
  return text.replace(GENRE_WORD, (match, article: string | undefined, word: string) => {
    const entry = GENRE_ENTRIES.find((candidate) => candidate.exact.test(word));
    if (entry === undefined || (entry.properNoun && /\p{Lu}/u.test(word))) return match;
    const generic = matchCase(word, entry.generic);
    return article === undefined ? generic : withArticle(article, generic);
  });
}

const ADVERBS = new Set([
  "also",
  "then",
  "soon",
  "still",
  "never",
  "always",
  "only",
  "even",
  "now",
  "just",
  "later",
  "often",
  "already",
  "instead",
  "somehow",
  "once",
  "ever",
]);

/** Words ending in "s" that are not a verb in the third person. */
const NOT_VERBS = new Set([
  "always",
  "sometimes",
  "perhaps",
  "thus",
  "towards",
  "afterwards",
  "besides",
  "unless",
  "less",
  "across",
  "as",
  "us",
  "its",
  "his",
  "hers",
  "yes",
  "plus",
  "nevertheless",
]);

const IRREGULAR_VERBS: Record<string, string> = {
  is: "are",
  was: "were",
  has: "have",
  does: "do",
  "isn't": "aren't",
  "wasn't": "weren't",
  "hasn't": "haven't",
  "doesn't": "don't",
  "isn’t": "aren’t",
  "wasn’t": "weren’t",
  "hasn’t": "haven’t",
  "doesn’t": "don’t",
};

/** "lives" → "live", "watches" → "watch", "tries" → "try", "dies" → "die". */
function pluralVerb(word: string): string | null {
  const irregular = IRREGULAR_VERBS[word];
  if (irregular !== undefined) return irregular;
  if (!/^\p{Ll}{3,}$/u.test(word) || !word.endsWith("s") || NOT_VERBS.has(word)) return null;
  if (/(?:ss|us|is)$/.test(word)) return null;
  if (word.endsWith("ies")) return word.length <= 4 ? word.slice(0, -1) : `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z|o|ss)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

const OBJECT_FOLLOWERS = new Set([
  "a",
  "an",
  "the",
  "to",
  "from",
  "with",
  "in",
  "on",
  "at",
  "by",
  "for",
  "of",
  "into",
  "onto",
  "as",
  "about",
  "after",
  "before",
  "back",
  "out",
  "up",
  "down",
  "off",
  "over",
  "away",
  "through",
  "and",
  "or",
  "but",
  "that",
  "this",
  "while",
  "when",
  "because",
  "so",
  "if",
  "again",
  "too",
  "now",
  "then",
  "who",
  "home",
  "there",
  "here",
  "alone",
  "anymore",
  "everything",
  "something",
  "nothing",
  "all",
  "be",
  "go",
  "feel",
  "find",
  "become",
  "see",
  "die",
  "live",
  "stay",
  "leave",
  "without",
  "within",
  "against",
  "toward",
  "towards",
  "behind",
  "beside",
  "near",
  "like",
  "unlike",
  "until",
  "since",
  "despite",
  "around",
  "across",
  "along",
  "upon",
  "under",
  "beyond",
  "instead",
  "once",
  "yet",
  "though",
  "although",
  "where",
  "which",
  "what",
  "how",
  "why",
  "not",
  "more",
  "very",
]);

const WORD_TOKEN = /(\p{L}+(?:['’]\p{L}+)*)/u;

const HAVE_FOLLOWERS = new Set([
  "been",
  "got",
  "gotten",
  "become",
  "had",
  "done",
  "gone",
  "made",
  "seen",
  "lost",
  "found",
  "taken",
  "given",
]);

/** he, she, him, her, his, hers, himself, herself → they, them, their, theirs, themselves. */
function isAdverb(word: string): boolean {
  return ADVERBS.has(word.toLowerCase()) || /^\p{Ll}{3,}ly$/u.test(word);
}

/** The replacement for a gendered pronoun, given the word after it (null at a clause end). */
function neutralPronoun(pronoun: string, nextWord: string | null): string | null {
  switch (pronoun) {
    case "he":
    case "she":
      return "they";
    case "him":
      return "them";
    case "his":
      return nextWord === null ? "theirs" : "their";
    case "her":
      return nextWord === null || OBJECT_FOLLOWERS.has(nextWord) ? "them" : "their";
    case "hers":
      return "theirs";
    case "himself":
    case "herself":
      return "themselves";
    case "he's":
    case "she's":
      return nextWord !== null && HAVE_FOLLOWERS.has(nextWord) ? "they've" : "they're";
    case "he'd":
    case "she'd":
      return "they'd";
    case "he'll":
    case "she'll":
      return "they'll";
    default:
      return null;
  }
}

/**
 * "they have destroyed the moon, and has promised…": a second verb joined by
 * "and" or "but" agrees too. Only the unmistakable verbs (is, was, has, does)
 * are changed; a word like "things" after "but" may well be a noun.
 */
function agreeCoordinatedVerbs(tokens: string[], from: number): void {
  for (let index = from + 2; index < tokens.length; index += 2) {
    if (/[.!?;:]/.test(tokens[index - 1]) || /^(?:he|she|it|they|i|we|you)$/i.test(tokens[index]))
      return;
    if (
      !/^(?:and|but)$/i.test(tokens[index]) ||
      !/^[\s,]*$/.test(tokens[index - 1] + tokens[index + 1])
    )
      continue;
    const next = index + 2;
    const verb = tokens[next] !== undefined && isAdverb(tokens[next]) ? next + 2 : next;
    const irregular = tokens[verb] === undefined ? undefined : IRREGULAR_VERBS[tokens[verb]];
    if (irregular !== undefined && /^\s+$/.test(tokens[verb - 1])) tokens[verb] = irregular;
  }
}

/**
 * he, she, him, her, his, hers, himself, herself → they, them, their, theirs,
 * themselves; the verb after "they" loses its third-person "s" ("they live").
 */
function neutralizePronouns(sentence: string): string {
  // Words sit at odd indexes, the text between them at even ones.
  const tokens = sentence.split(WORD_TOKEN);
  const nextWordIndex = (from: number): number =>
    /^\s+$/.test(tokens[from + 1] ?? "") && (tokens[from + 2] ?? "") !== "" ? from + 2 : -1;
  for (let index = 1; index < tokens.length; index += 2) {
    const original = tokens[index];
    const pronoun = original.toLowerCase().replace("’", "'");
    const next = nextWordIndex(index);
    const replacement = neutralPronoun(pronoun, next === -1 ? null : tokens[next].toLowerCase());
    if (replacement === null) continue;
    tokens[index] = matchCase(
      original,
      original.includes("’") ? replacement.replace("'", "’") : replacement,
    );
    if (replacement !== "they") continue;
    const verb = next !== -1 && isAdverb(tokens[next]) ? nextWordIndex(next) : next;
    const plural = verb === -1 ? null : pluralVerb(tokens[verb]);
    if (plural !== null) tokens[verb] = plural;
    agreeCoordinatedVerbs(tokens, verb === -1 ? index : verb);
  }
  return tokens.join("");
}

// ---------------------------------------------------------------------------
// Sentences

const ABBREVIATIONS = new Set([
  "dr",
  "mr",
  "mrs",
  "ms",
  "st",
  "jr",
  "sr",
  "prof",
  "mt",
  "lt",
  "sgt",
  "capt",
  "col",
  "gen",
  "gov",
  "rev",
  "fr",
  "no",
  "vol",
  "vs",
  "inc",
  "ltd",
  "co",
  "corp",
  "ave",
  "ft",
  "approx",
  "ca",
  "feat",
  "ep",
]);

const TERMINATOR = /[.!?…]+["'”’»)\]]*/gu;
const MAX_QUOTED_LENGTH = 300;

function isAbbreviation(before: string): boolean {
  const lastWord = /(?:^|[\s"“(])([\p{L}.]+)$/u.exec(before)?.[1] ?? "";
  if (/^(?:\p{L}\.)*\p{L}$/u.test(lastWord)) return true; // initials: "D", "A.D", "U.A"
  return ABBREVIATIONS.has(lastWord.toLowerCase());
}

function isInsideQuote(text: string): boolean {
  if (text.length > MAX_QUOTED_LENGTH) return false;
  const straight = (text.match(/"/g) ?? []).length;
  const opened = (text.match(/“/g) ?? []).length;
  const closed = (text.match(/”/g) ?? []).length;
  return straight % 2 === 1 || opened > closed;
}

/**
 * Splits a line into sentences. A terminator ends a sentence only before an
 * upper-case start, and not after an abbreviation or an initial ("Dr.",
 * "A.D.", "Monkey D. Luffy") nor inside quoted speech.
 */
function splitSentences(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of line.matchAll(TERMINATOR)) {
    const end = match.index + match[0].length;
    const rest = line.slice(end);
    if (!/^\s+["“‘'(«[]*[\p{Lu}\p{N}\p{Lo}]/u.test(rest)) continue;
    const punctuation = match[0].replace(/["'”’»)\]]+$/u, "");
    const sentence = line.slice(start, end);
    const closesQuote = /["”]$/.test(match[0]);
    if (punctuation === "." && isAbbreviation(line.slice(start, match.index))) continue;
    if (!closesQuote && isInsideQuote(sentence)) continue;
    sentences.push(sentence.trim());
    start = end;
  }
  sentences.push(line.slice(start).trim());
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

const META_SENTENCE =
  /^(?:this\s+(?:series|film|show)\s+is\s+)?(?:(?:a|an|the)\s+)?(?:(?:new|brand-new|official)\s+)?(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|final|last|latest|next|\d+(?:st|nd|rd|th))\s+)?(?:anime\s+|tv\s+)?(?:season|part|cour|half|sequel|prequel|continuation|re-?adaptation|adaptation|adaption|remake|reboot|compilation|recap|installment|instalment|movie|film|ova|special|spin-?off)s?\s+(?:of|to|for)\b/i;
const MAX_META_LENGTH = 160;
/** A short sentence about seasons and episodes ("Taking off right after the last episode of the first season."). */
const RELEASE_WORDS =
  /(?<![\p{L}])(?:seasons?|cours?|sequel|prequel|episodes?|adaptation)(?![\p{L}])/iu;
const MAX_RELEASE_NOTE_LENGTH = 80;

/** "The second season of this series." says nothing about the story. */
function isMetaSentence(sentence: string): boolean {
  if (sentence.length <= MAX_RELEASE_NOTE_LENGTH && RELEASE_WORDS.test(sentence)) return true;
  return sentence.length <= MAX_META_LENGTH && META_SENTENCE.test(sentence);
}

function finishSentence(sentence: string): string {
  const tidy = sentence
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?…])/g, "$1")
    .replace(/([(“«[])\s+/g, "$1")
    .replace(/\(\s*\)/g, "")
    .trim();
  const ended = /[.!?…]["'”’»)\]]*$/u.test(tidy) ? tidy : `${tidy.replace(/[,;:\-–—]+$/u, "")}.`;
  return capitalize(ended);
}

// ---------------------------------------------------------------------------

function shorten(body: string): string {
  if (body.length <= MAX_CLUE_LENGTH) return body;
  const cut = body.slice(0, MAX_CLUE_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:\-–—]+$/u, "")}…`;
}

function genreLine(genres: ClueSource["genres"], matcher: Matcher | null): string | null {
  const names: string[] = [];
  for (const genre of genres ?? []) {
    if (typeof genre !== "string") continue;
    // Genres come from AniList as they are, so they get the description's cleaning too.
    const name = toPlainText(genre).replace(/\s+/g, " ").trim();
    // A genre that is also a title or a name would give the answer away.
    if (name.length === 0 || names.includes(name) || containsForm(name, matcher)) continue;
    names.push(name);
  }
  return names.length === 0 ? null : `Genres: ${names.join(", ")}`;
}

/**
 * The clue for an anime: its description without markup or credits, cut to
 * two sentences, with every title form and main character's name replaced by
 * neutral words, pronouns neutralised, genre jargon made generic, and a final
 * "Genres: …" line when there are genres. Pure and deterministic.
 */
export function makeClue(media: ClueSource): string {
  const matcher = buildMatcher(forbiddenForms(media));
  const replacer = matcher === null ? null : new FormReplacer(matcher, media.format);
  const description = typeof media.description === "string" ? media.description : "";
  const sentences = cleanDescription(description).flatMap((line) =>
    splitSentences(replacer === null ? line : replacer.replace(line)),
  );
  const story = sentences.filter((sentence) => !isMetaSentence(sentence));
  const chosen = (story.length > 0 ? story : sentences).slice(0, SENTENCES_PER_CLUE);
  let body = shorten(
    chosen
      .map((sentence) => finishSentence(swapGenreWords(neutralizePronouns(sentence))))
      .join(" "),
  );
  if (matcher !== null) body = scrub(body, matcher);
  body = withoutMarkup(body).trim();
  const genres = genreLine(media.genres, matcher);
  return [body, genres]
    .filter((part): part is string => part !== null && part.length > 0)
    .join("\n");
}
