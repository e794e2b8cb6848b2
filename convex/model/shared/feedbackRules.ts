import type { Infer, ObjectType } from "convex/values";
import type { betaFeedbackFields, feedbackDifficulty } from "../../schema";

/**
 * The beta program's limits and sizes, shared by the feedback dialog, the admin dashboard and the
 * server (the spec sets no limits; these are the defaults chosen).
 */
export const FEEDBACK_TEXT_MAX_LENGTH = 5_000;
export const FEEDBACK_INTERVAL_MS = 30_000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The admin dashboard's game-use chart covers this many UTC days, today included. */
export const GAME_USE_DAYS = 14;
/** The beta program's latest actions (joins, feedback) the dashboard lists. */
export const BETA_ACTIVITY_ITEMS = 8;

export type Difficulty = Infer<typeof feedbackDifficulty>;

/** What the feedback form sends: the stored record without who sent it, when, or the version. */
export type FeedbackInput = Omit<
  ObjectType<typeof betaFeedbackFields>,
  "userId" | "timestamp" | "version"
>;

export const DEFAULT_FEEDBACK: FeedbackInput = {
  rating: 5,
  difficulty: "medium",
  bugReport: "",
  suggestions: "",
  userExperience: "",
};

/** The error codes of the rules below (errors.ts renders their messages from these numbers). */
export type FeedbackProblem = "INVALID_RATING" | "FEEDBACK_TOO_LONG";

/**
 * The rule the input breaks, if any. Lengths count UTF-16 code units, as the
 * browser's textarea and the form's counters do.
 */
export function feedbackProblem(input: FeedbackInput): FeedbackProblem | null {
  const { rating } = input;
  if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) {
    return "INVALID_RATING";
  }
  const texts = [input.bugReport, input.suggestions, input.userExperience];
  if (texts.some((text) => text.length > FEEDBACK_TEXT_MAX_LENGTH)) return "FEEDBACK_TOO_LONG";
  return null;
}

/** Feedback records per dashboard page. */
export const FEEDBACK_PAGE_SIZE = 20;
