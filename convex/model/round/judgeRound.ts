/**
 * The judging of one guess on a round in play, as every solo mode (the Challenge, the Daily) runs
 * it: a text already sent on the round and a refused text cost nothing and are noted in the
 * round's history; any other text gets the judge's verdict, which the mode then spends and scores
 * by its own rules.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { judgeGuess } from "../judge/verdict";
import { errorCodeOf } from "../shared/errors";
import { alreadyTried, withGuess, type RoundGuess } from "./history";
import type { SoloGuessOutcome } from "./outcomes";

export type RoundJudgement =
  | Extract<SoloGuessOutcome, { kind: "alreadyTried" | "refused" }>
  | { kind: "judged"; correct: boolean };

/**
 * Judges `text` (already trimmed, not empty) on `round`. A guess that costs nothing goes into the
 * history through `keepGuesses` (given the history to write), unless the history keeps no more
 * such guesses.
 */
export async function judgeRoundGuess(
  ctx: MutationCtx,
  round: { animeId: Id<"anime">; guesses?: RoundGuess[] },
  text: string,
  keepGuesses: (guesses: RoundGuess[]) => Promise<void>,
): Promise<RoundJudgement> {
  const keepFree = async (guess: RoundGuess) => {
    const guesses = withGuess(round, guess);
    if (guesses !== null) await keepGuesses(guesses);
  };
  // A text this round was already sent: answered from the player's own history alone, before
  // the anime is read, so it costs nothing and tells nothing.
  if (alreadyTried(round, text)) {
    await keepFree({ text, outcome: "alreadyTried" });
    return { kind: "alreadyTried" };
  }
  const anime = await ctx.db.get("anime", round.animeId);
  try {
    return { kind: "judged", correct: await judgeGuess(ctx, anime, text) };
  } catch (error) {
    // A refusal depends on the text and the pool only (judge/refusal.ts): kept in the history,
    // where a thrown error would undo the write, and answered as an outcome.
    const code = errorCodeOf(error);
    if (code !== "GUESS_IS_A_LIST" && code !== "GUESS_TOO_GENERIC") throw error;
    await keepFree({ text, outcome: code === "GUESS_IS_A_LIST" ? "list" : "tooGeneric" });
    return { kind: "refused", code };
  }
}
