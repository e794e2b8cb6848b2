import { defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * The judge's indexes over the pool: title terms, and title prefixes for the suggestions
 * (convex/model/judge/). convex/schema.ts composes the tables and re-exports the validators, so
 * the code imports them from there.
 */

/**
 * The pool's title index for the judge (convex/model/judge/titleIndex.ts): one row
 * per (word or whole name of an anime's titles, anime), with its franchise.
 */
export const titleTermFields = {
  /** "word:titan", "name:attackontitan" or "acronym:aot" (convex/model/judge/titleIndex.ts). */
  term: v.string(),
  franchiseKey: v.string(),
  animeId: v.id("anime"),
};

/**
 * Where a player may start typing a title of an anime in the pool, for the guess box's
 * suggestions (convex/model/judge/suggestions.ts): the title's start, or a later word.
 */
export const titlePrefixFields = {
  /** The title's folded words from there on ("kyojin" of "Shingeki no Kyojin"), cut at PREFIX_KEY_CHARS. */
  key: v.string(),
  /** Whether the key starts at the title's first word. */
  start: v.boolean(),
  /** The title as AniList writes it: what the guess box shows. */
  text: v.string(),
  animeId: v.id("anime"),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const judgeTables = {
  titleTerms: defineTable(titleTermFields)
    .index("by_term_and_franchise", ["term", "franchiseKey"])
    .index("by_animeId", ["animeId"]),
  titlePrefixes: defineTable(titlePrefixFields)
    .index("by_start_and_key", ["start", "key"])
    .index("by_animeId", ["animeId"]),
};
