// Gendered pronouns become they/them/their, with the verbs after them made to agree.
import { matchCase } from "./replacements";

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

/** An ellipsis inside a sentence ("their own stats... and finds") does not end the clause. */
function endsClause(gap: string, next: string | undefined): boolean {
  if (!/[.!?;:]/.test(gap)) return false;
  return !(/^(?:\.{2,}|…)\s*$/u.test(gap.trim()) && next !== undefined && /^\p{Ll}/u.test(next));
}

/**
 * "they have destroyed the moon, and has promised…", "They live alone, but finally finds a
 * job": a second verb joined by "and" or "but" agrees too. The unmistakable verbs (is, was, has,
 * does) always; another word in "-s" only when what follows it is what follows a verb ("finds a
 * job"), since a word like "things" after "but" may well be a noun.
 */
function agreeCoordinatedVerbs(tokens: string[], from: number): void {
  for (let index = from + 2; index < tokens.length; index += 2) {
    if (
      endsClause(tokens[index - 1], tokens[index]) ||
      /^(?:he|she|it|they|i|we|you)$/i.test(tokens[index])
    )
      return;
    if (
      !/^(?:and|but)$/i.test(tokens[index]) ||
      !/^(?:[\s,]|\.{3}|…)*$/u.test(tokens[index - 1] + tokens[index + 1])
    )
      continue;
    const next = index + 2;
    const verb = tokens[next] !== undefined && isAdverb(tokens[next]) ? next + 2 : next;
    const word = tokens[verb];
    if (word === undefined || !/^\s+$/.test(tokens[verb - 1])) continue;
    const irregular = IRREGULAR_VERBS[word];
    if (irregular !== undefined) {
      tokens[verb] = irregular;
      continue;
    }
    const following = /^\s+$/.test(tokens[verb + 1] ?? "") ? tokens[verb + 2] : undefined;
    const plural = pluralVerb(word);
    if (plural !== null && following !== undefined && OBJECT_FOLLOWERS.has(following.toLowerCase()))
      tokens[verb] = plural;
  }
}

/**
 * he, she, him, her, his, hers, himself, herself → they, them, their, theirs,
 * themselves; the verb after "they" loses its third-person "s" ("they live").
 */
export function neutralizePronouns(sentence: string): string {
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
    if (/^they['’](?:re|ve|d|ll)$/.test(replacement)) agreeCoordinatedVerbs(tokens, index);
    if (replacement !== "they") continue;
    const verb = next !== -1 && isAdverb(tokens[next]) ? nextWordIndex(next) : next;
    const plural = verb === -1 ? null : pluralVerb(tokens[verb]);
    if (plural !== null) tokens[verb] = plural;
    agreeCoordinatedVerbs(tokens, verb === -1 ? index : verb);
  }
  return tokens.join("");
}
