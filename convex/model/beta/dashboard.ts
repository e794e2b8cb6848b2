import {
  paginationResultValidator,
  type PaginationOptions,
  type PaginationResult,
} from "convex/server";
import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { betaActionType, betaAnalyticsFields, betaFeedbackFields } from "../../schema";
import { normalizeEmail } from "../shared/accounts";
import { STATS_SHARDS } from "../game/activity";
import { utcDay } from "../shared/localTime";
import { isIsoDay } from "../boards/board";
import { NO_FEEDBACK, readFeedbackStats } from "./feedback";
import { appError } from "../shared/errors";
import { BETA_ACTIVITY_ITEMS, FEEDBACK_PAGE_SIZE, GAME_USE_DAYS } from "../shared/feedbackRules";

const DAY_MS = 24 * 60 * 60 * 1000;

const username = nullable(v.string());

/** A feedback record as the dashboard lists it, with its author's current username. */
export const feedbackItemValidator = v.object({
  _id: v.id("beta_feedback"),
  _creationTime: v.number(),
  ...betaFeedbackFields,
  username,
});
export type FeedbackItem = Infer<typeof feedbackItemValidator>;
export const feedbackPageValidator = paginationResultValidator(feedbackItemValidator);

/** Whatever the client asks for, a page reads between 1 and 20 records. */
function pageSize(requested: number): number {
  return Math.max(1, Math.min(Math.floor(requested) || 1, FEEDBACK_PAGE_SIZE));
}

/** A page of feedback, newest first, each with its author's current username. */
export async function listFeedback(
  ctx: QueryCtx,
  paginationOpts: PaginationOptions,
): Promise<PaginationResult<FeedbackItem>> {
  const result = await ctx.db
    .query("beta_feedback")
    .withIndex("by_timestamp")
    .order("desc")
    .paginate({ ...paginationOpts, numItems: pageSize(paginationOpts.numItems) });
  const page = await Promise.all(
    result.page.map(async (feedback) => {
      const author = await ctx.db.get("users", feedback.userId);
      return { ...feedback, username: author?.username ?? null };
    }),
  );
  return { ...result, page };
}

export const gameUseDayValidator = v.object({
  day: v.string(),
  sessions: v.number(),
  guesses: v.number(),
  correctGuesses: v.number(),
  /** Daily anime played to their end (model/tallies/fold.ts). */
  dailyAnime: v.number(),
});
export type GameUseDay = Infer<typeof gameUseDayValidator>;

/**
 * Game use for each of the `GAME_USE_DAYS` UTC days up to `today` (the day the dashboard shows,
 * named by the client: a query's clock would stand still in Convex's cache), oldest first,
 * summed over the shards.
 */
export async function gameUseByDay(ctx: QueryCtx, today: string): Promise<GameUseDay[]> {
  const midnight = Date.parse(`${today}T00:00:00Z`);
  const days = Array.from({ length: GAME_USE_DAYS }, (_, i) =>
    utcDay(midnight - (GAME_USE_DAYS - 1 - i) * DAY_MS),
  );
  const byDay = new Map(
    days.map((day) => [day, { day, sessions: 0, guesses: 0, correctGuesses: 0, dailyAnime: 0 }]),
  );
  const counters = await ctx.db
    .query("gameDailyStats")
    .withIndex("by_day_and_shard", (q) => q.gte("day", days[0]).lte("day", today))
    .take(GAME_USE_DAYS * STATS_SHARDS);
  for (const counter of counters) {
    const total = byDay.get(counter.day);
    if (total === undefined) continue;
    total.sessions += counter.sessions;
    total.guesses += counter.guesses;
    total.correctGuesses += counter.correctGuesses;
    total.dailyAnime += counter.dailyAnime ?? 0;
  }
  return [...byDay.values()];
}

export const betaActivityItemValidator = v.object({
  _id: v.id("beta_analytics"),
  actionType: betaActionType,
  data: betaAnalyticsFields.data,
  timestamp: v.number(),
  username,
});
export type BetaActivityItem = Infer<typeof betaActivityItemValidator>;

/** The latest beta actions from `beta_analytics`, newest first, each with its player's name. */
export async function recentBetaActivity(ctx: QueryCtx): Promise<BetaActivityItem[]> {
  const actions = await ctx.db
    .query("beta_analytics")
    .withIndex("by_timestamp")
    .order("desc")
    .take(BETA_ACTIVITY_ITEMS);
  return await Promise.all(
    actions.map(async ({ _id, actionType, data, timestamp, userId }) => {
      const player = await ctx.db.get("users", userId);
      return { _id, actionType, data, timestamp, username: player?.username ?? null };
    }),
  );
}

export const feedbackSummaryValidator = v.object({
  feedbackCount: v.number(),
  /** Null until someone has sent feedback. */
  averageRating: nullable(v.number()),
  difficultyVotes: v.object({ easy: v.number(), medium: v.number(), hard: v.number() }),
  gameUse: v.array(gameUseDayValidator),
  betaActivity: v.array(betaActivityItemValidator),
});
export type FeedbackSummary = Infer<typeof feedbackSummaryValidator>;

/**
 * What the dashboard charts on the UTC day `today`: reads one totals document, at most
 * GAME_USE_DAYS × STATS_SHARDS counters, and the
 * latest beta actions with their players (2 × 8).
 */
export async function feedbackSummary(ctx: QueryCtx, today: string): Promise<FeedbackSummary> {
  if (!isIsoDay(today)) throw appError("INVALID_DAY");
  const stats = (await readFeedbackStats(ctx)) ?? NO_FEEDBACK;
  return {
    feedbackCount: stats.count,
    averageRating: stats.count === 0 ? null : stats.ratingTotal / stats.count,
    difficultyVotes: { easy: stats.easy, medium: stats.medium, hard: stats.hard },
    gameUse: await gameUseByDay(ctx, today),
    betaActivity: await recentBetaActivity(ctx),
  };
}

/** The account an operator's `admin:setAdmin` changed, and its role now. */
export const adminChangeValidator = v.object({ userId: v.id("users"), isAdmin: v.boolean() });

/** Grants or revokes admin for the account with `email` (operators only: an internal function). */
export async function setAdminByEmail(
  ctx: MutationCtx,
  email: string,
  isAdmin: boolean,
): Promise<Infer<typeof adminChangeValidator>> {
  const user = await ctx.db
    .query("users")
    .withIndex("by_email", (q) => q.eq("email", normalizeEmail(email)))
    .first();
  if (user === null) throw appError("USER_NOT_FOUND");
  await ctx.db.patch("users", user._id, { isAdmin });
  return { userId: user._id, isAdmin };
}
