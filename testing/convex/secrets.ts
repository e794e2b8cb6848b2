/**
 * What names an anime, and the check that nothing a player was shown names one: the Daily's
 * secrecy tests look through every screen and answer a player could collect.
 */
import { expect } from "vitest";
import type { Doc } from "../../convex/_generated/dataModel";

/** Everything that names an anime: its titles, AniList id and page, its cover. */
export function secretsOf(anime: Doc<"anime">): string[] {
  return [
    anime._id,
    String(anime.anilistId),
    anime.siteUrl,
    anime.coverImage,
    ...[anime.title.english, anime.title.romaji, anime.title.native].filter(
      (title): title is string => title !== null,
    ),
    ...anime.synonyms,
  ];
}

/** Fails if anything in `seen` names one of the `secret` anime. */
export function expectNoneOf(secret: Doc<"anime">[], seen: unknown[]) {
  const text = JSON.stringify(seen);
  // Whole names only: "Show 1" is in "Show 12", so each name is matched with its closing quote.
  for (const anime of secret) {
    for (const value of secretsOf(anime)) expect(text).not.toContain(`${value}"`);
  }
}
