/**
 * Title forms shared by the clue maker (which must hide them) and the judge (which must
 * recognise them): every title and synonym, sequel markers stripped, the parts of a long title.
 */
import { isFormatWord, isGenericText, isGenericWord, trimGenericEnds } from "./genericWords";
import { foldLongVowels, foldText, normalizeTitle, titleWords } from "./normalize";

export type TitleSource = {
  title?: { english?: string | null; romaji?: string | null; native?: string | null } | null;
  synonyms?: readonly (string | null)[] | null;
};

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

/** Colon followed by a space ("Re:ZERO" stays whole) or a dash pair: the segments of a title. */
export const SEGMENT_SEPARATOR = /\s*[:：]\s+|\s+[-‐–—~～]+\s*|\s*[-‐–—~～]+\s+|[~～]/;

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

/**
 * A show's name, a format word, and what follows ("ONE PIECE", "film", "red"): how players
 * name a film or a season. Null without a format word after a specific word.
 */
export function splitInstalment(text: string): { show: string; subtitle: string[] } | null {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  const folded = words.map(foldLongVowels);
  const at = folded.findIndex(
    (word, index) => isFormatWord(word) && folded.slice(0, index).some((w) => !isGenericWord(w)),
  );
  if (at < 0) return null;
  // Never down to a one-letter base: "K-On! The Movie" is K-On!'s, not K's.
  const show = trimGenericEnds(words.slice(0, at));
  return {
    show: show.join(" "),
    subtitle: folded.slice(at + 1).filter((word) => !isGenericWord(word)),
  };
}
