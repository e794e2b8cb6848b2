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
import { foldText, titleWords } from "./normalize";
import { titleForms, type TitleSource } from "./titleForms";

/**
 * The guess box's typeahead: one `titleSuggestions` row per title and synonym of each anime in
 * the pool, as AniList writes them (never a shortened form the judge derives, such as "Zom:
 * Bucket List of the Dead" from "Zom 100: Bucket List of the Dead"), searched by a Convex
 * search index; a typed acronym ("SAO") also finds the titles it stands for. The list depends
 * on the typed text and the pool only, never on the round: the same letters give the same
 * titles in the same order whatever anime is on screen, so a suggestion hints at nothing.
 */

/** An anime has a handful of accepted titles; the cap only bounds the read. */
const MAX_SUGGESTION_ROWS_PER_ANIME = 200;
/** A Convex search query uses at most 16 terms. */
const MAX_SEARCH_TERMS = 16;

function keyOf(text: string): string {
  return foldText(text).trim();
}

/** Replaces the suggestion rows of one anime (called with its title index rows). */
export async function writeTitleSuggestions(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  anime: TitleSource,
): Promise<void> {
  const old = await ctx.db
    .query("titleSuggestions")
    .withIndex("by_animeId", (q) => q.eq("animeId", animeId))
    .take(MAX_SUGGESTION_ROWS_PER_ANIME);
  for (const row of old) await ctx.db.delete("titleSuggestions", row._id);
  const seen = new Set<string>();
  for (const title of titleForms(anime).slice(0, MAX_SUGGESTION_ROWS_PER_ANIME)) {
    const text = title.trim();
    const key = keyOf(text);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    await ctx.db.insert("titleSuggestions", { text, animeId });
  }
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

/** Every specific word typed ("no gam" → "gam") starts a word of the title. */
function matchesWords(typedWords: readonly string[], text: string): boolean {
  const words = titleWords(text);
  return typedWords.every((typed) => words.some((word) => word.startsWith(typed)));
}

/**
 * Up to 8 titles for what the player typed: the titles of a typed acronym first, then titles
 * starting with it, then titles with a word starting with it, each group alphabetical; a title
 * several anime share appears once. Particles and other generic words alone ("no", "the",
 * "season") match nothing, and a title must hold every other typed word.
 */
export async function suggestTitles(ctx: QueryCtx, typed: string): Promise<string[]> {
  const query = typed.trim();
  if (query.length < SUGGEST_MIN_CHARS || query.length > MAX_GUESS_LENGTH) return [];
  // A number is generic to the judge, yet a fine thing to look a title up by ("86").
  const typedWords = titleWords(query).filter((word) => !isGenericWord(word) || /^\d+$/.test(word));
  if (typedWords.length === 0) return [];
  const rows = await ctx.db
    .query("titleSuggestions")
    .withSearchIndex("search_text", (q) =>
      q.search("text", query.split(/\s+/).slice(0, MAX_SEARCH_TERMS).join(" ")),
    )
    .take(SUGGEST_CANDIDATES);
  const wanted = keyOf(query);
  const byKey = new Map<string, { text: string; rank: number }>();
  const consider = (text: string, rank: number) => {
    const key = keyOf(text);
    // Of titles that differ only in case or accents, the same one whichever row came first.
    const kept = byKey.get(key);
    if (kept !== undefined && (kept.rank < rank || (kept.rank === rank && kept.text <= text))) {
      return;
    }
    byKey.set(key, { text, rank });
  };
  for (const text of await acronymTitles(ctx, query)) consider(text, 0);
  for (const { text } of rows) {
    if (!matchesWords(typedWords, text)) continue;
    const key = keyOf(text);
    consider(text, key.startsWith(wanted) ? 1 : key.includes(wanted) ? 2 : 3);
  }
  return [...byKey.entries()]
    .sort(([keyA, a], [keyB, b]) => a.rank - b.rank || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .slice(0, SUGGESTIONS_MAX)
    .map(([, { text }]) => text);
}
