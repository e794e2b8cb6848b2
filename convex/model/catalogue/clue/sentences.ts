// Sentences: split without breaking at abbreviations or inside quotes; release notes told
// apart from the story; each one finished tidily.
import { capitalize } from "./capitalize";

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
 * upper-case start (or a redaction mark), and not after an abbreviation or an initial ("Dr.",
 * "A.D.", "Monkey D. Luffy") nor inside quoted speech.
 */
export function splitSentences(line: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of line.matchAll(TERMINATOR)) {
    const end = match.index + match[0].length;
    const rest = line.slice(end);
    if (!/^\s+["“‘'(«[]*[\p{Lu}\p{N}\p{Lo}▇]/u.test(rest)) continue;
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
  /(?<![\p{L}])(?:seasons?|cours?|sequel|prequel|episodes?|adaptation|adapting|continuation|installment|instalment|anime\s+project|side[-\s]stor(?:y|ies))(?![\p{L}])/iu;
const MAX_RELEASE_NOTE_LENGTH = 110;

/** "The second season of ▇▇▇." says nothing about the story. */
export function isMetaSentence(sentence: string): boolean {
  if (sentence.length <= MAX_RELEASE_NOTE_LENGTH && RELEASE_WORDS.test(sentence)) return true;
  return sentence.length <= MAX_META_LENGTH && META_SENTENCE.test(sentence);
}

export function finishSentence(sentence: string): string {
  const tidy = sentence
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:!?…])/g, "$1")
    .replace(/([(“«[])\s+/g, "$1")
    .replace(/\(\s*\)/g, "")
    .trim();
  const ended = /[.!?…]["'”’»)\]]*$/u.test(tidy) ? tidy : `${tidy.replace(/[,;:\-–—]+$/u, "")}.`;
  return capitalize(ended);
}
