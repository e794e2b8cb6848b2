import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";

export const DEFAULT_LEADERBOARD_SIZE = 25;
export const MAX_LEADERBOARD_SIZE = 100;
/** Ranks are counted exactly up to here; beyond, a player is "1000+". */
export const RANK_COUNT_LIMIT = 1000;

export type LeaderboardEntry = { id: Id<"users">; username: string; score: number; rank: number };

/** The best `limit` players by score, reading `limit` documents. Ties share a rank (1, 2, 2, 4). */
export async function topPlayers(ctx: QueryCtx, limit: number): Promise<LeaderboardEntry[]> {
  const wanted = Number.isFinite(limit) ? Math.floor(limit) : DEFAULT_LEADERBOARD_SIZE;
  const size = Math.min(MAX_LEADERBOARD_SIZE, Math.max(1, wanted));
  const users = await ctx.db.query("users").withIndex("by_score").order("desc").take(size);
  const entries: LeaderboardEntry[] = [];
  for (const [index, user] of users.entries()) {
    if (user.username === undefined) continue; // an account still without a profile
    const score = user.score ?? 0;
    const previous = entries.at(-1);
    const rank = previous !== undefined && previous.score === score ? previous.rank : index + 1;
    entries.push({ id: user._id, username: user.username, score, rank });
  }
  return entries;
}

/** A player's rank: 1 + how many score higher, counted up to RANK_COUNT_LIMIT. */
export async function rankOf(ctx: QueryCtx, score: number): Promise<number | "1000+"> {
  const ahead = await ctx.db
    .query("users")
    .withIndex("by_score", (q) => q.gt("score", score))
    .take(RANK_COUNT_LIMIT);
  return ahead.length >= RANK_COUNT_LIMIT ? `${RANK_COUNT_LIMIT}+` : ahead.length + 1;
}
