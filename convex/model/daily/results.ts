/**
 * The world's results of each Daily: how everyone did on each of its anime. A player's round
 * that ends inserts a tally (record.ts), once, as it ends; the fold (tallies/fold.ts), the one
 * writer of the results, adds them to one document per Daily. The results query reads only
 * that document and no identity, so Convex shares it between every viewer.
 */
import type { Infer } from "convex/values";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { dailyAnimeResults, type dailyRoundEnd } from "../../schema";
import { DAILY_ANIME_COUNT, DAILY_GUESSES_PER_ANIME } from "../shared/rules";

export type DailyRoundEnd = Infer<typeof dailyRoundEnd>;
export type DailyAnimeResults = Infer<typeof dailyAnimeResults>;

export const dailyResultsValidator = dailyAnimeResults;

export function noResults(): DailyAnimeResults {
  return {
    players: 0,
    solvedIn: Array.from({ length: DAILY_GUESSES_PER_ANIME }, () => 0),
    missed: 0,
  };
}

function added(results: DailyAnimeResults, end: DailyRoundEnd): DailyAnimeResults {
  const solvedIn = [...results.solvedIn];
  if (end.solvedIn >= 1 && end.solvedIn <= solvedIn.length) solvedIn[end.solvedIn - 1] += 1;
  return {
    players: results.players + 1,
    solvedIn,
    missed: results.missed + (end.solvedIn === 0 ? 1 : 0),
  };
}

async function resultsDoc(ctx: QueryCtx, number: number) {
  return await ctx.db
    .query("dailyResults")
    .withIndex("by_number", (q) => q.eq("number", number))
    .unique();
}

/** The fold's part: adds the round ends of a batch to their Dailies' documents. */
export async function foldDailyEnds(ctx: MutationCtx, ends: DailyRoundEnd[]): Promise<void> {
  const byNumber = new Map<number, DailyRoundEnd[]>();
  for (const end of ends) byNumber.set(end.number, [...(byNumber.get(end.number) ?? []), end]);
  for (const [number, batch] of byNumber) {
    const doc = await resultsDoc(ctx, number);
    const anime = Array.from(
      { length: DAILY_ANIME_COUNT },
      (_, index) => doc?.anime[index] ?? noResults(),
    );
    for (const end of batch) {
      if (end.index >= 0 && end.index < anime.length)
        anime[end.index] = added(anime[end.index], end);
    }
    if (doc === null) await ctx.db.insert("dailyResults", { number, anime });
    else await ctx.db.patch("dailyResults", doc._id, { anime });
  }
}

/**
 * How everyone did on anime `index` of Daily #`number` so far (nothing for a Daily nobody has
 * played: one not started yet has no results). Names no anime and no player; reads no clock.
 */
export async function readResults(
  ctx: QueryCtx,
  number: number,
  index: number,
): Promise<DailyAnimeResults> {
  return (await resultsDoc(ctx, number))?.anime[index] ?? noResults();
}
