import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { acceptedAnswers, typoTargets } from "./match";
import { typoTerms } from "./typoIndex";
import { writeTitlePrefixes } from "./suggestions";
import { rowDiff } from "./rowDiff";
import { sameValue } from "../shared/sameValue";
import { acronymTerm, titleAcronyms } from "./acronyms";
import { isLoneEverydayText } from "./everydayWords";
import { isGenericText, isGenericWord, isNumberedTitle, trimGenericEnds } from "./genericWords";
import { foldText, normalizeTitle, titleWords } from "./normalize";
import {
  SEGMENT_SEPARATOR,
  sequelBase,
  splitInstalment,
  titleForms,
  type TitleSource,
} from "./titleForms";

export { SEGMENT_SEPARATOR };

/**
 * The pool's title index, so the judge can ask the pool three questions in a
 * bounded number of reads, exactly (no search relevance involved):
 * - is this word of a title used by any other franchise? (`word:` rows)
 * - is this text the whole title of some anime, and of which franchise? (`name:` rows)
 * - is this abbreviation any other franchise's too? (`acronym:` rows, acronyms.ts)
 * - is this text a typo of some anime's name? (`typo:` rows, typoIndex.ts)
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

/**
 * A name without the generic words at its ends, normalised: "A Silent Voice" and "the silent
 * voice movie" both give "silentvoice". The index holds it beside each name, so that one read
 * tells whether a guess is a name with generic words around it.
 */
export function nameCore(text: string): string {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
  return normalizeTitle(trimGenericEnds(words).join(" "));
}

/** The whole segments of a title form that may name the show on their own. */
export function titleSegments(form: string): string[] {
  return form
    .split(SEGMENT_SEPARATOR)
    .map((segment) => segment.trim())
    .filter((segment) => normalizeTitle(segment).length >= 4 && !isGenericText(segment));
}

/**
 * Every name a show goes by: its accepted answers, the whole segments of its title forms, and
 * the name before a format word ("ONE PIECE" of "ONE PIECE FILM RED"); not a later segment of
 * one everyday word ("Brotherhood" of "Fullmetal Alchemist: Brotherhood"): an everyday word
 * never scores alone. A whole title of one ("ERASED") stays.
 */
export function showNames(source: TitleSource & { answers?: readonly string[] }): string[] {
  const names = [...(source.answers ?? acceptedAnswers(source))];
  for (const form of titleForms(source)) {
    const show = splitInstalment(form.split(SEGMENT_SEPARATOR)[0])?.show;
    if (show !== undefined && titleSegments(show).length > 0) names.push(show);
    const [first, ...later] = titleSegments(form);
    if (first !== undefined) names.push(first);
    names.push(...later.filter((segment) => !isLoneEverydayText(segment)));
  }
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = normalizeTitle(name);
    if (key.length === 0 || seen.has(key)) return false;
    if (isGenericText(name) && !isNumberedTitle(name)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One key per franchise, so that sequels and films do not count against each
 * other: the first segment of the romaji (else English) title, up to a format
 * word ("film", "movie", "season"), sequel markers and generic words around it
 * dropped. "Shingeki no Kyojin Season 2" and "Shingeki no Kyojin: The Final
 * Season" both give "shingekinokyojin", "ONE PIECE FILM RED" gives "onepiece".
 */
export function franchiseKey(source: TitleSource & { anilistId?: number }): string {
  const title = source.title?.romaji ?? source.title?.english ?? titleForms(source)[0] ?? "";
  const first = sequelBase(title).split(SEGMENT_SEPARATOR)[0] ?? "";
  const words = trimGenericEnds(titleWords(splitInstalment(first)?.show ?? first));
  // A title of generic words alone ("No.6") shares its words with no sequel: it is its own.
  const key = isGenericText(words.join(" ")) ? "" : words.join("");
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

/**
 * The index terms of one anime: its specific words, its whole names (and their cores), its
 * acronyms, and the pieces of its names that find their typos (typoIndex.ts).
 */
export function titleTerms(anime: AnimeFields): string[] {
  const names = showNames(anime);
  const terms = new Set<string>();
  for (const word of specificWords(names)) terms.add(wordTerm(word));
  for (const name of names) {
    terms.add(nameTerm(name));
    terms.add(NAME_PREFIX + nameCore(name));
  }
  for (const acronym of titleAcronyms(anime)) terms.add(acronymTerm(acronym));
  for (const target of new Set(names.flatMap(typoTargets))) {
    for (const term of typoTerms(target)) terms.add(term);
  }
  return [...terms];
}

/**
 * Brings the index rows of one anime up to date (call after every insert or change of its
 * titles): deletes the rows it no longer has and inserts the new ones, leaving the rest alone.
 */
export async function writeTitleTerms(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  anime: AnimeFields,
): Promise<void> {
  const old = await ctx.db
    .query("titleTerms")
    .withIndex("by_animeId", (q) => q.eq("animeId", animeId))
    .take(MAX_TERMS_PER_ANIME);
  const key = franchiseKey(anime);
  const wanted = titleTerms(anime)
    .slice(0, MAX_TERMS_PER_ANIME)
    .map((term) => ({ term, franchiseKey: key, animeId }));
  const { stale, missing } = rowDiff(old, wanted, (row) => `${row.term}\n${row.franchiseKey}`);
  for (const row of stale) await ctx.db.delete("titleTerms", row._id);
  for (const row of missing) await ctx.db.insert("titleTerms", row);
  // The guess box's suggestions follow the same titles.
  await writeTitlePrefixes(ctx, animeId, anime);
}

/** The one way into the pool: the anime and its title index rows. */
export async function insertAnime(ctx: MutationCtx, anime: AnimeFields): Promise<Id<"anime">> {
  const animeId = await ctx.db.insert("anime", { ...anime, franchiseKey: franchiseKey(anime) });
  await writeTitleTerms(ctx, animeId, anime);
  return animeId;
}

/**
 * Replaces an anime already in the pool, and the index rows that changed with it. Returns false,
 * writing nothing, when `stored` (the anime as it is now) is the same already but for
 * `updatedAt` (when it last changed: no change on its own).
 */
export async function replaceAnime(
  ctx: MutationCtx,
  stored: Doc<"anime">,
  anime: AnimeFields,
): Promise<boolean> {
  const { _id: animeId, _creationTime, ...current } = stored;
  const next = { ...anime, franchiseKey: franchiseKey(anime) };
  if (sameValue({ ...current, updatedAt: 0 }, { ...next, updatedAt: 0 })) return false;
  await ctx.db.replace("anime", animeId, next);
  await writeTitleTerms(ctx, animeId, anime);
  return true;
}

/**
 * True when the term belongs to this franchise and to no other in the pool:
 * two reads (lowest and highest franchise holding the term). No row at all
 * (a pool seeded without its index) is not distinctive.
 */
export async function isOnlyFranchise(ctx: QueryCtx, term: string, key: string): Promise<boolean> {
  return (await termOnlyIn(ctx, term, key)) === true;
}

/**
 * Whether the term's rows all belong to this franchise (the lowest and the highest franchise
 * holding it, the second read only when the first matches); null when no row has the term.
 */
async function termOnlyIn(ctx: QueryCtx, term: string, key: string): Promise<boolean | null> {
  const lowest = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", term))
    .first();
  if (lowest === null) return null;
  if (lowest.franchiseKey !== key) return false;
  const highest = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", term))
    .order("desc")
    .first();
  return highest !== null && highest.franchiseKey === key;
}

/**
 * True when the text is the whole name of some anime in the pool, generic words around it
 * allowed ("death note season 2"): one read.
 */
export async function isKnownName(ctx: QueryCtx, text: string): Promise<boolean> {
  const core = nameCore(text);
  if (core.length === 0) return false;
  const row = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", NAME_PREFIX + core))
    .first();
  return row !== null;
}

/** True when the text is the whole name of an anime of this franchise (one read). */
export async function isFranchiseName(ctx: QueryCtx, text: string, key: string): Promise<boolean> {
  const core = nameCore(text);
  if (core.length === 0) return false;
  const row = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) =>
      q.eq("term", NAME_PREFIX + core).eq("franchiseKey", key),
    )
    .first();
  return row !== null;
}

/**
 * True when no franchise but this one has the text as a whole name (two reads; true when none
 * has): "BTV", another show's synonym, is that show's, not an acronym of this one.
 */
export async function isNoOtherFranchiseName(
  ctx: QueryCtx,
  text: string,
  key: string,
): Promise<boolean> {
  return (await termOnlyIn(ctx, NAME_PREFIX + nameCore(text), key)) ?? true;
}

/** True when some anime of the pool has this acronym (one read). */
export async function isKnownAcronym(ctx: QueryCtx, acronym: string): Promise<boolean> {
  const row = await ctx.db
    .query("titleTerms")
    .withIndex("by_term_and_franchise", (q) => q.eq("term", acronymTerm(acronym)))
    .first();
  return row !== null;
}
