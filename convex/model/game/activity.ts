import type { MutationCtx } from "../../_generated/server";

export const STATS_SHARDS = 8;

/** The UTC day of `instant` as "YYYY-MM-DD". */
export function utcDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

type Activity = { sessions?: number; guesses?: number; correctGuesses?: number };

/**
 * Adds to today's game-use counters, on one of a few shards. A game session start (the spec's
 * `game_session_start` event) is counted here, where the admin dashboard's chart reads it.
 */
export async function countGameActivity(ctx: MutationCtx, activity: Activity): Promise<void> {
  const day = utcDay(Date.now());
  const shard = Math.floor(Math.random() * STATS_SHARDS);
  const stats = await ctx.db
    .query("gameDailyStats")
    .withIndex("by_day_and_shard", (q) => q.eq("day", day).eq("shard", shard))
    .unique();
  const add = (field: keyof Activity) => (stats?.[field] ?? 0) + (activity[field] ?? 0);
  const counts = {
    sessions: add("sessions"),
    guesses: add("guesses"),
    correctGuesses: add("correctGuesses"),
  };
  if (stats === null) await ctx.db.insert("gameDailyStats", { day, shard, ...counts });
  else await ctx.db.patch("gameDailyStats", stats._id, counts);
}
