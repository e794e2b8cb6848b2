/**
 * Names admins accepted for an anime from players' contests: alternative titles kept apart from
 * what AniList sends, so that each catalogue refresh, which replaces the anime's titles, adds
 * them back (catalogue/refresh.ts). Accepted, a name is one more synonym: the judge's answers and
 * index, the guess box's suggestions and the clue's redaction at deal time all read synonyms.
 */
import type { Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { acceptedAnswers } from "../judge/match";
import { normalizeTitle } from "../judge/normalize";
import { titleForms, type TitleSource } from "../judge/titleForms";
import { ACCEPTED_NAMES_PER_ANIME } from "../shared/rules";

type Titled = { title: NonNullable<TitleSource["title"]>; synonyms: string[]; answers: string[] };

/**
 * The anime's fields with `names` among its synonyms (those it does not go by already), and its
 * answers made again from them as the catalogue makes them (anilist.ts). Unchanged when every
 * name is there already, so a refresh that sends the anime as it was still writes nothing.
 */
export function withAcceptedNames<T extends Titled>(fields: T, names: readonly string[]): T {
  const known = new Set(titleForms(fields).map(normalizeTitle));
  const added = names.filter((name) => {
    const key = normalizeTitle(name);
    if (key.length === 0 || known.has(key)) return false;
    known.add(key);
    return true;
  });
  if (added.length === 0) return fields;
  const synonyms = [...fields.synonyms, ...added];
  return { ...fields, synonyms, answers: acceptedAnswers({ title: fields.title, synonyms }) };
}

/** The names accepted for the anime (at most ACCEPTED_NAMES_PER_ANIME: one bounded read). */
export async function acceptedNamesOf(ctx: QueryCtx, animeId: Id<"anime">): Promise<string[]> {
  const accepted = await ctx.db
    .query("contests")
    .withIndex("by_animeId_and_status", (q) => q.eq("animeId", animeId).eq("status", "accepted"))
    .take(ACCEPTED_NAMES_PER_ANIME);
  return accepted.map((contest) => contest.name);
}
