import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  MAX_GUESS_LENGTH,
  SUGGEST_CANDIDATES,
  SUGGEST_MIN_CHARS,
  SUGGESTIONS_MAX,
} from "../shared/rules";
import { acronymOf, acronymTerm } from "./acronyms";
import { isGenericWord } from "./genericWords";
import { typoAllowance } from "./match";
import { foldText, normalizeTitle, titleWords } from "./normalize";
import { rowDiff } from "./rowDiff";
import { titleForms, type TitleSource } from "./titleForms";

/**
 * The guess box's typeahead, over the titles and synonyms of each anime in the pool as AniList
 * writes them (never a shortened form the judge derives, such as "Zom: Bucket List of the Dead"
 * from "Zom 100: Bucket List of the Dead"); a typed acronym ("SAO") also finds the titles it
 * stands for. The list depends on the typed text and the pool only, never on the round: the
 * same letters give the same titles in the same order whatever anime is on screen, so a
 * suggestion hints at nothing.
 *
 * The matching is the project's own, by ordinary index ranges over `titlePrefixes`: one row for
 * a title's start and one for each later word a player may start typing from, keyed by the
 * folded words from there on ("kyojin" of "Shingeki no Kyojin"). A typed text matches the rows
 * whose key starts with its folded words, so it behaves the same in the tests and on a Convex
 * deployment (unlike Convex's full-text search, whose tokens, prefix expansion and relevance
 * differ from what the tests can model).
 */

/** A key holds a title's words from one word on, cut here: the match is checked on the text. */
export const PREFIX_KEY_CHARS = 40;
/** Rows of one title: its start and up to this many later words (a title has a handful). */
export const MAX_LATER_WORDS_PER_TITLE = 11;
/** An anime has a handful of titles; the cap bounds the rows (and writes) of one anime. */
export const MAX_PREFIX_ROWS_PER_ANIME = 120;

function keyOf(text: string): string {
  return foldText(text).trim();
}

/** A number is generic to the judge, yet a fine thing to look a title up by ("86"). */
function isSearchWord(word: string): boolean {
  return !isGenericWord(word) || /^\d+$/.test(word);
}

/** At most `PREFIX_KEY_CHARS` characters (whole code points) of the words, space-separated. */
function phrase(words: readonly string[]): string {
  return Array.from(words.join(" ")).slice(0, PREFIX_KEY_CHARS).join("");
}

/** The smallest string after every string starting with `prefix` (in Convex's index order). */
function afterPrefix(prefix: string): string {
  const points = Array.from(prefix);
  const last = points.pop()!.codePointAt(0)! + 1;
  // Code point order is UTF-8 byte order; a surrogate is not a code point a string may hold.
  return points.join("") + String.fromCodePoint(last === 0xd800 ? 0xe000 : last);
}

export type PrefixRow = { key: string; start: boolean; text: string };

/**
 * The prefix rows of one anime: for each of its titles (one per spelling that differs in more
 * than case or accents), its start, and each later word that is not generic ("no", "season").
 */
export function prefixRows(anime: TitleSource): PrefixRow[] {
  const rows: PrefixRow[] = [];
  const titles = new Set<string>();
  for (const title of titleForms(anime)) {
    const text = title.trim();
    const key = keyOf(text);
    const words = titleWords(text);
    if (key.length === 0 || words.length === 0 || titles.has(key)) continue;
    titles.add(key);
    const keys = new Set<string>();
    rows.push({ key: phrase(words), start: true, text });
    for (let at = 1; at < words.length && keys.size < MAX_LATER_WORDS_PER_TITLE; at++) {
      const later = phrase(words.slice(at));
      if (!isSearchWord(words[at]) || keys.has(later)) continue;
      keys.add(later);
      rows.push({ key: later, start: false, text });
    }
  }
  return rows.slice(0, MAX_PREFIX_ROWS_PER_ANIME);
}

/** Brings the prefix rows of one anime up to date, the unchanged left alone (as its index rows). */
export async function writeTitlePrefixes(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  anime: TitleSource,
): Promise<void> {
  const old = await ctx.db
    .query("titlePrefixes")
    .withIndex("by_animeId", (q) => q.eq("animeId", animeId))
    .take(MAX_PREFIX_ROWS_PER_ANIME);
  const wanted = prefixRows(anime).map((row) => ({ ...row, animeId }));
  const { stale, missing } = rowDiff(old, wanted, (row) =>
    JSON.stringify([row.key, row.start, row.text]),
  );
  for (const row of stale) await ctx.db.delete("titlePrefixes", row._id);
  for (const row of missing) await ctx.db.insert("titlePrefixes", row);
}

/**
 * The titles of the anime a typed acronym stands for ("sao" → "Sword Art Online"): the first
 * title of each, from the title index's `acronym:` rows (at most SUGGESTIONS_MAX reads of each).
 */
async function acronymTitles(ctx: QueryCtx, typed: string): Promise<string[]> {
  const acronym = acronymOf(typed);
  if (acronym === null) return [];
  const rows = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", acronymTerm(acronym)))
    .take(SUGGESTIONS_MAX);
  const titles = [];
  for (const { animeId } of rows) {
    const anime = await ctx.db.get("anime", animeId);
    const title = anime === null ? undefined : titleForms(anime)[0];
    if (title !== undefined) titles.push(title.trim());
  }
  return titles;
}

/** The first `count` rows (in key order) whose key starts with `typed`. */
async function rowsStartingWith(
  ctx: QueryCtx,
  start: boolean,
  typed: string,
  count = SUGGEST_CANDIDATES,
) {
  const prefix = phrase([typed]);
  return await ctx.db
    .query("titlePrefixes")
    .withIndex("by_start_and_key", (q) =>
      q.eq("start", start).gte("key", prefix).lt("key", afterPrefix(prefix)),
    )
    .take(count);
}

/** Whether the title's words, from its start or from a later word, begin with `typed`. */
function startsWithPhrase(text: string, typed: string, start: boolean): boolean {
  const words = titleWords(text);
  const from = start ? [0] : Array.from(words.keys()).slice(1);
  return from.some((at) => words.slice(at).join(" ").startsWith(typed));
}

/**
 * The fewest typos that make `typed` the start of `target` (both normalised): the
 * optimal-string-alignment distance of `typed` to `target`'s nearest prefix, as match.ts counts
 * a typo (one letter changed, added, dropped, or two neighbours swapped), or `limit + 1`.
 */
export function prefixTyposWithin(typed: string, target: string, limit: number): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: target.length + 1 }, (_, index) => index);
  for (let i = 1; i <= typed.length; i++) {
    const current = [i];
    for (let j = 1; j <= target.length; j++) {
      const cost = typed[i - 1] === target[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && typed[i - 1] === target[j - 2] && typed[i - 2] === target[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2] + 1);
      }
      current.push(distance);
    }
    if (Math.min(...current) > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(limit + 1, ...previous);
}

/**
 * Titles whose start the typed text is, with the typos the judge forgives a name of its length
 * (match.ts: 1 from 6 letters, 2 from 12): "spirted" → "Spirited Away", "deth note" → "Death
 * Note", asked only when nothing starts with the text as typed. The typos come after the
 * longest start of the text that some title has (found by halving: at most 6 one-row reads), so
 * the titles starting with that are read (one range of SUGGEST_CANDIDATES rows) and each is
 * checked. A typo among the first two letters leaves no such start: those are asked of
 * `firstLetterTypoTitles`. A start so common that more titles have it than that range holds finds
 * nothing: the typeahead only helps, and the judge still forgives it.
 */
async function typoTitles(ctx: QueryCtx, typed: string): Promise<string[]> {
  const limit = typoAllowance(normalizeTitle(typed).length);
  if (limit === 0) return [];
  const typedPoints = Array.from(typed);
  const hasRow = async (length: number) =>
    (await rowsStartingWith(ctx, true, typedPoints.slice(0, length).join(""), 1)).length > 0;
  // The longest start of `typed` some title has (every shorter start has one too).
  let [found, missing] = [0, typedPoints.length];
  while (missing - found > 1) {
    const middle = Math.floor((found + missing) / 2);
    if (await hasRow(middle)) found = middle;
    else missing = middle;
  }
  const near = normalizeTitle(typed);
  const within = ({ text }: PrefixRow) => prefixTyposWithin(near, normalizeTitle(text), limit) <= limit;
  const titles =
    found === 0
      ? []
      : (await rowsStartingWith(ctx, true, typedPoints.slice(0, found).join(""))).filter(within);
  if (titles.length > 0) return titles.map(({ text }) => text);
  return (await firstLetterTypoTitles(ctx, typedPoints)).filter(within).map(({ text }) => text);
}

/** Keys as a QWERTY keyboard lays them out, each row set half a key to the right of the one above. */
const KEY_ROWS = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"];

/** The keys a finger aiming at `key` lands on instead: beside it, and the touching ones above and below. */
export function keyNeighbours(key: string): string[] {
  const row = KEY_ROWS.findIndex((keys) => keys.includes(key));
  if (row === -1) return [];
  const at = KEY_ROWS[row].indexOf(key);
  const near = [
    [row, at - 1],
    [row, at + 1],
    [row - 1, at],
    [row - 1, at + 1],
    [row + 1, at - 1],
    [row + 1, at],
  ];
  return near.flatMap(([r, c]) => (c < 0 ? [] : (KEY_ROWS[r]?.[c] ?? [])));
}

/** Letters of a variant's start that must begin some title for its titles to be read. */
const VARIANT_START_CHARS = 3;
/** Variants whose titles are read (a range each): the likeliest first, as `variants` orders them. */
const MAX_VARIANT_RANGES = 2;

/**
 * Candidate titles for a text whose typo is among its first two letters, which no title starts
 * with: the texts it would be with that typo undone (the first two swapped, the first dropped, the
 * first a neighbouring key's), each looked up by its first letters (one row each, at most 8), and
 * the titles of the first two found read (a range each). "dpirited" → "spirited" → "Spirited
 * Away". A first letter left out is not guessed back (any of 36 keys).
 */
async function firstLetterTypoTitles(ctx: QueryCtx, typed: readonly string[]) {
  if (typed.length <= VARIANT_START_CHARS) return [];
  const [first, second, ...rest] = typed;
  const variants = [
    [second, first, ...rest],
    [second, ...rest],
    ...keyNeighbours(first).map((key) => [key, second, ...rest]),
  ].map((points) => points.slice(0, VARIANT_START_CHARS).join(""));
  const rows: PrefixRow[] = [];
  let ranges = 0;
  for (const start of new Set(variants)) {
    if (start.trim().length < VARIANT_START_CHARS || ranges === MAX_VARIANT_RANGES) continue;
    if ((await rowsStartingWith(ctx, true, start, 1)).length === 0) continue;
    ranges += 1;
    rows.push(...(await rowsStartingWith(ctx, true, start)));
  }
  return rows;
}

/**
 * Up to 8 titles for what the player typed: the titles of a typed acronym first, then titles
 * starting with the typed words, then titles with a later word starting with them (generic
 * words typed first left out: "the of kyo" looks for "kyo"), each group alphabetical; a title
 * several anime share, or one show writes twice but for punctuation, appears once. When nothing
 * starts with the text, titles it starts with typos forgiven (typoTitles). Particles and other
 * generic words alone ("no", "the", "season") match nothing. Reads at most three index ranges
 * of `SUGGEST_CANDIDATES` rows and the acronym's anime, then, for typos, at most 6 rows and one
 * more range, and for a typo among the first two letters at most 8 rows and two ranges more.
 */
export async function suggestTitles(ctx: QueryCtx, typed: string): Promise<string[]> {
  const query = typed.trim();
  if (query.length < SUGGEST_MIN_CHARS || query.length > MAX_GUESS_LENGTH) return [];
  const words = titleWords(query);
  const first = words.findIndex(isSearchWord);
  if (first === -1) return [];
  const whole = words.join(" ");
  const fromSpecific = words.slice(first).join(" ");
  const byKey = new Map<string, { text: string; rank: number }>();
  const consider = (text: string, rank: number) => {
    // Titles that differ only in case, accents or punctuation ("Liar Liar", "Liar, Liar") are
    // one suggestion, the same one whichever row came first.
    const key = normalizeTitle(text);
    const kept = byKey.get(key);
    if (kept !== undefined && (kept.rank < rank || (kept.rank === rank && kept.text <= text))) {
      return;
    }
    byKey.set(key, { text, rank });
  };
  for (const text of await acronymTitles(ctx, query)) consider(text, 0);
  const ranges: [boolean, string, number][] = [[true, whole, 1]];
  if (fromSpecific !== whole) ranges.push([true, fromSpecific, 2]);
  ranges.push([false, fromSpecific, 2]);
  for (const [start, phraseTyped, rank] of ranges) {
    for (const { text } of await rowsStartingWith(ctx, start, phraseTyped)) {
      // A key is cut at PREFIX_KEY_CHARS: a longer typed text is checked on the title itself.
      if (startsWithPhrase(text, phraseTyped, start)) consider(text, rank);
    }
  }
  if (byKey.size === 0) for (const text of await typoTitles(ctx, whole)) consider(text, 3);
  return [...byKey.entries()]
    .sort(([keyA, a], [keyB, b]) => a.rank - b.rank || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .slice(0, SUGGESTIONS_MAX)
    .map(([, { text }]) => text);
}
