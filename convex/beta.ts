import { v } from "convex/values";
import { playerMutation } from "./functions";
import * as Feedback from "./model/beta/feedback";
import { feedbackDifficulty } from "./schema";

/** Joins the beta program; there is no way to leave it. */
export const join = playerMutation({
  args: {},
  returns: Feedback.betaJoinValidator,
  handler: async (ctx) => await Feedback.joinBeta(ctx, ctx.profile),
});

/** A beta tester's feedback; limits in model/shared/feedbackRules.ts. */
export const submitFeedback = playerMutation({
  args: {
    rating: v.number(),
    difficulty: feedbackDifficulty,
    bugReport: v.string(),
    suggestions: v.string(),
    userExperience: v.string(),
  },
  returns: v.id("beta_feedback"),
  handler: async (ctx, input) => await Feedback.submitFeedback(ctx, ctx.profile, input),
});
