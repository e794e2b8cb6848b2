import type { RoundGuess } from "@/components/game/GuessHistory";
import type { GameView } from "@convex/model/game/view";

/** The toast once a contest has reached the server. */
export const CONTEST_SENT = "Sent to the admins";

/**
 * Whether the guess can be contested ("this names it"): a wrong or too-general guess, once its
 * round has ended (the server refuses one in play: a contest must tell nothing then).
 */
export function isContestable(
  round: Pick<NonNullable<GameView["round"]>, "status">,
  guess: RoundGuess,
): boolean {
  const ended = round.status === "solved" || round.status === "outOfGuesses";
  return ended && (guess.outcome === "wrong" || guess.outcome === "tooGeneric");
}
