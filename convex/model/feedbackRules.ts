import type { ErrorCode } from "./errors";

/** Feedback limits shared by the feedback dialog and the server (the spec sets none; §9 defaults). */
export const FEEDBACK_TEXT_MAX_LENGTH = 5_000;
export const FEEDBACK_INTERVAL_MS = 30_000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export type Difficulty = "easy" | "medium" | "hard";

export type FeedbackInput = {
  rating: number;
  difficulty: Difficulty;
  bugReport: string;
  suggestions: string;
  userExperience: string;
};

export const DEFAULT_FEEDBACK: FeedbackInput = {
  rating: 5,
  difficulty: "medium",
  bugReport: "",
  suggestions: "",
  userExperience: "",
};

/**
 * The rule the input breaks, if any. Lengths count UTF-16 code units, as the
 * browser's textarea and the form's counters do.
 */
export function feedbackProblem(input: FeedbackInput): ErrorCode | null {
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
