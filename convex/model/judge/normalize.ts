/**
 * Text made comparable, for the judge, the title index, the suggestions and the clue maker:
 * folded letters (case, diacritics, width, long vowels) and words.
 */

/** Letters that Unicode does not decompose into a base letter plus a diacritic. */
const UNDECOMPOSABLE_LETTERS: Record<string, string> = {
  ø: "o",
  æ: "ae",
  œ: "oe",
  ß: "ss",
  đ: "d",
  ł: "l",
  ı: "i",
};

/**
 * NFKC, lower case, Latin diacritics dropped (ō→o, ä→a). Only the combining
 * diacritical marks block is removed, so kana keep their voicing marks.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]+/g, "")
    .replace(/[øæœßđłı]/g, (letter) => UNDECOMPOSABLE_LETTERS[letter] ?? letter)
    .normalize("NFC");
}

/** Japanese long vowels are romanised as ou, oo, ō or o (and uu or u): fold them all to one letter. */
export function foldLongVowels(text: string): string {
  return text.replace(/ou/g, "o").replace(/oo/g, "o").replace(/uu/g, "u");
}

/** The comparable core of a title or a guess: letters and digits only, folded. */
export function normalizeTitle(text: string): string {
  return foldLongVowels(foldText(text).replace(/[^\p{L}\p{N}]+/gu, ""));
}

/** The folded words of a text. */
export function titleWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map(foldLongVowels);
}
