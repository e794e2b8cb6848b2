/**
 * What the Daily's public functions return, as validators (`returns`), and the Daily screen a
 * player sees. While a round is being played it carries the clue and a blur step of the cover,
 * never a title or an id; the answer comes with the round's end. Anime after the one reached are
 * not named at all (how many there are is all the screen knows).
 */
import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { dailyRoundStatus, roundGuess } from "../../schema";
import { coverPath } from "../catalogue/covers";
import { answerValidator, soloGuessOutcomes } from "../round/outcomes";
import { DAILY_ANIME_COUNT, DAILY_GUESSES_PER_ANIME, dailyStartOf } from "../shared/rules";
import { puzzleOf } from "../round/dailyBar";
import { streakOn } from "./streak";

export const dailyRoundViewValidator = v.object({
  index: v.number(),
  status: dailyRoundStatus,
  guessesUsed: v.number(),
  clue: v.string(),
  /** The round's random cover address: the blur step its guesses reached, the clear one after. */
  coverPath: v.string(),
  coverColor: nullable(v.string()),
  answer: nullable(answerValidator),
  /** The player's guesses on it in order, with what became of each. */
  guesses: v.array(roundGuess),
});
export type DailyRoundView = Infer<typeof dailyRoundViewValidator>;

export const dailyViewValidator = v.object({
  /** Daily #number, and when it started and the next one starts (00:00 UTC). */
  number: v.number(),
  startsAt: v.number(),
  nextStartsAt: v.number(),
  animeCount: v.number(),
  guessesPerAnime: v.number(),
  /** The rounds the player has reached, in order: every one ended but maybe the last. */
  rounds: v.array(dailyRoundViewValidator),
  /** Every anime played to its end. */
  complete: v.boolean(),
  streak: v.object({ current: v.number(), best: v.number() }),
});
export type DailyView = Infer<typeof dailyViewValidator>;

/**
 * What opening today's Daily did (`daily.open`): opened (its screen), or not chosen yet because
 * fewer than `needed` anime are ready (`ready` of them it could take): "waiting" while the pool
 * is being filled (a refresh runs or covers are being made), "poolTooSmall" when nothing is
 * filling it. The page follows the pool either way and opens the Daily once it can be chosen.
 */
export const dailyOpenOutcomeValidator = v.union(
  v.object({ kind: v.literal("open"), view: dailyViewValidator }),
  v.object({
    kind: v.union(v.literal("waiting"), v.literal("poolTooSmall")),
    ready: v.number(),
    needed: v.number(),
  }),
);
export type DailyOpenOutcome = Infer<typeof dailyOpenOutcomeValidator>;

const over = (status: Doc<"dailyRounds">["status"]) => status !== "playing";

/** What a guess did (`daily.guess`). */
export const dailyGuessOutcomeValidator = v.union(
  ...soloGuessOutcomes,
  /** The Daily's day is over: the next one is on. */
  v.object({ kind: v.literal("over") }),
  v.object({ kind: v.literal("correct"), guessesUsed: v.number() }),
);
export type DailyGuessOutcome = Infer<typeof dailyGuessOutcomeValidator>;

/** What Give up and Next anime did (`daily.giveUp`, `daily.next`). */
export const dailyMoveOutcomeValidator = v.union(
  v.object({ kind: v.literal("done") }),
  v.object({ kind: v.literal("over") }),
  v.object({ kind: v.literal("stale") }),
);
export type DailyMoveOutcome = Infer<typeof dailyMoveOutcomeValidator>;

/** The player's rounds of Daily #`number`, in order (at most the Daily's anime). */
export async function roundsOf(ctx: QueryCtx, userId: Id<"users">, number: number) {
  return await ctx.db
    .query("dailyRounds")
    .withIndex("by_userId_and_number_and_index", (q) => q.eq("userId", userId).eq("number", number))
    .take(DAILY_ANIME_COUNT);
}

/**
 * The Daily screen of Daily #`number` for the player, or null until they have opened it (which
 * only its own day allows: this reads no clock, so the view is cached and live like any other).
 */
export async function dailyView(
  ctx: QueryCtx,
  userId: Id<"users">,
  number: number,
): Promise<DailyView | null> {
  const rounds = await roundsOf(ctx, userId, number);
  if (rounds.length === 0) return null;
  const puzzle = await puzzleOf(ctx, number);
  if (puzzle === null) return null;
  const views: DailyRoundView[] = [];
  for (const round of rounds) {
    const anime = await ctx.db.get("anime", round.animeId);
    views.push({
      index: round.index,
      status: round.status,
      guessesUsed: round.guessesUsed,
      clue: puzzle.clues[round.index] ?? "",
      coverPath: coverPath(round.coverToken, round),
      coverColor: anime?.coverColor ?? null,
      answer:
        over(round.status) && anime !== null
          ? { english: anime.title.english, romaji: anime.title.romaji, siteUrl: anime.siteUrl }
          : null,
      guesses: round.guesses,
    });
  }
  const animeCount = puzzle.animeIds.length;
  return {
    number,
    startsAt: dailyStartOf(number),
    nextStartsAt: dailyStartOf(number + 1),
    animeCount,
    guessesPerAnime: DAILY_GUESSES_PER_ANIME,
    rounds: views,
    complete: views.length === animeCount && views.every((round) => over(round.status)),
    streak: await streakOn(ctx, userId, number),
  };
}
