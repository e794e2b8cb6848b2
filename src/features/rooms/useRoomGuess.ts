import { useMutation } from "convex/react";
import { useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import type { MemberView } from "@convex/model/rooms/view";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import type { RoundGuesses } from "./useRoundGuesses";

type Round = NonNullable<MemberView["round"]>;
export type Feedback = { tone: "good" | "bad" | "info"; text: string } | null;

/**
 * The guess box's text and its Send: a title already tried this round is not sent (it would only
 * spend a guess); each answer goes in the round's list (`guesses`) and the line under the box.
 */
export function useRoomGuess(room: MemberView, round: Round, guesses: RoundGuesses) {
  const guess = useMutation(api.rooms.guess);
  const [text, setText] = useState("");
  const { working: busy, run } = useBusyCall();
  const [feedback, setFeedback] = useState<Feedback>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === "") return;
    if (guesses.tried(text)) {
      guesses.add(text, "alreadyTried");
      setFeedback({ tone: "info", text: "Already tried this round. Your guess was not used" });
      setText("");
      return;
    }
    const sent = await run(
      () => guess({ code: room.code, roundNumber: round.number, guess: text }),
      {
        failure: (error) => messageFor(error, "Your guess could not be sent"),
        toastFailure: false,
        logAs: "Sending a room guess failed",
      },
    );
    if (sent === null) return;
    if (!sent.ok) {
      setFeedback({ tone: "info", text: sent.message });
      return;
    }
    const outcome = sent.value;
    if (outcome.kind === "wrong") {
      guesses.add(text, "wrong");
      setFeedback({ tone: "bad", text: `Not it. ${outcome.guessesLeft} left` });
      setText("");
    } else if (outcome.kind === "outOfGuesses") {
      guesses.add(text, "wrong");
      setFeedback({ tone: "bad", text: "Out of guesses for this round" });
    } else if (outcome.kind === "correct") {
      guesses.add(text, "correct");
      setText("");
    }
  }

  return { text, setText, busy, feedback, submit };
}
