import type { Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

export const STATS_SHARDS = 8;

export type AnalyticsEventName = "game_session_start" | "beta_registration";

/** The UTC day of `instant` as "YYYY-MM-DD". */
export function utcDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** Records an event caused by the server function that calls this; clients never name events. */
export async function logEvent(
  ctx: MutationCtx,
  userId: Id<"users">,
  name: AnalyticsEventName,
): Promise<void> {
  await ctx.db.insert("analytics_events", { userId, name, timestamp: Date.now() });
}

type Activity = { sessions?: number; guesses?: number; correctGuesses?: number };

/** Adds to today's game-use counters, on one of a few shards. */
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
