import type { MutationCtx } from "@convex/_generated/server";
import { parseCataloguePage, type CatalogueItem } from "@convex/model/catalogue/anilist";
import { CLAIM_CODE_VALID_MINUTES } from "@convex/model/shared/claimRules";
import { insertTestAnime } from "../../../tests/support/testCovers";
import sample from "./anilist-sample.json";

/**
 * The offline preview's anime: 24 real entries of AniList's API, stored in its own response
 * shape (`data.Page.media`), read by the catalogue's own parser, so each gets the clue and the
 * accepted answers a refresh would give it. The text is AniList's (and its sources'); the covers
 * are the tests' generated posters, since nothing may be fetched offline.
 */
export function offlineCatalogue(): CatalogueItem[] {
  return parseCataloguePage(sample).items;
}

/** Stores the offline catalogue in an empty pool, covers made, as a finished refresh leaves it. */
export async function seedOfflinePool(ctx: MutationCtx): Promise<number> {
  const items = offlineCatalogue();
  for (const [index, item] of items.entries()) {
    await insertTestAnime(ctx, {
      ...item,
      randomRank: (index + 0.5) / items.length,
      updatedAt: Date.now(),
    });
  }
  return items.length;
}

/** Printed when the offline preview starts. */
export function offlinePreviewHelp({
  code,
  origin,
  controlPath,
}: {
  code: string;
  origin: string;
  controlPath: string;
}): string {
  return [
    "",
    `  Offline preview: the project's Convex functions run in this process, on ${offlineCatalogue().length} AniList anime.`,
    "  Data lives in memory and is lost on restart.",
    `  To become admin: sign up, open ${origin}/make-admin and enter ${code}`,
    `  (it works once, for ${CLAIM_CODE_VALID_MINUTES} minutes). Another code:`,
    `  curl -X POST ${origin}${controlPath}`,
    "",
  ].join("\n");
}
