import { useMutation } from "convex/react";
import { useEffect, useState } from "react";
import { api } from "@convex/_generated/api";
import type { DailyGuessOutcome } from "@convex/model/daily/view";
import { errorCodeOf } from "@convex/model/shared/errors";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { messageFor } from "@/lib/errors";
import { notify } from "@/lib/notify";

/** A wrong guess's message shows this long; a refusal's reason long enough to be read. */
const WRONG_MESSAGE_MS = 1500;
const REFUSAL_MESSAGE_MS = 6000;

export type DailyNotice =
  | { kind: "wrong"; guessesLeft: number }
  | { kind: "alreadyTried" }
  | { kind: "refused"; code: Extract<DailyGuessOutcome, { kind: "refused" }>["code"] }
  | { kind: "over" };

/**
 * Sends the typed guess on anime `index` of Daily #`number`: `submitting` meanwhile, a notice of
 * what became of it for a moment (the round's history lists it for good), the box cleared once
 * the guess is judged or found a repeat (unless the player typed on), the login dialog for a
 * lost session.
 */
export function useDailyGuess({
  number,
  index,
  attempt,
  text,
  setText,
}: {
  number: number;
  index: number;
  attempt: number;
  text: string;
  setText: (update: (current: string) => string) => void;
}) {
  const guess = useMutation(api.daily.guess);
  const { openLogin } = useAuthDialog();
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<DailyNotice | null>(null);

  useEffect(() => {
    if (notice === null || notice.kind === "over") return;
    const ms = notice.kind === "refused" ? REFUSAL_MESSAGE_MS : WRONG_MESSAGE_MS;
    const timer = setTimeout(() => setNotice(null), ms);
    return () => clearTimeout(timer);
  }, [notice]);

  async function submit() {
    if (submitting || text.trim() === "") return;
    const submitted = text;
    setSubmitting(true);
    try {
      const outcome = await guess({ number, index, attempt, guess: submitted });
      if (outcome.kind === "wrong") setNotice({ kind: "wrong", guessesLeft: outcome.guessesLeft });
      if (outcome.kind === "alreadyTried") setNotice({ kind: "alreadyTried" });
      if (outcome.kind === "refused") setNotice({ kind: "refused", code: outcome.code });
      if (outcome.kind === "over") setNotice({ kind: "over" });
      if (["wrong", "correct", "outOfGuesses", "alreadyTried"].includes(outcome.kind)) {
        setText((current) => (current === submitted ? "" : current));
      }
    } catch (error) {
      if (errorCodeOf(error) === "NOT_SIGNED_IN") openLogin();
      else {
        if (errorCodeOf(error) === null) console.error("Submitting a Daily guess failed", error);
        await notify("error", messageFor(error, "Failed to submit your guess. Please try again."));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, notice, submit };
}
