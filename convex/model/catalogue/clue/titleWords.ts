// Title words: the words of a show's titles that point at it on their own, and every form they
// take in a description ("ghouls" for Tokyo Ghoul, "Beybladers" for Beyblade). The judge may
// refuse such a word alone (another franchise shares it, or it is everyday English), yet a player
// who reads it knows the show: the clue hides it whatever the pool says.
import { isEverydayWord } from "../../judge/everydayWords";
import { isGenericWord } from "../../judge/genericWords";
import { titleWords } from "../../judge/normalize";
import { titleForms, type TitleSource } from "../../judge/titleForms";
import { atSentenceStart, tokenize, type Range } from "./redact";

/** Shorter words ("Ao", "Ni") are particles or too short to point at anything. */
const MIN_WORD_LENGTH = 3;
/** The key word of a title made only of everyday words ("Goddess" of Ah! My Goddess) is this long. */
const MIN_KEY_WORD_LENGTH = 5;
/** What a description adds to a title word: plural, agent noun ("Beybladers"), both. */
const SUFFIXES = ["", "s", "es", "r", "rs", "er", "ers"];

const LATIN_WORD = /^\p{Script=Latin}+$/u;

/** A word's stem: the plural "s" dropped, so that "Spellblades" also finds "spellblade". */
function stems(word: string): string[] {
  const found = [word];
  if (word.endsWith("ies") && word.length > 4) found.push(`${word.slice(0, -3)}y`);
  else if (/(?:s|x|z|ch|sh)es$/.test(word)) found.push(word.slice(0, -2));
  else if (/[^s]s$/.test(word) && word.length > MIN_WORD_LENGTH + 1) found.push(word.slice(0, -1));
  return found;
}

/**
 * The distinctive words of one title form, folded as the judge folds them: its words that are
 * neither generic ("season", "no") nor everyday English ("tokyo"); for a title made only of
 * everyday words, its longest one, when long enough to be a key word ("goddess", not "name").
 */
function formWords(form: string): string[] {
  const content = titleWords(form).filter(
    (word) => word.length >= MIN_WORD_LENGTH && LATIN_WORD.test(word) && !isGenericWord(word),
  );
  const rare = content.filter((word) => !isEverydayWord(word));
  if (rare.length > 0) return rare;
  const key = [...content].sort((a, b) => b.length - a.length)[0];
  return key !== undefined && key.length >= MIN_KEY_WORD_LENGTH ? [key] : [];
}

/** The distinctive words of every title and synonym of the given shows (a show and its siblings). */
export function distinctiveTitleWords(sources: readonly TitleSource[]): Set<string> {
  const words = new Set<string>();
  for (const source of sources)
    for (const form of titleForms(source))
      for (const word of formWords(form)) for (const stem of stems(word)) words.add(stem);
  return words;
}

/**
 * Every word of the show's titles but generic ones, everyday ones included ("Sins" of The Seven
 * Deadly Sins, "Mob" of Mob Psycho 100): written with a capital where no sentence starts, such a
 * word is a proper noun, the name of the title's own thing ("the Sins were framed").
 */
export function properTitleWords(sources: readonly TitleSource[]): Set<string> {
  const words = new Set<string>();
  for (const source of sources)
    for (const form of titleForms(source))
      for (const word of titleWords(form))
        if (word.length >= MIN_WORD_LENGTH && LATIN_WORD.test(word) && !isGenericWord(word))
          for (const stem of stems(word)) words.add(stem);
  return words;
}

/** Whether a folded word is a form of one of `words`: itself, a plural, an "-er" of it. */
export function isFormOf(word: string, words: ReadonlySet<string>): boolean {
  // "Beybladers" is "beyblade" + "rs": the "e" is the stem's own.
  for (const suffix of SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (stem.length >= MIN_WORD_LENGTH && words.has(stem)) return true;
  }
  return word.endsWith("ies") && words.has(`${word.slice(0, -3)}y`);
}

/**
 * Where the text says one of `words` in any form (a hyphenated word goes whole: redact.ts);
 * `capitalised`: only where written with a capital, as a name is ("Ray", not "a ray of hope");
 * `properNoun`: only where the capital is the word's own, not a sentence's start.
 */
export function titleWordRanges(
  text: string,
  words: ReadonlySet<string>,
  { capitalised = false, properNoun = false } = {},
): Range[] {
  if (words.size === 0) return [];
  const ranges: Range[] = [];
  for (const token of tokenize(text)) {
    if ((capitalised || properNoun) && !/^\p{Lu}/u.test(token.text)) continue;
    if (properNoun && atSentenceStart(text, token.start)) continue;
    const folded = titleWords(token.text).join("");
    if (folded.length >= MIN_WORD_LENGTH && isFormOf(folded, words))
      ranges.push({ start: token.start, end: token.end });
  }
  return ranges;
}

type CharacterName = { full?: string | null; first?: string | null; last?: string | null };

/**
 * The words of main characters' names, for the forms a description may give them ("the
 * Elrics"); matched only where capitalised, as a name is written.
 */
export function characterNameWords(
  names: readonly (CharacterName | null | undefined)[],
): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    for (const part of [name?.full, name?.first, name?.last]) {
      if (typeof part !== "string") continue;
      for (const word of titleWords(part))
        if (word.length >= MIN_WORD_LENGTH && LATIN_WORD.test(word))
          for (const stem of stems(word)) words.add(stem);
    }
  }
  return words;
}
