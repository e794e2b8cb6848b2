// Names after role words: "piano prodigy Kousei" must not become "piano prodigy someone". The
// noun phrase already says who it is, so the name goes and the phrase stays, with an article
// when it needs one ("A piano prodigy"); "a courier named Kai" becomes "a courier".
import { capitalize } from "./capitalize";
import {
  ADJECTIVES,
  BOUNDARIES,
  DETERMINERS,
  MODIFIERS,
  PLURAL_ROLES,
  SINGULAR_ROLES,
  TITLES,
} from "./roleWords";

/** "-haired", "-year-old", "-statured": hyphenated words that describe a person. */
function isDescriptive(word: string): boolean {
  return ADJECTIVES.has(word) || /^[\p{L}\d]+(?:-[\p{L}\d]+)*-(?:\p{L}+ed|old)$/u.test(word);
}

/**
 * A word that may stand in a role's noun phrase: listed, a role itself ("elf mage", "child
 * prodigy"), hyphenated ("ghost-fearing") or "-ful", "-ous", "-ive".
 */
function isModifier(word: string): boolean {
  return (
    MODIFIERS.has(word) ||
    SINGULAR_ROLES.has(word) ||
    isDescriptive(word) ||
    /^\p{Ll}[\p{Ll}\d]*(?:-[\p{Ll}\d]+)+$/u.test(word) ||
    /^\p{Ll}{3,}(?:ful|ous|ive)$/u.test(word)
  );
}

/** A determiner, or a possessive ("Goku's son"): the phrase has its article. */
function isDeterminer(word: string): boolean {
  return DETERMINERS.has(word.toLowerCase()) || /\p{L}['’]s?$/u.test(word);
}

const SENTENCE_START = /(?:^|[.!?…]["'”’»)\]]*\s+)["“‘'(«[]*$/u;
/** The words just before a name: up to five, with nothing but spaces between them and it. */
const WORDS_BEFORE = /((?:[\p{L}\d'’-]+ ){1,5})$/u;

/** The phrase ending at the name: its words, and the text before them. */
function phraseBefore(before: string): { head: string; words: string[]; lead: string } | null {
  const run = WORDS_BEFORE.exec(before);
  if (run === null) return null;
  const words = run[1].trim().split(" ");
  return { head: words[words.length - 1], words, lead: before.slice(0, run.index) };
}

export type Fitted = {
  /** The text before the name, rewritten. */
  before: string;
  /** What stands for the name (possibly nothing). */
  term: string;
  /** The name began a list after a plural role ("the brothers Ed and Al"): drop its other names. */
  dropListed: boolean;
  /** Characters of the text after the name that go with it (the comma closing an apposition). */
  skipAfter: number;
  /** The single role that now stands for the character ("rival"): later mentions say "the rival". */
  role?: string;
};

function roleOf(text: string): string | undefined {
  const head = phraseBefore(`${text} `)?.head.toLowerCase();
  return head !== undefined && SINGULAR_ROLES.has(head) ? head : undefined;
}

const NAMING_VERB = /\s+(?:named|called|nicknamed|dubbed)\s+$/iu;
/** "a deaf girl, Shouko, is bullied": the role, then the name between commas (or before the end). */
const APPOSITION = /^(.*[\p{L}])(,\s+)$/u;

/**
 * Fits the words standing for a character's name (`term`, e.g. "someone") to the words before
 * it. A role's noun phrase or a naming verb already says who it is, so the name is dropped; a
 * describing word moves after "someone" ("young Tatsumi" → "someone young").
 */
export function fitName(before: string, term: string, possessive: boolean, after: string): Fitted {
  const unchanged = { before, term, dropListed: false, skipAfter: 0 };
  if (term === "") return unchanged;
  // "A courier named Kai arrives" → "A courier arrives"; "a God of Death, named Ryuk drops" →
  // "a God of Death, drops", the comma closing what it opened.
  const naming = NAMING_VERB.exec(before);
  if (naming !== null && !possessive && /[\p{L},]$/u.test(before.slice(0, naming.index))) {
    const kept = before.slice(0, naming.index);
    const doubled = kept.endsWith(",") && after.startsWith(",") ? 1 : 0;
    return { before: kept, term: "", dropListed: false, skipAfter: doubled, role: roleOf(kept) };
  }
  // "a deaf girl, Shouko, is bullied" → "a deaf girl is bullied".
  const apposition = APPOSITION.exec(before);
  if (apposition !== null && !possessive && /^[,.;!?]/.test(after)) {
    const head = phraseBefore(`${apposition[1]} `)?.head.toLowerCase() ?? "";
    if (SINGULAR_ROLES.has(head) || PLURAL_ROLES.has(head)) {
      return {
        before: apposition[1],
        term: "",
        dropListed: false,
        skipAfter: after.startsWith(",") ? 1 : 0,
        role: roleOf(apposition[1]),
      };
    }
  }
  const phrase = phraseBefore(before);
  if (phrase === null) return unchanged;
  const head = phrase.head.toLowerCase();
  if (SINGULAR_ROLES.has(head) || PLURAL_ROLES.has(head)) return fitRole(phrase, possessive);
  if (isDescriptive(head) && !possessive) return fitDescription(phrase, term) ?? unchanged;
  return unchanged;
}

/** Where the role's phrase starts: back over its modifiers from its head, at index `end`. */
function phraseStart(words: string[], end: number, sentenceStart: boolean): number {
  let start = end;
  while (start > 0) {
    const word = words[start - 1];
    // Mid-sentence, a capital word is a name or a title of its own.
    const capital = /^\p{Lu}/u.test(word) && !(sentenceStart && start - 1 === 0);
    if (capital || !isModifier(word.toLowerCase())) break;
    start--;
  }
  return start;
}

function fitRole({ words, lead }: { words: string[]; lead: string }, possessive: boolean): Fitted {
  const headIndex = words.length - 1;
  const head = words[headIndex].toLowerCase();
  const atSentenceStart = SENTENCE_START.test(lead);
  const start = phraseStart(words, headIndex, atSentenceStart);
  const previous = start > 0 ? words[start - 1] : null;
  const startsSentence = previous === null && atSentenceStart;
  const phraseWords = words.slice(start);
  // The capital the sentence gave it goes ("Piano prodigy" → "A piano prodigy"), and a title's.
  if (startsSentence || (phraseWords.length === 1 && TITLES.has(head))) {
    phraseWords[0] = phraseWords[0].replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
  }
  let phrase = phraseWords.join(" ");
  // An article only where one surely goes: at the start, after a comma, a preposition or a verb
  // listed. After any other word ("star volleyball player") the phrase is left as it was written.
  const needsArticle =
    !PLURAL_ROLES.has(head) &&
    (previous === null
      ? /(?:^|[,;:(—–.!?…"“]\s*)$/u.test(lead)
      : !isDeterminer(previous) && BOUNDARIES.has(previous.toLowerCase()));
  if (needsArticle) {
    const article = TITLES.has(head) ? "the" : /^[aeiou]/i.test(phrase) ? "an" : "a";
    phrase = `${article} ${phrase}`;
  }
  if (startsSentence) phrase = capitalize(phrase);
  if (possessive) phrase += "'s";
  const kept = words.slice(0, start).join(" ");
  return {
    before: lead + (kept === "" ? "" : `${kept} `) + phrase,
    term: "",
    dropListed: PLURAL_ROLES.has(head),
    skipAfter: 0,
    role: SINGULAR_ROLES.has(head) ? head : undefined,
  };
}

/** "young Tatsumi" → "someone young"; "the popular Ishida" → "another popular character". */
function fitDescription(
  { words, lead }: { words: string[]; lead: string },
  term: string,
): Fitted | null {
  const headIndex = words.length - 1;
  const atSentenceStart = SENTENCE_START.test(lead);
  let start = headIndex;
  while (start > 0 && isDescriptive(words[start - 1].toLowerCase())) start--;
  const described = words
    .slice(start)
    .map((word, index) =>
      index === 0 && start === 0 && atSentenceStart ? word.toLowerCase() : word,
    );
  const hasDeterminer =
    start > 0 && isDeterminer(words[start - 1]) && !/['’]/u.test(words[start - 1]);
  const keptEnd = hasDeterminer ? start - 1 : start;
  const description = described.join(" ");
  const character =
    /^(another|a third|a fourth|yet another|the other|the third|the fourth) character$/i.exec(term);
  let phrase: string;
  if (/^some(?:one|body)$/i.test(term)) phrase = `someone ${description}`;
  else if (character !== null) phrase = `${character[1]} ${description} character`;
  else if (/^this person$/i.test(term)) phrase = `this ${description} person`;
  else return null;
  const startsSentence = keptEnd === 0 && atSentenceStart;
  if (startsSentence) phrase = capitalize(phrase);
  const kept = words.slice(0, keptEnd).join(" ");
  return {
    before: lead + (kept === "" ? "" : `${kept} `),
    term: phrase,
    dropListed: false,
    skipAfter: 0,
  };
}
