import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { acceptedAnswers } from "./match";
import { writeTitleSuggestions } from "./suggestions";
import { isGenericText, isGenericWord } from "./genericWords";
import { normalizeTitle, titleWords } from "./normalize";
import { sequelBase, titleForms, type TitleSource } from "./titleForms";

/**
 * The pool's title index, so the judge can ask the pool two questions in a
 * bounded number of reads, exactly (no search relevance involved):
 * - is this word of a title used by any other franchise? (`word:` rows)
 * - is this text the whole title of some anime? (`name:` rows)
 * One row per (term, anime), indexed by [term, franchiseKey]: the lowest and
 * the highest franchise holding a term are two `.first()` reads.
 */
export type AnimeFields = Omit<Doc<"anime">, "_id" | "_creationTime">;

/** One anime has a few dozen terms; the cap only bounds the read. */
const MAX_TERMS_PER_ANIME = 1_000;
const WORD_PREFIX = "word:";
const NAME_PREFIX = "name:";

export function wordTerm(word: string): string {
  return WORD_PREFIX + word;
}

export function nameTerm(text: string): string {
  return NAME_PREFIX + normalizeTitle(text);
}

/** Colon followed by a space ("Re:ZERO" stays whole) or a dash pair: the segments of a title. */
export const SEGMENT_SEPARATOR = /\s*[:：]\s+|\s+[-‐–—~～]+\s*|\s*[-‐–—~～]+\s+|[~～]/;

/** The whole segments of a title form that may name the show on their own. */
export function titleSegments(form: string): string[] {
  return form
    .split(SEGMENT_SEPARATOR)
    .map((segment) => segment.trim())
    .filter((segment) => normalizeTitle(segment).length >= 4 && !isGenericText(segment));
}

/** Every name a show goes by: its accepted answers and the whole segments of its title forms. */
export function showNames(source: TitleSource & { answers?: readonly string[] }): string[] {
  const names = [...(source.answers ?? acceptedAnswers(source))];
  for (const form of titleForms(source)) names.push(...titleSegments(form));
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = normalizeTitle(name);
    if (key.length === 0 || isGenericText(name) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One key per franchise, so that sequels and films do not count against each
 * other: the first segment of the romaji (else English) title, sequel markers
 * and generic words around it dropped. "Shingeki no Kyojin Season 2" and
 * "Shingeki no Kyojin: The Final Season" both give "shingekinokyojin".
 */
export function franchiseKey(source: TitleSource & { anilistId?: number }): string {
  const title = source.title?.romaji ?? source.title?.english ?? titleForms(source)[0] ?? "";
  const first = sequelBase(title).split(SEGMENT_SEPARATOR)[0] ?? "";
  const words = titleWords(first);
  while (words.length > 0 && isGenericWord(words[words.length - 1])) words.pop();
  while (words.length > 0 && isGenericWord(words[0])) words.shift();
  const key = words.join("");
  return key.length > 0 ? key : `anilist${source.anilistId ?? ""}`;
}

/** The specific (non-generic) words of a show's names. */
export function specificWords(names: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    for (const word of titleWords(name)) if (!isGenericWord(word)) words.add(word);
  }
  return words;
}

/** The index terms of one anime: its specific words and its whole names. */
export function titleTerms(anime: AnimeFields): string[] {
  const names = showNames(anime);
  const terms = new Set<string>();
  for (const word of specificWords(names)) terms.add(wordTerm(word));
  for (const name of names) terms.add(nameTerm(name));
  return [...terms];
}

/** Replaces the index rows of one anime (call after every insert or change of its titles). */
export async function writeTitleTerms(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  anime: AnimeFields,
): Promise<void> {
  const old = await ctx.db
    .query("titleTerms")
    .withIndex("by_animeId", (q) => q.eq("animeId", animeId))
    .take(MAX_TERMS_PER_ANIME);
  for (const row of old) await ctx.db.delete("titleTerms", row._id);
  const key = franchiseKey(anime);
  for (const term of titleTerms(anime).slice(0, MAX_TERMS_PER_ANIME)) {
    await ctx.db.insert("titleTerms", { term, franchiseKey: key, animeId });
  } // The guess box's suggestions follow the same titles (one search-index row per answer).
  await writeTitleSuggestions(ctx, animeId, anime.answers);
}

/** The one way into the pool: the anime and its title index rows. */
export async function insertAnime(ctx: MutationCtx, anime: AnimeFields): Promise<Id<"anime">> {
  const animeId = await ctx.db.insert("anime", { ...anime, franchiseKey: franchiseKey(anime) });
  await writeTitleTerms(ctx, animeId, anime);
  return animeId;
}

/** Replaces an anime already in the pool, and its index rows. */
export async function replaceAnime(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  anime: AnimeFields,
): Promise<void> {
  await ctx.db.replace("anime", animeId, { ...anime, franchiseKey: franchiseKey(anime) });
  await writeTitleTerms(ctx, animeId, anime);
}

/**
 * True when the term belongs to this franchise and to no other in the pool:
 * two reads (lowest and highest franchise holding the term). No row at all
 * (a pool seeded without its index) is not distinctive.
 */
export async function isOnlyFranchise(ctx: QueryCtx, term: string, key: string): Promise<boolean> {
  const lowest = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", term))
    .first();
  if (lowest === null || lowest.franchiseKey !== key) return false;
  const highest = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", term))
    .order("desc")
    .first();
  return highest !== null && highest.franchiseKey === key;
}

/** True when the text is the whole name of some anime in the pool (one read). */
export async function isKnownName(ctx: QueryCtx, text: string): Promise<boolean> {
  const normalized = normalizeTitle(text);
  if (normalized.length === 0) return false;
  const row = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", NAME_PREFIX + normalized))
    .first();
  return row !== null;
}
