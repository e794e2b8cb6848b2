/**
 * Title forms shared by the clue maker (which must hide them) and the judge
 * (which must recognise them): normalisation, the generic words that never
 * identify a show, sequel markers and the parts of a long title.
 */

export type TitleSource = {
  title?: { english?: string | null; romaji?: string | null; native?: string | null } | null;
  synonyms?: readonly (string | null)[] | null;
};

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

/** Words that name no show on their own: sequel markers, formats, articles and particles. */
const GENERIC_WORDS = new Set(
  [
    "a",
    "an",
    "the",
    "of",
    "and",
    "in",
    "on",
    "to",
    "no",
    "wa",
    "ga",
    "season",
    "seasons",
    "series",
    "part",
    "parts",
    "cour",
    "movie",
    "movies",
    "film",
    "films",
    "tv",
    "ova",
    "ona",
    "oad",
    "special",
    "specials",
    "sp",
    "episode",
    "episodes",
    "ep",
    "arc",
    "chapter",
    "final",
    "last",
    "new",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "sequel",
    "prequel",
    "anime",
    "edition",
    "version",
    "remake",
    "reboot",
    "gekijouban",
    "dai",
    "ki",
    "hen",
    "zoku",
    "劇場版",
    "シーズン",
  ].map(foldLongVowels),
);

const GENERIC_WORD_PATTERNS = [
  /^\d+$/,
  /^\d+(?:st|nd|rd|th)$/,
  /^(?:season|part|cour|s|ep|episode|vol|volume)\d+$/,
  /^(?:i{1,3}|iv|vi{0,3}|ix|xi{0,3}|xiv|xv)$/,
  /^第?\d+(?:期|部|章|話|編|篇|シーズン)?$/,
];

/**
 * Generic words run together ("thefinalseason", "season2"). Two-letter
 * particles are left out, or real titles such as "Kino" (ki + no) would count.
 */
const RUN_TOGETHER_GENERIC = new RegExp(
  `^(?:${[...GENERIC_WORDS]
    .filter((word) => /^[a-z]{3,}$/.test(word) || word === "tv")
    .sort((a, b) => b.length - a.length)
    .join("|")}|\\d+(?!\\d)(?:st|nd|rd|th)?)+$`,
);

export function isGenericWord(word: string): boolean {
  return GENERIC_WORDS.has(word) || GENERIC_WORD_PATTERNS.some((pattern) => pattern.test(word));
}

/** True when the text is made only of generic words (or of nothing at all). */
export function isGenericText(text: string): boolean {
  const words = titleWords(text);
  if (words.every(isGenericWord)) return true;
  return RUN_TOGETHER_GENERIC.test(words.join(""));
}

/** English, romaji and native titles, then the synonyms: trimmed, blanks dropped, duplicates kept out. */
export function titleForms(source: TitleSource): string[] {
  const candidates = [
    source.title?.english,
    source.title?.romaji,
    source.title?.native,
    ...(source.synonyms ?? []),
  ];
  const forms: string[] = [];
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const form = candidate.normalize("NFKC").trim();
    if (form.length > 0 && !forms.includes(form)) forms.push(form);
  }
  return forms;
}

const SEQUEL_SUFFIXES = [
  /\s*[(（](?:\d{4}|tv|movie|film)[)）]$/i,
  /\s+(?:the\s+)?final\s+season(?:\s+part\s+\d+)?$/i,
  /\s+season\s+\d+(?:\s+part\s+\d+)?$/i,
  /\s+\d+(?:st|nd|rd|th)\s+season(?:\s+part\s+\d+)?$/i,
  /\s+(?:part|cour)\s+\d+$/i,
  /\s+(?:II|III|IV|V|VI|VII|VIII|IX|X)$/,
  /\s+\d{1,3}$/,
  /\s*第\d+(?:期|シーズン|部|クール)$/,
];

function stripSequelSuffixes(text: string): string {
  let current = text.trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const suffix of SEQUEL_SUFFIXES) {
      const stripped = current.replace(suffix, "").trim();
      if (stripped !== current && stripped.length > 0) {
        current = stripped;
        changed = true;
      }
    }
  }
  return current;
}

const SEGMENT_TRIM = /^[\s\-‐–—~～:：]+|[\s\-‐–—~～:：]+$/g;

function splitSegments(text: string, separator: RegExp): string[] {
  return text
    .split(separator)
    .map((segment) => segment.replace(SEGMENT_TRIM, ""))
    .filter((segment) => segment.length > 0);
}

/** " - ", "-Subtitle-", "~Subtitle~" */
const DASH_SEPARATOR = /\s+[-‐–—~～]+\s*|\s*[-‐–—~～]+\s+|[~～]/;
const COLON_SEPARATOR = /\s*[:：]\s*/;

/**
 * The title with sequel markers dropped from each colon-separated part:
 * "Mushoku Tensei II: Isekai Ittara Honki Dasu" → "Mushoku Tensei: Isekai
 * Ittara Honki Dasu", "JUJUTSU KAISEN Season 2" → "JUJUTSU KAISEN".
 */
export function sequelBase(form: string): string {
  const segments = form
    .split(COLON_SEPARATOR)
    .map(stripSequelSuffixes)
    .filter((segment) => !isGenericText(segment));
  return segments.join(": ");
}

/** Long enough and specific enough to identify a show on its own. */
function isMeaningful(form: string): boolean {
  return normalizeTitle(form).length >= 4 && !isGenericText(form);
}

/**
 * Shorter names a title goes by: its sequel-free base, and the parts split at
 * ":" or " - ". The first part ("Code Geass" of "Code Geass: Lelouch of the
 * Rebellion") always counts; a later one only with two or more specific
 * words, so a one-word subtitle such as "Brotherhood" or "piece" does not.
 */
export function titleVariants(form: string): string[] {
  const variants = new Set<string>();
  const consider = (candidate: string, isFirstPart: boolean) => {
    if (!isMeaningful(candidate)) return;
    if (!isFirstPart && titleWords(candidate).filter((word) => !isGenericWord(word)).length < 2) {
      return;
    }
    variants.add(candidate);
  };
  for (const whole of new Set([form, sequelBase(form)])) {
    consider(whole, true);
    const dashParts = splitSegments(whole, DASH_SEPARATOR);
    dashParts.forEach((part, index) => {
      consider(stripSequelSuffixes(part), index === 0);
      splitSegments(part, COLON_SEPARATOR).forEach((piece, pieceIndex) => {
        consider(stripSequelSuffixes(piece), index === 0 && pieceIndex === 0);
      });
    });
  }
  variants.delete(form);
  return [...variants];
}
