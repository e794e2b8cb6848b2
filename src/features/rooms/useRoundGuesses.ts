import { useState } from "react";
import type { GuessOutcome as ListedOutcome } from "@/components/game/GuessHistory";

/** What a room guess can come to on this page (a room refuses no guess for free on the server). */
export type GuessOutcome = Extract<ListedOutcome, "wrong" | "alreadyTried" | "correct">;
export type GuessEntry = { text: string; outcome: GuessOutcome };

export type RoundGuesses = {
  entries: GuessEntry[];
  /** Whether `text` was already sent this round (case and spacing aside). */
  tried: (text: string) => boolean;
  add: (text: string, outcome: GuessOutcome) => void;
};

const sameGuess = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The player's own guesses in the room's current round, in order, with what each did; a new
 * round starts an empty list. Kept on this page only: nobody else ever sees them.
 */
export function useRoundGuesses(roundNumber: number): RoundGuesses {
  const [state, setState] = useState<{ round: number; entries: GuessEntry[] }>({
    round: roundNumber,
    entries: [],
  });
  const entries = state.round === roundNumber ? state.entries : [];
  return {
    entries,
    tried: (text) =>
      entries.some(
        (entry) => entry.outcome !== "alreadyTried" && sameGuess(entry.text) === sameGuess(text),
      ),
    add: (text, outcome) =>
      setState((old) => ({
        round: roundNumber,
        entries: [
          ...(old.round === roundNumber ? old.entries : []),
          { text: text.trim(), outcome },
        ],
      })),
  };
}
