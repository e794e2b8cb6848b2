import { defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * The beta program: feedback, its running statistics and testers' actions (convex/model/beta/).
 * convex/schema.ts composes the tables and re-exports the validators, so the code imports them
 * from there.
 */

export const FEEDBACK_VERSION = "1.0.0-beta";

export const feedbackDifficulty = v.union(
  v.literal("easy"),
  v.literal("medium"),
  v.literal("hard"),
);

/** What a beta tester sent from the feedback dialog. */
export const betaFeedbackFields = {
  rating: v.number(),
  difficulty: feedbackDifficulty,
  bugReport: v.string(),
  suggestions: v.string(),
  userExperience: v.string(),
  userId: v.id("users"),
  timestamp: v.number(),
  version: v.literal(FEEDBACK_VERSION),
};

/**
 * Running totals over all feedback (one document), kept by each submission so
 * the dashboard's summary reads one document instead of every record.
 */
export const feedbackStatsFields = {
  count: v.number(),
  ratingTotal: v.number(),
  easy: v.number(),
  medium: v.number(),
  hard: v.number(),
};

export const betaActionType = v.union(
  v.literal("beta_registration"),
  v.literal("feedback_submitted"),
);

/** A beta program action, written by the server function that performed it. */
export const betaAnalyticsFields = {
  userId: v.id("users"),
  actionType: betaActionType,
  data: v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null())),
  timestamp: v.number(),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const betaTables = {
  beta_feedback: defineTable(betaFeedbackFields)
    .index("by_timestamp", ["timestamp"])
    .index("by_userId_and_timestamp", ["userId", "timestamp"]),
  feedbackStats: defineTable(feedbackStatsFields),
  beta_analytics: defineTable(betaAnalyticsFields)
    .index("by_timestamp", ["timestamp"])
    .index("by_userId", ["userId"]),
};
