import { useMutation } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { errorMessages } from "@convex/model/shared/errors";
import {
  DEFAULT_FEEDBACK,
  feedbackProblem,
  type FeedbackInput,
} from "@convex/model/shared/feedbackRules";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * The feedback form's answers and their sending: the rules' check before any call (a refusal
 * shows in the form), a toast either way, and `onDone` once the feedback is stored.
 */
export function useFeedbackSubmit(onDone: () => void) {
  const submitFeedback = useMutation(api.beta.submitFeedback);
  const [input, setInput] = useState<FeedbackInput>(DEFAULT_FEEDBACK);
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();

  function update(change: Partial<FeedbackInput>) {
    setInput((current) => ({ ...current, ...change }));
  }

  async function submit() {
    if (working) return;
    const problem = feedbackProblem(input);
    if (problem !== null) {
      setError(errorMessages[problem]);
      return;
    }
    setError(null);
    const outcome = await run(() => submitFeedback(input), {
      success: "Thank you for your feedback!",
      failure: (cause) => messageFor(cause, "Failed to submit feedback. Please try again."),
      logAs: "Submitting feedback failed",
    });
    if (outcome?.ok === true) onDone();
    else if (outcome) setError(outcome.message);
  }

  return { input, update, error, working, submit };
}
