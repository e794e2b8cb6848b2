import { useMutation } from "convex/react";
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { api } from "@convex/_generated/api";
import type { GuessOutcome } from "@convex/model/game/view";
import { errorCodeOf } from "@convex/model/shared/errors";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { messageFor } from "@/lib/errors";
import { prefetch } from "@/lib/lazyWithReload";
import { notify } from "@/lib/notify";
import { loadConfetti } from "./loadConfetti";

/** The wrong-guess message shows for 1.5 s. */
export const WRONG_MESSAGE_MS = 1500;
/** A refusal says why in a sentence or two: it stays long enough to be read. */
export const REFUSAL_MESSAGE_MS = 6000;

type Refusal = Extract<GuessOutcome, { kind: "refused" }>["code"];
type Notice =
  | { kind: "wrong"; guessesLeft: number }
  | { kind: "alreadyTried" }
  | { kind: "refused"; code: Refusal };

/**
 * Sends the typed guess for judging: `submitting` meanwhile, the guesses left after a wrong one
 * (or "already tried" after a repeat) for WRONG_MESSAGE_MS, the box cleared once the guess is
 * judged or found a repeat (unless the player has typed on), `onCorrect` for a right one; a
 * refusal's reason for REFUSAL_MESSAGE_MS (in the round's message, where a toast would cover
 * Submit on a phone; the history lists it too); the login dialog for a lost session.
 */
export function useGuessSubmit({
  roundNumber,
  attempt,
  canGuess,
  text,
  setText,
  onCorrect,
}: {
  roundNumber: number;
  /** The guesses the round has used: the server judges each attempt once. */
  attempt: number;
  canGuess: boolean;
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  onCorrect: () => void;
}) {
  const guess = useMutation(api.game.guess);
  const { openLogin } = useAuthDialog();
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (notice === null) return;
    const shownMs = notice.kind === "refused" ? REFUSAL_MESSAGE_MS : WRONG_MESSAGE_MS;
    const timer = setTimeout(() => setNotice(null), shownMs);
    return () => clearTimeout(timer);
  }, [notice]);

  async function submit() {
    if (!canGuess || submitting || text.trim() === "") return;
    const submitted = text;
    setSubmitting(true);
    prefetch(loadConfetti);
    try {
      const outcome = await guess({
        roundNumber,
        attempt,
        guess: submitted,
      });
      if (outcome.kind === "wrong") setNotice({ kind: "wrong", guessesLeft: outcome.guessesLeft });
      if (outcome.kind === "alreadyTried") setNotice({ kind: "alreadyTried" });
      if (outcome.kind === "correct") onCorrect();
      if (
        outcome.kind === "wrong" ||
        outcome.kind === "correct" ||
        outcome.kind === "outOfGuesses" ||
        outcome.kind === "alreadyTried"
      ) {
        // Keep anything the player typed while the guess was being judged.
        setText((current) => (current === submitted ? "" : current));
      }
      // Not used: the typed text stays to be fixed, and the history lists it as not counted.
      if (outcome.kind === "refused") setNotice({ kind: "refused", code: outcome.code });
      // Any other outcome (a duplicate submission, the cooldown) is on screen from the live state.
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "NOT_SIGNED_IN") {
        openLogin();
      } else if (code === "GUESS_TOO_LONG") {
        // Refused before judging: the guess is not used and the typed text stays to be fixed.
        await notify("error", messageFor(error, "One title per guess."));
      } else {
        console.error("Submitting a guess failed", error);
        await notify("error", messageFor(error, "Failed to submit your guess. Please try again."));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return {
    submitting,
    wrongGuessesLeft: notice?.kind === "wrong" ? notice.guessesLeft : null,
    alreadyTried: notice?.kind === "alreadyTried",
    refusal: notice?.kind === "refused" ? notice.code : null,
    submit,
    clearNotice: () => setNotice(null),
  };
}
