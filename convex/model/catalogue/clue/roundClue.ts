/**
 * The clue a round shows, made when the round is dealt, against the pool it is dealt from.
 *
 * Which words give a show away depends on the pool: "titan" scores for Attack on Titan only
 * while no other franchise of the pool has that word, and a refresh can take the other one
 * away. A clue checked once, when the catalogue stored it, could go stale; so the stored clue
 * (`anime.clue`, made by `makeClue`, its titles and names already redacted) is checked again by
 * the pool's judge each time it is dealt, and the round keeps the result. The cost is bounded:
 * only phrases that could score are asked (`ShowPhraseJudge.mayScore`), at most
 * MAX_PHRASES_ASKED of them (each a `judgeGuess`: two index reads today), any beyond that
 * redacted unasked; and it reads at most MAX_FRANCHISE_ENTRIES anime of its franchise, whose
 * titles' distinctive words it hides too (sequels and spin-offs of one story are one franchise for
 * the clue as for the judge), and whose first entry lends its story to a clue with nothing to
 * tell. No scheduled work, no write to the pool: a refresh only ever
 * changes what the next deal sees.
 */
import type { Doc } from "../../../_generated/dataModel";
import type { QueryCtx } from "../../../_generated/server";
import { showPhraseJudge, type ShowPhraseJudge } from "../../judge/scoringPhrases";
import { franchiseKey } from "../../judge/titleIndex";
import { clueParts, isInformative } from "./index";
import { applyRedactions, scoringRanges } from "./redact";
import { isMetaSentence, splitSentences } from "./sentences";
import { distinctiveTitleWords, titleWordRanges } from "./titleWords";

/** The longest phrase of a clue asked about: longer names are found by their parts. */
export const MAX_PHRASE_WORDS = 6;
/** Distinct phrases of one clue the judge is asked about, at most; beyond, they are redacted. */
export const MAX_PHRASES_ASKED = 24;
/** The franchise's entries read to find its first one with a clue that tells something. */
export const MAX_FRANCHISE_ENTRIES = 8;

/**
 * The text with every phrase that would score for the show redacted, and every distinctive word
 * of its franchise's titles in any form (`titleWords`): a sibling's words are the show's own.
 */
export async function redactScoring(
  text: string,
  judge: ShowPhraseJudge,
  titleWords: ReadonlySet<string> = new Set(),
): Promise<string> {
  const { ranges } = await scoringRanges(text, judge, {
    maxWords: MAX_PHRASE_WORDS,
    maxAsked: MAX_PHRASES_ASKED,
  });
  return applyRedactions(text, [...ranges, ...titleWordRanges(text, titleWords)]);
}

/**
 * The other entries of the anime's franchise in the pool, first ones first (lowest AniList id,
 * which AniList gives in order of creation): at most MAX_FRANCHISE_ENTRIES reads.
 */
async function franchiseEntries(ctx: QueryCtx, anime: Doc<"anime">): Promise<Doc<"anime">[]> {
  const entries = await ctx.db
    .query("anime")
    .withIndex("by_franchiseKey_and_anilistId", (q) =>
      q.eq("franchiseKey", anime.franchiseKey ?? franchiseKey(anime)),
    )
    .take(MAX_FRANCHISE_ENTRIES);
  return entries.filter((entry) => entry._id !== anime._id);
}

/** The story of the franchise's first other entry whose own clue tells something; null when none does. */
function franchiseStory(entries: readonly Doc<"anime">[]): string | null {
  for (const entry of entries) {
    const { story } = clueParts(entry.clue);
    if (isInformative(story)) return story;
  }
  return null;
}

function isOnlyReleaseNotes(story: string): boolean {
  return splitSentences(story).every(isMetaSentence);
}

/**
 * The clue to deal for `anime`, or null when it has none worth dealing. A stored clue that tells
 * nothing (under MIN_CLUE_WORDS words, or only release notes such as "The second part of ▇▇▇.")
 * gives way to the story of its franchise's first entry, with this anime's own genres; without
 * one, a short story is dealt as it is, and release notes alone are not dealt (null). Either
 * way, the pool's judge has the last word on every phrase.
 */
export async function roundClue(ctx: QueryCtx, anime: Doc<"anime">): Promise<string | null> {
  const judge = showPhraseJudge(ctx, anime);
  const entries = await franchiseEntries(ctx, anime);
  const words = distinctiveTitleWords([anime, ...entries]);
  const { story, genres } = clueParts(anime.clue);
  let told = await redactScoring(story, judge, words);
  if (!isInformative(told)) {
    const borrowed = franchiseStory(entries);
    if (borrowed !== null) told = await redactScoring(borrowed, judge, words);
    else if (isOnlyReleaseNotes(told)) return null;
  }
  const genreLine = genres === null ? null : await redactScoring(genres, judge);
  return [told, genreLine]
    .filter((part): part is string => part !== null && part.length > 0)
    .join("\n");
}
