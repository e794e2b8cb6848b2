import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { roundGuess, roundStatus } from "../../schema";
import { coverPath } from "../catalogue/covers";
import { answerValidator, soloGuessOutcomes, type Answer } from "../round/outcomes";
import { gameOf, type Game } from "./state";
import { CHALLENGE_GUESSES, GUESSES_PER_ANIME, showsAnswer } from "../shared/rules";

/**
 * What the game's public functions return, as validators (`returns`), the types inferred from
 * them: the client and the server read one definition.
 */

const cooldown = v.object({ kind: v.literal("cooldown"), cooldownEnd: v.number() });

/** What a guess did (`game.guess`). */
export const guessOutcomeValidator = v.union(
  ...soloGuessOutcomes,
  cooldown,
  v.object({ kind: v.literal("correct"), points: v.number() }),
);
export type GuessOutcome = Infer<typeof guessOutcomeValidator>;

/** What Skip / Next Anime did (`game.next`); "nothingElse": the pool holds only the anime on screen. */
export const nextOutcomeValidator = v.union(
  v.object({ kind: v.literal("dealt") }),
  v.object({ kind: v.literal("stale") }),
  v.object({ kind: v.literal("poolEmpty") }),
  v.object({ kind: v.literal("nothingElse") }),
  cooldown,
);
export type NextOutcome = Infer<typeof nextOutcomeValidator>;

/** What opening the game did (`game.start`): whether a round is on the table. */
export const startOutcomeValidator = v.object({ hasRound: v.boolean() });
export type StartOutcome = Infer<typeof startOutcomeValidator>;

/**
 * What the game screen shows. While a round is playing it carries the clue and the cover but
 * never a title, a synonym or the AniList id; the answer appears once the round has ended.
 */
export const gameViewValidator = v.object({
  score: v.number(),
  dailyRemaining: v.number(),
  animeRemaining: v.number(),
  dailyLimit: v.number(),
  animeLimit: v.number(),
  cooldownEnd: nullable(v.number()),
  nextResetAt: v.number(),
  /** When the allowance last came back at midnight: the screen says so when it changes. */
  lastReset: v.number(),
  round: nullable(
    v.object({
      number: v.number(),
      status: roundStatus,
      guessesUsed: v.number(),
      pointsEarned: nullable(v.number()),
      /** Dealt again after its answer was shown: a right guess scores nothing. */
      seenBefore: v.boolean(),
      /**
       * Dealt by the midnight reset in place of the round then on screen: the player did not skip
       * that one (`skippedAnswer` is then the answer of the round the reset replaced).
       */
      dealtAtReset: v.boolean(),
      clue: v.string(),
      /**
       * A random address per round (see catalogue/covers.ts), never AniList's: it names the blur step
       * shown (by the guesses used on this anime) or, once the round has ended, the clear cover.
       * None for a withdrawn round.
       */
      coverPath: nullable(v.string()),
      coverColor: nullable(v.string()),
      answer: nullable(answerValidator),
      /**
       * The round's guesses in order, with what became of each: the player's own texts. A
       * "correct" one is there only once the round has ended, with the answer beside it.
       */
      guesses: v.array(roundGuess),
    }),
  ),
  skippedAnswer: nullable(answerValidator),
});
export type GameView = Infer<typeof gameViewValidator>;

function answerOf(anime: Doc<"anime"> | null): Answer | null {
  return anime === null
    ? null
    : { english: anime.title.english, romaji: anime.title.romaji, siteUrl: anime.siteUrl };
}

/**
 * The guesses the anime on screen got: GUESSES_PER_ANIME, or fewer when it was dealt near the end
 * of the day's allowance (a deal gives it only what the day has left), so that its counter reads
 * "3/4", not "3/5". Those used plus those left, at most GUESSES_PER_ANIME: a round still in play
 * when the allowance resets gets a whole GUESSES_PER_ANIME again.
 */
function animeAllowance(game: Game): number {
  const used = game.round?.guessesUsed ?? 0;
  return Math.min(GUESSES_PER_ANIME, used + game.animeRemaining);
}

/** The game screen for `user`; null until the game has been opened once. */
export async function gameView(ctx: QueryCtx, user: Doc<"users">): Promise<GameView | null> {
  const game = await gameOf(ctx, user._id);
  if (game === null) return null;
  const round = game.round;
  const anime = round === null ? null : await ctx.db.get("anime", round.animeId);
  const previous =
    game.previousRound?.status === "skipped"
      ? await ctx.db.get("anime", game.previousRound.animeId)
      : null;
  return {
    score: user.score,
    dailyRemaining: game.dailyRemaining,
    animeRemaining: game.animeRemaining,
    dailyLimit: CHALLENGE_GUESSES,
    animeLimit: animeAllowance(game),
    cooldownEnd: game.cooldownEnd,
    nextResetAt: game.nextResetAt,
    lastReset: game.lastReset,
    round:
      round === null || anime === null
        ? null
        : {
            number: round.number,
            status: round.status,
            guessesUsed: round.guessesUsed,
            pointsEarned: round.pointsEarned ?? null,
            seenBefore: round.seenBefore === true,
            dealtAtReset: round.dealtAtReset === true && game.previousRound !== null,
            clue: round.clue ?? anime.clue,
            coverPath:
              game.coverToken === undefined || round.status === "withdrawn"
                ? null
                : coverPath(game.coverToken, round),
            coverColor: anime.coverColor ?? null,
            answer: showsAnswer(round.status) ? answerOf(anime) : null,
            guesses: round.guesses ?? [],
          },
    skippedAnswer: answerOf(previous),
  };
}
