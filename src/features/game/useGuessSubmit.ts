import { useMutation } from "convex/react";
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { api } from "@convex/_generated/api";
import { errorCodeOf } from "@convex/model/shared/errors";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { messageFor } from "@/lib/errors";
import { prefetch } from "@/lib/lazyWithReload";
import { notify } from "@/lib/notify";
import { loadConfetti } from "./loadConfetti";

/** The wrong-guess message shows for 1.5 s. */
export const WRONG_MESSAGE_MS = 1500;

/**
 * Sends the typed guess for judging: `submitting` meanwhile, the guesses left after a wrong one
 * for WRONG_MESSAGE_MS, the box cleared once the guess is judged (unless the player has typed on),
 * `onCorrect` for a right one; a refusal is a toast, or the login dialog for a lost session.
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
  const [wrong, setWrong] = useState<{ guessesLeft: number } | null>(null);

  useEffect(() => {
    if (wrong === null) return;
    const timer = setTimeout(() => setWrong(null), WRONG_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [wrong]);

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
      if (outcome.kind === "wrong") setWrong({ guessesLeft: outcome.guessesLeft });
      if (outcome.kind === "correct") onCorrect();
      if (
        outcome.kind === "wrong" ||
        outcome.kind === "correct" ||
        outcome.kind === "outOfGuesses"
      ) {
        // Keep anything the player typed while the guess was being judged.
        setText((current) => (current === submitted ? "" : current));
      }
      // Any other outcome (a duplicate, the cooldown) is already on screen from the live state.
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "NOT_SIGNED_IN") {
        openLogin();
      } else if (
        code === "GUESS_IS_A_LIST" ||
        code === "GUESS_TOO_GENERIC" ||
        code === "GUESS_TOO_LONG"
      ) {
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
    wrongGuessesLeft: wrong?.guessesLeft ?? null,
    submit,
    clearWrong: () => setWrong(null),
  };
}
