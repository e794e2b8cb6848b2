/**
 * The abbreviations players type for a show: the initials of its title's words ("SAO" for
 * Sword Art Online, "AoT", "BnHA" and "MHA", "HxH", "NGNL", "TPN", "KnY", "OPM"), with or
 * without its particles ("no", "the", "of"), a made-up compound counted as its two words
 * ("FMAB": Full-Metal Alchemist: Brotherhood). Built from the English and romaji titles with
 * their sequel markers dropped, whole and their first segment. Three letters at least: a
 * two-letter one ("DN", "AT") names too many shows. The judge accepts one only when no other
 * franchise of the pool has it (titleIndex.ts keeps them as `acronym:` rows).
 */
import { isEverydayWord } from "./everydayWords";
import { isGenericWord } from "./genericWords";
import { foldLongVowels, foldText, normalizeTitle } from "./normalize";
import { SEGMENT_SEPARATOR, sequelBase, type TitleSource } from "./titleForms";

const MIN_ACRONYM_LENGTH = 3;
const MAX_ACRONYM_LENGTH = 6;
/** The title index's rows for an acronym (titleIndex.ts): "acronym:sao". */
export function acronymTerm(acronym: string): string {
  return `acronym:${acronym}`;
}

/** Compounds split in at most this many words of a title (2^n spellings). */
const MAX_SPLIT_WORDS = 3;
/** The generic words players keep in an abbreviation ("AoT", "BnHA", "NGNL", "TPN", "HxH"). */
const PARTICLES = new Set(["a", "an", "the", "of", "and", "in", "on", "to", "no", "wa", "ga", "x"]);

/** A title's Latin words, apostrophes dropped ("journeys"); null when it has other letters. */
function latinWords(text: string): string[] | null {
  const words = foldText(text)
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  if (words.some((word) => !/^[a-z0-9]+$/.test(word))) return null;
  return words.filter((word) => !/^\d+$/.test(word));
}

/**
 * A word coined from two everyday words ("fullmetal", "evergarden", "chainsaw") as those two;
 * null for a word that is everyday itself ("brotherhood") or has no such split.
 */
function compoundParts(word: string): [string, string] | null {
  if (word.length < 2 * MIN_ACRONYM_LENGTH || isEverydayWord(foldLongVowels(word))) return null;
  for (let at = MIN_ACRONYM_LENGTH; at <= word.length - MIN_ACRONYM_LENGTH; at++) {
    const [first, second] = [word.slice(0, at), word.slice(at)];
    if (isEverydayWord(foldLongVowels(first)) && isEverydayWord(foldLongVowels(second))) {
      return [first, second];
    }
  }
  return null;
}

/** Every spelling of the initials of these words: each compound whole or split. */
function initials(words: readonly string[]): string[] {
  let spellings = [""];
  let splits = 0;
  for (const word of words) {
    const parts = splits < MAX_SPLIT_WORDS ? compoundParts(word) : null;
    if (parts !== null) splits++;
    const options = parts === null ? [word[0]] : [word[0], parts[0][0] + parts[1][0]];
    spellings = spellings.flatMap((spelling) => options.map((option) => spelling + option));
  }
  return spellings;
}

/** The acronyms of a show (lower case, as `acronymOf` reads a guess). */
export function titleAcronyms(source: TitleSource): string[] {
  const acronyms = new Set<string>();
  for (const title of [source.title?.english, source.title?.romaji]) {
    if (typeof title !== "string") continue;
    const base = sequelBase(title.normalize("NFKC"));
    for (const text of new Set([base, base.split(SEGMENT_SEPARATOR)[0]])) {
      const words = latinWords(text)?.filter(
        (word) => PARTICLES.has(word) || !isGenericWord(foldLongVowels(word)),
      );
      if (words === undefined) continue;
      const withoutParticles = words.filter((word) => !PARTICLES.has(word));
      for (const initialism of [...initials(words), ...initials(withoutParticles)]) {
        // Folded as a guess is ("OUU" reads "ou"), so that the two compare.
        const spelling = foldLongVowels(initialism);
        if (spelling.length >= MIN_ACRONYM_LENGTH && spelling.length <= MAX_ACRONYM_LENGTH) {
          acronyms.add(spelling);
        }
      }
    }
  }
  return [...acronyms];
}

/** The acronym a guess may be ("FMA:B" → "fmab", "H x H" → "hxh"), or null when it cannot be one. */
export function acronymOf(text: string): string | null {
  const letters = normalizeTitle(text);
  const pattern = new RegExp(`^[a-z]{${MIN_ACRONYM_LENGTH},${MAX_ACRONYM_LENGTH}}$`);
  return pattern.test(letters) ? letters : null;
}
