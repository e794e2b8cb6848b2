// Title and name forms: every way the answer or a main character's name can be written, and
// one matcher that finds them all in a text.
import { titleForms, titleVariants, type TitleSource } from "../../judge/titleForms";

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
export type Matcher = { regex: RegExp; kinds: FormKind[]; forms: string[] };

export type FormMatch = {
  text: string;
  index: number;
  kind: FormKind;
  form: string;
  possessive: boolean;
};

const POSSESSIVE = String.raw`(['’]s|['’](?!\p{L}))?`;

function kindRank(kind: FormKind): number {
  return kind.kind === "title" ? 0 : 1;
}

export function buildMatcher(entries: { form: string; kind: FormKind }[]): Matcher | null {
  const usable = entries
    .map((entry) => ({ ...entry, pattern: formPattern(entry.form) }))
    .filter((entry): entry is typeof entry & { pattern: string } => entry.pattern !== null)
    // Longest first; on a tie the title wins: a name only counts with its capital, and the
    // same words in lower case must still be found as the title.
    .sort((a, b) => b.form.length - a.form.length || kindRank(a.kind) - kindRank(b.kind));
  if (usable.length === 0) return null;
  const alternatives = usable.map((entry) => `(${entry.pattern})`);
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
export function findForms(text: string, matcher: Matcher): FormMatch[] {
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

export function containsForm(text: string, matcher: Matcher | null): boolean {
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

export function forbiddenForms(source: ClueSource): { form: string; kind: FormKind }[] {
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
