import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { FEEDBACK_VERSION, type betaAnalyticsFields } from "../../schema";
import { appError } from "../shared/errors";
import {
  FEEDBACK_INTERVAL_MS,
  feedbackProblem,
  type Difficulty,
  type FeedbackInput,
} from "../shared/feedbackRules";
import type { Profile } from "../accounts/users";

type BetaAction = Infer<(typeof betaAnalyticsFields)["actionType"]>;
type BetaActionData = Infer<(typeof betaAnalyticsFields)["data"]>;

async function logBetaAction(
  ctx: MutationCtx,
  userId: Id<"users">,
  actionType: BetaAction,
  data: BetaActionData,
): Promise<void> {
  await ctx.db.insert("beta_analytics", { userId, actionType, data, timestamp: Date.now() });
}

/** What joining returns (`beta.join`): since when the player is a tester, if known. */
export const betaJoinValidator = v.object({ betaJoinDate: nullable(v.number()) });

/** Makes the player a beta tester; joining again changes nothing and logs nothing. */
export async function joinBeta(
  ctx: MutationCtx,
  profile: Profile,
): Promise<Infer<typeof betaJoinValidator>> {
  // A tester flagged on the dashboard may have no join date.
  if (profile.isBetaTester) return { betaJoinDate: profile.betaJoinDate ?? null };
  const betaJoinDate = Date.now();
  await ctx.db.patch("users", profile._id, { isBetaTester: true, betaJoinDate });
  await logBetaAction(ctx, profile._id, "beta_registration", { version: FEEDBACK_VERSION });
  return { betaJoinDate };
}

async function lastFeedbackOf(ctx: MutationCtx, userId: Id<"users">) {
  return await ctx.db
    .query("beta_feedback")
    .withIndex("by_userId_and_timestamp", (q) => q.eq("userId", userId))
    .order("desc")
    .first();
}

/** Stores a tester's feedback, after every rule has passed; nothing is written otherwise. */
export async function submitFeedback(
  ctx: MutationCtx,
  profile: Profile,
  input: FeedbackInput,
): Promise<Id<"beta_feedback">> {
  if (!profile.isBetaTester) throw appError("NOT_BETA_TESTER");
  const problem = feedbackProblem(input);
  if (problem !== null) throw appError(problem);
  const now = Date.now();
  const last = await lastFeedbackOf(ctx, profile._id);
  if (last !== null && now - last.timestamp < FEEDBACK_INTERVAL_MS) {
    throw appError("FEEDBACK_TOO_SOON");
  }

  const feedbackId = await ctx.db.insert("beta_feedback", {
    rating: input.rating,
    difficulty: input.difficulty,
    bugReport: input.bugReport,
    suggestions: input.suggestions,
    userExperience: input.userExperience,
    userId: profile._id,
    timestamp: now,
    version: FEEDBACK_VERSION,
  });
  await addToFeedbackStats(ctx, input);
  await logBetaAction(ctx, profile._id, "feedback_submitted", {
    feedbackId,
    rating: input.rating,
    difficulty: input.difficulty,
  });
  return feedbackId;
}

export type FeedbackStats = Pick<Doc<"feedbackStats">, "count" | "ratingTotal" | Difficulty>;

export const NO_FEEDBACK: FeedbackStats = { count: 0, ratingTotal: 0, easy: 0, medium: 0, hard: 0 };

/** The running totals over all feedback; null before the first submission. */
export async function readFeedbackStats(ctx: QueryCtx): Promise<Doc<"feedbackStats"> | null> {
  return await ctx.db.query("feedbackStats").first();
}

async function addToFeedbackStats(ctx: MutationCtx, { rating, difficulty }: FeedbackInput) {
  const stats = await readFeedbackStats(ctx);
  const current: FeedbackStats = stats ?? NO_FEEDBACK;
  const next: FeedbackStats = {
    count: current.count + 1,
    ratingTotal: current.ratingTotal + rating,
    easy: current.easy,
    medium: current.medium,
    hard: current.hard,
  };
  next[difficulty] += 1;
  if (stats === null) await ctx.db.insert("feedbackStats", next);
  else await ctx.db.patch("feedbackStats", stats._id, next);
}
