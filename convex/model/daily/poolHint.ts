/**
 * What the operator's pool report (`catalogue:poolReport`, `catalogue:fillPool`) says about a
 * pool too small for the Daily and the deals beside it: one line, or null when the pool is large
 * enough for everything (docs/operations.md).
 */
import type { QueryCtx } from "../../_generated/server";
import { DAILY_ANIME_COUNT, DAILY_TOMORROW_MIN_POOL, dailyNumberAt } from "../shared/rules";
import { poolHeldByDaily } from "../round/dailyBar";

const FILL = "Fill the pool: npx convex run catalogue:fillPool";

export async function smallPoolHint(ctx: QueryCtx, now: number): Promise<string | null> {
  const ready = (
    await ctx.db
      .query("anime")
      .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
      .take(DAILY_TOMORROW_MIN_POOL)
  ).length;
  if (ready >= DAILY_TOMORROW_MIN_POOL) return null;
  if (ready < DAILY_ANIME_COUNT) {
    return `Only ${ready} anime are ready: the Daily is chosen once ${DAILY_ANIME_COUNT} are. ${FILL}`;
  }
  if ((await poolHeldByDaily(ctx, dailyNumberAt(now))) !== null) {
    return `Only ${ready} anime are ready, and today's and tomorrow's Daily hold them all: the game and rooms deal nothing. ${FILL}`;
  }
  return `Only ${ready} anime are ready: tomorrow's Daily is chosen on its own day rather than a day early until ${DAILY_TOMORROW_MIN_POOL} are. ${FILL}`;
}
