import type { Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  MAX_GUESS_LENGTH,
  SUGGEST_CANDIDATES,
  SUGGEST_MIN_CHARS,
  SUGGESTIONS_MAX,
} from "../shared/rules";
import { foldText } from "./normalize";

/**
 * The guess box's typeahead: one `titleSuggestions` row per accepted title and synonym of each
 * anime in the pool, searched by a Convex search index. The list depends on the typed text and
 * the pool only, never on the round: the same letters give the same titles in the same order
 * whatever anime is on screen, so a suggestion hints at nothing.
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
  answers: readonly string[],
): Promise<void> {
  const old = await ctx.db
    .query("titleSuggestions")
    .withIndex("by_animeId", (q) => q.eq("animeId", animeId))
    .take(MAX_SUGGESTION_ROWS_PER_ANIME);
  for (const row of old) await ctx.db.delete("titleSuggestions", row._id);
  const seen = new Set<string>();
  for (const answer of answers.slice(0, MAX_SUGGESTION_ROWS_PER_ANIME)) {
    const text = answer.trim();
    const key = keyOf(text);
    if (key.length === 0 || seen.has(key)) continue;
    seen.add(key);
    await ctx.db.insert("titleSuggestions", { text, animeId });
  }
}

/**
 * Up to 8 titles for what the player typed: titles starting with it first, then titles with a
 * word starting with it, each group alphabetical; a title several anime share appears once.
 */
export async function suggestTitles(ctx: QueryCtx, typed: string): Promise<string[]> {
  const query = typed.trim();
  if (query.length < SUGGEST_MIN_CHARS || query.length > MAX_GUESS_LENGTH) return [];
  const rows = await ctx.db
    .query("titleSuggestions")
    .withSearchIndex("search_text", (q) =>
      q.search("text", query.split(/\s+/).slice(0, MAX_SEARCH_TERMS).join(" ")),
    )
    .take(SUGGEST_CANDIDATES);
  const wanted = keyOf(query);
  const byKey = new Map<string, { text: string; rank: number }>();
  for (const { text } of rows) {
    const key = keyOf(text);
    // Of titles that differ only in case or accents, the same one whichever row came first.
    const kept = byKey.get(key);
    if (kept !== undefined && kept.text <= text) continue;
    const rank = key.startsWith(wanted) ? 0 : key.includes(wanted) ? 1 : 2;
    byKey.set(key, { text, rank });
  }
  return [...byKey.entries()]
    .sort(([keyA, a], [keyB, b]) => a.rank - b.rank || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .slice(0, SUGGESTIONS_MAX)
    .map(([, { text }]) => text);
}
