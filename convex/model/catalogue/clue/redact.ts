// Redaction: what the clue may not say becomes one fixed mark, as daily anime games print it. A
// fixed mark (never one block per letter) tells nothing about the length of what it hides, and it
// reads as a removal wherever it stands, so the sentence around it keeps its grammar ("a black
// notebook called the ▇▇▇", "▇▇▇ and ▇▇▇ return"), which no neutral noun phrase does for every
// word that has to go.
import { normalizeTitle } from "../../judge/normalize";

export const REDACTION = "▇▇▇";

/** A stretch of the text to redact: [start, end) in UTF-16 offsets. */
export type Range = { start: number; end: number };

export type Token = { text: string; start: number; end: number };

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a text; the "s" of a possessive ("Eren's") stays with its word's spelling. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const previous = tokens[tokens.length - 1];
    if (
      previous !== undefined &&
      /^s$/i.test(match[0]) &&
      /^['’]$/.test(text.slice(previous.end, match.index))
    )
      continue;
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** The words of a clue's story that count as content (the mark is none). */
export function contentWordCount(text: string): number {
  return tokenize(text).length;
}

/**
 * What may stand between two words of one phrase: what a player drops when they copy it
 * ("Liar, Liar", "One-Punch", "Eren's Titan"); never a sentence's end or a mark.
 */
const PHRASE_GAP = /^(?:['’]s)?[\s\-‐–—:;,'’"“”&·/]{1,4}$/u;

function joinable(text: string, tokens: readonly Token[], from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const gap = text.slice(tokens[index].end, tokens[index + 1].start);
    if (!PHRASE_GAP.test(gap) || gap.includes("\n")) return false;
  }
  return true;
}

/** "titans" → "titan", "stories" → "story", "witches" → "witch"; "ghoul" → "ghouls". */
export function inflections(word: string): string[] {
  const lower = word.toLowerCase();
  const forms = [word];
  if (lower.length > 4 && lower.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh)es$/.test(lower)) forms.push(word.slice(0, -2));
  if (lower.length > 3 && /[^s']s$/.test(lower)) forms.push(word.slice(0, -1));
  if (!lower.endsWith("s")) forms.push(`${word}s`);
  if (/(?:s|x|z|ch|sh)$/.test(lower)) forms.push(`${word}es`);
  return forms;
}

/**
 * What the pool's judge says about a phrase, for one show. `mayScore` is pure and cheap (it
 * rules out phrases that cannot score at all); `scores` is the judge's own verdict.
 */
export type PhraseJudge = {
  mayScore(phrase: string): boolean;
  scores(phrase: string): boolean | Promise<boolean>;
};

export type ScoringOptions = {
  /** The longest phrase asked about, in words. */
  maxWords: number;
  /**
   * How many distinct phrases the judge is asked about at most (it reads the pool for each);
   * any further candidate is redacted unasked, so that a cap can only hide more, never leak.
   */
  maxAsked: number;
};

/**
 * The stretches of `text` that name the show for the judge: every phrase of up to `maxWords`
 * words, also with its last word made singular or plural ("titans" when "titan" scores), that
 * the judge accepts. Shorter phrases are asked first; a phrase overlapping one already found is
 * not asked again (the words left around it are asked on their own).
 */
export async function scoringRanges(
  text: string,
  judge: PhraseJudge,
  { maxWords, maxAsked }: ScoringOptions,
): Promise<{ ranges: Range[]; asked: number }> {
  const tokens = tokenize(text);
  const taken = new Array<boolean>(tokens.length).fill(false);
  const verdicts = new Map<string, boolean>();
  const ranges: Range[] = [];
  let asked = 0;
  for (let size = 1; size <= maxWords; size++) {
    for (let first = 0; first + size <= tokens.length; first++) {
      const last = first + size - 1;
      if (taken.slice(first, last + 1).some(Boolean)) continue;
      if (!joinable(text, tokens, first, last)) continue;
      const words = tokens.slice(first, last + 1).map((token) => token.text);
      const lastWord = words[words.length - 1];
      let found = false;
      for (const form of inflections(lastWord)) {
        const phrase = [...words.slice(0, -1), form].join(" ");
        if (!judge.mayScore(phrase)) continue;
        const key = normalizeTitle(phrase);
        let verdict = verdicts.get(key);
        if (verdict === undefined) {
          verdict = asked < maxAsked ? await judge.scores(phrase) : true;
          asked++;
          verdicts.set(key, verdict);
        }
        if (verdict) {
          found = true;
          break;
        }
      }
      if (!found) continue;
      taken.fill(true, first, last + 1);
      ranges.push({ start: tokens[first].start, end: tokens[last].end });
    }
  }
  return { ranges, asked: Math.min(asked, maxAsked) };
}

const SENTENCE_START = /(?:^|[.!?…]["'”’»)\]]*\s+)["“‘'(«[]*$/u;

/** A sentence's end and what may stand before its next word: the tail SENTENCE_START looks at. */
const SENTENCE_START_WINDOW = 32;

/**
 * Whether the word at `index` opens a sentence, where any word has its capital. Only the few
 * characters before it are looked at, so that asking about every word of a text stays linear.
 */
export function atSentenceStart(text: string, index: number): boolean {
  if (index <= SENTENCE_START_WINDOW) return SENTENCE_START.test(text.slice(0, index));
  // A letter in front: the window's own start is no start of the text.
  return SENTENCE_START.test(`x${text.slice(index - SENTENCE_START_WINDOW, index)}`);
}
/** Neighbouring capitalised words a single hidden name pulls along: "Naruto Uzumaki". */
const MAX_NAME_NEIGHBOURS = 2;

/**
 * A range grows over what would still point at what it hides: the rest of a hyphenated word
 * ("One-Punch"), and, when it hides one capitalised word, the capitalised words right beside it
 * (the rest of a person's name: "Kaguya Shinomiya", "Uzumaki Naruto"), though not a word that
 * starts a sentence before it ("Eventually Naruto…").
 */
function grown(text: string, range: Range): Range {
  let { start, end } = wholeWords(text, range);
  const hidden = text.slice(start, end);
  if (!/^\p{Lu}[\p{L}\p{M}]*$/u.test(hidden)) return { start, end };
  for (let count = 0; count < MAX_NAME_NEIGHBOURS; count++) {
    const after = /^ (\p{Lu}[\p{Ll}\p{M}]+)(?![\p{L}\p{N}])/u.exec(text.slice(end));
    if (after === null) break;
    end += after[0].length;
  }
  for (let count = 0; count < MAX_NAME_NEIGHBOURS; count++) {
    const before = /(?<![\p{L}\p{N}'’])(\p{Lu}[\p{Ll}\p{M}]+) $/u.exec(text.slice(0, start));
    if (before === null || SENTENCE_START.test(text.slice(0, before.index))) break;
    start = before.index;
  }
  return wholeWords(text, { start, end });
}

/** The range over the whole of a hyphenated word it touches ("One-Punch", "Role-Playing"). */
function wholeWords(text: string, range: Range): Range {
  let { start, end } = range;
  for (;;) {
    const before = /[\p{L}\p{N}\p{M}]+[-‐]$/u.exec(text.slice(0, start));
    if (before === null) break;
    start = before.index;
  }
  for (;;) {
    const after = /^[-‐][\p{L}\p{N}\p{M}]+/u.exec(text.slice(end));
    if (after === null) break;
    end += after[0].length;
  }
  return { start, end };
}

/** Two marks with only spaces or a hyphen between them read as one. */
const MARK_GAP = /^[\s\-‐]*$/u;

/**
 * The text with every range replaced by the one mark: ranges grown (see `grown`), overlapping
 * or neighbouring ones joined, and "an" before a mark made "a" (the article would tell that a
 * vowel was hidden).
 */
export function applyRedactions(text: string, ranges: readonly Range[]): string {
  const sorted = ranges
    .filter((range) => range.end > range.start)
    .map((range) => grown(text, range))
    .sort((a, b) => a.start - b.start);
  const joined: Range[] = [];
  for (const range of sorted) {
    const previous = joined[joined.length - 1];
    // (An overlapping range leaves an empty gap.)
    if (previous !== undefined && MARK_GAP.test(text.slice(previous.end, range.start))) {
      previous.end = Math.max(previous.end, range.end);
    } else {
      joined.push({ ...range });
    }
  }
  let result = "";
  let last = 0;
  for (const range of joined) {
    result += text.slice(last, range.start) + REDACTION;
    last = range.end;
  }
  result += text.slice(last);
  return result
    .replace(new RegExp(`${REDACTION}(?:[\\s\\-‐]*${REDACTION})+`, "gu"), REDACTION)
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])([Aa])n(\\s+)(?=${REDACTION})`, "gu"), "$1$2");
}
