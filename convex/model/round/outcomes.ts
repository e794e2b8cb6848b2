import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

/**
 * What a round ends in and shows, in both solo modes (/game and /daily): the outcomes of a guess
 * that every mode shares and the answer a round reveals, as validators (each mode's `returns`
 * composes them), the types inferred from them.
 */

/**
 * What a guess can do in every solo mode (the Challenge, the Daily); each mode adds its own
 * outcomes (a cooldown, a day that is over) and what a correct guess earns.
 */
export const soloGuessOutcomes = [
  /** An empty text: nothing sent. */
  v.object({ kind: v.literal("ignored") }),
  /** A late or repeated submission: changes nothing. */
  v.object({ kind: v.literal("stale") }),
  v.object({ kind: v.literal("noRound") }),
  v.object({ kind: v.literal("roundOver") }),
  v.object({ kind: v.literal("wrong"), guessesLeft: v.number() }),
  v.object({ kind: v.literal("outOfGuesses") }),
  /** Turned away before judging, for free: a list of titles, or common words alone. */
  v.object({
    kind: v.literal("refused"),
    code: v.union(v.literal("GUESS_IS_A_LIST"), v.literal("GUESS_TOO_GENERIC")),
  }),
  /** The same text as an earlier guess on this round: for free, not judged again. */
  v.object({ kind: v.literal("alreadyTried") }),
] as const;

/** A guess's shared outcomes, one type. */
export type SoloGuessOutcome = Infer<(typeof soloGuessOutcomes)[number]>;

export const answerValidator = v.object({
  english: nullable(v.string()),
  romaji: nullable(v.string()),
  siteUrl: v.string(),
});
export type Answer = Infer<typeof answerValidator>;
