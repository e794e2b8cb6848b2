/**
 * The Daily's reason to keep an anime out of every other deal: the Challenge and party rooms
 * never deal a member of the Daily's reserve (reserve.ts) nor an anime of today's Daily or
 * tomorrow's (chosen a day early for this), so neither spoils nor answers the other. Kept apart from the puzzle's choice so that the deals, which
 * read it, import nothing of the Daily's play.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { dailyNumberAt } from "../shared/rules";

/** The anime no deal may give anyone now: those of today's and tomorrow's Dailies. */
export type DailyBar = ReadonlySet<Id<"anime">>;

/**
 * Whether the anime is the Daily's: in its reserve (reserve.ts), or one of today's or tomorrow's
 * (`daily`, which holds those chosen before the reserve existed, and a small pool's). No read.
 */
export function isDailys(anime: Doc<"anime">, daily: DailyBar): boolean {
  return anime.reservedSince !== undefined || daily.has(anime._id);
}

/** The Daily #`number`'s document, if chosen yet (one indexed read). */
export async function puzzleOf(ctx: QueryCtx, number: number) {
  return await ctx.db
    .query("dailyPuzzles")
    .withIndex("by_number", (q) => q.eq("number", number))
    .unique();
}

/**
 * Today's and tomorrow's Daily anime, read once per deal and once per game call with a round in
 * play (one indexed range of at most two documents written once a day, so a deal never conflicts
 * with another over them).
 */
export async function dailyBarAt(ctx: QueryCtx, now: number): Promise<DailyBar> {
  const today = dailyNumberAt(now);
  const puzzles = await ctx.db
    .query("dailyPuzzles")
    .withIndex("by_number", (q) => q.gte("number", today).lte("number", today + 1))
    .take(2);
  return new Set<Id<"anime">>(puzzles.flatMap((puzzle) => puzzle.animeIds));
}

/**
 * Whether today's and tomorrow's Dailies (today being Daily #`today`) hold every anime ready,
 * so that no other deal may give anyone anything: the ready anime then, all held (a pool too
 * small to deal, docs/operations.md). Null when any ready anime is outside the Dailies, or none
 * is ready (an empty pool is the fill's to say). At most 3 + the Dailies' anime reads.
 */
export async function poolHeldByDaily(
  ctx: QueryCtx,
  today: number,
): Promise<{ ready: number } | null> {
  const held = new Set<Id<"anime">>();
  for (const number of [today, today + 1]) {
    for (const id of (await puzzleOf(ctx, number))?.animeIds ?? []) held.add(id);
  }
  if (held.size === 0) return null;
  const ready = await ctx.db
    .query("anime")
    .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
    .take(held.size + 1);
  if (ready.length === 0 || ready.some((anime) => !held.has(anime._id))) return null;
  return { ready: ready.length };
}
