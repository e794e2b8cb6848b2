/**
 * A player's moves in the Daily: opening today's, a guess, Give up, Next anime. Each reads and
 * writes the player's own documents (their rounds, their streak, their seen record) and reads the
 * once-a-day puzzle; what the world's results need goes into a tally, once per round that ends.
 * Nothing here touches the Challenge's allowance, score or boards: the Daily is unranked.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { newCoverToken } from "../catalogue/covers";
import { withGuess } from "../round/history";
import { judgeRoundGuess } from "../round/judgeRound";
import { markSeen } from "../round/seen";
import { guessText } from "../judge/refusal";
import { ensurePool } from "../catalogue/refresh";
import { DAILY_ANIME_COUNT, DAILY_GUESSES_PER_ANIME, dailyNumberAt } from "../shared/rules";
import { utcDay } from "../shared/localTime";
import { recordTally } from "../tallies/record";
import { puzzleOf } from "../round/dailyBar";
import { ensureTodayAndTomorrow } from "./puzzle";
import { completeDaily } from "./streak";
import {
  dailyView,
  roundsOf,
  type DailyGuessOutcome,
  type DailyMoveOutcome,
  type DailyOpenOutcome,
} from "./view";

type DailyRound = Doc<"dailyRounds">;

async function roundAt(ctx: MutationCtx, userId: Id<"users">, number: number, index: number) {
  return await ctx.db
    .query("dailyRounds")
    .withIndex("by_userId_and_number_and_index", (q) =>
      q.eq("userId", userId).eq("number", number).eq("index", index),
    )
    .unique();
}

async function startRound(
  ctx: MutationCtx,
  userId: Id<"users">,
  puzzle: Doc<"dailyPuzzles">,
  index: number,
  now: number,
): Promise<void> {
  await ctx.db.insert("dailyRounds", {
    userId,
    number: puzzle.number,
    index,
    animeId: puzzle.animeIds[index],
    status: "playing",
    guessesUsed: 0,
    guesses: [],
    startedAt: now,
    coverToken: newCoverToken(),
  });
}

/**
 * Opens today's Daily (choosing it, and tomorrow's, if the cron has not yet) and deals its first
 * anime on the player's first visit. While the pool cannot fill a Daily, says so instead: an
 * empty pool starts its fill (or joins it) here, and nothing after that throws, which would roll
 * the fill back.
 */
export async function openDaily(ctx: MutationCtx, userId: Id<"users">): Promise<DailyOpenOutcome> {
  const now = Date.now();
  const choice = await ensureTodayAndTomorrow(ctx, now);
  if (choice.kind === "short") {
    await ensurePool(ctx);
    const kind = (await poolFilling(ctx)) ? "waiting" : "poolTooSmall";
    return { kind, ready: choice.usable, needed: DAILY_ANIME_COUNT };
  }
  const { puzzle } = choice;
  if ((await roundsOf(ctx, userId, puzzle.number)).length === 0) {
    await startRound(ctx, userId, puzzle, 0, now);
  }
  return { kind: "open", view: (await dailyView(ctx, userId, puzzle.number))! };
}

/**
 * Whether more anime may become ready by themselves: the latest refresh is running, or covers
 * wait in the queue (two reads).
 */
async function poolFilling(ctx: MutationCtx): Promise<boolean> {
  const refresh = await ctx.db.query("catalogueRefreshes").order("desc").first();
  if (refresh?.status === "running") return true;
  const queued = await ctx.db
    .query("anime")
    .withIndex("by_coverQueue", (q) => q.gte("coverQueue", 0))
    .first();
  return queued !== null;
}

/**
 * Ends a round (solved, out of guesses or given up): the answer is the player's now (seen, so the
 * Challenge never scores it for them), the world's results get one tally for it, and the last
 * anime's end completes the Daily for the streak. Runs once per round: only a round in play ends.
 */
async function endRound(
  ctx: MutationCtx,
  round: DailyRound,
  solvedIn: number,
  now: number,
): Promise<void> {
  await markSeen(ctx, round.userId, round.animeId, now);
  await recordTally(
    ctx,
    { day: utcDay(now), daily: { number: round.number, index: round.index, solvedIn } },
    round.userId,
  );
  const puzzle = await puzzleOf(ctx, round.number);
  if (puzzle !== null && round.index === puzzle.animeIds.length - 1) {
    await completeDaily(ctx, round.userId, round.number);
  }
}

/**
 * Judges a guess on anime `index` of Daily #`number`, after `attempt` earlier guesses on it, as
 * the Challenge's judge does (its refusals and a repeated text are free). A late or repeated
 * submission changes nothing; so does one for a Daily whose day is over.
 */
export async function guessDaily(
  ctx: MutationCtx,
  userId: Id<"users">,
  args: { number: number; index: number; attempt: number; guess: string },
): Promise<DailyGuessOutcome> {
  const text = guessText(args.guess);
  if (text === "") return { kind: "ignored" };
  const now = Date.now();
  if (args.number !== dailyNumberAt(now)) return { kind: "over" };
  const round = await roundAt(ctx, userId, args.number, args.index);
  if (round === null) return { kind: "noRound" };
  if (round.status !== "playing") return { kind: "roundOver" };
  if (round.guessesUsed !== args.attempt) return { kind: "stale" };
  const judgement = await judgeRoundGuess(ctx, round, text, (guesses) =>
    ctx.db.patch("dailyRounds", round._id, { guesses }),
  );
  if (judgement.kind !== "judged") return judgement;
  const correct = judgement.correct;
  const guessesUsed = round.guessesUsed + 1;
  const status = correct
    ? "solved"
    : guessesUsed >= DAILY_GUESSES_PER_ANIME
      ? "outOfGuesses"
      : "playing";
  await ctx.db.patch("dailyRounds", round._id, {
    guessesUsed,
    status,
    guesses: withGuess(round, { text, outcome: correct ? "correct" : "wrong" })!,
    ...(status === "playing" ? {} : { endedAt: now }),
  });
  if (status !== "playing") await endRound(ctx, round, correct ? guessesUsed : 0, now);
  if (correct) return { kind: "correct", guessesUsed };
  if (status === "outOfGuesses") return { kind: "outOfGuesses" };
  return { kind: "wrong", guessesLeft: DAILY_GUESSES_PER_ANIME - guessesUsed };
}

/** Give up on anime `index` of today's Daily: revealed, and counted as missed. */
export async function giveUpDaily(
  ctx: MutationCtx,
  userId: Id<"users">,
  { number, index }: { number: number; index: number },
): Promise<DailyMoveOutcome> {
  const now = Date.now();
  if (number !== dailyNumberAt(now)) return { kind: "over" };
  const round = await roundAt(ctx, userId, number, index);
  if (round === null || round.status !== "playing") return { kind: "stale" };
  await ctx.db.patch("dailyRounds", round._id, { status: "gaveUp", endedAt: now });
  await endRound(ctx, round, 0, now);
  return { kind: "done" };
}

/** Next anime: deals anime `index + 1` of today's Daily once anime `index` has ended. */
export async function nextDaily(
  ctx: MutationCtx,
  userId: Id<"users">,
  { number, index }: { number: number; index: number },
): Promise<DailyMoveOutcome> {
  const now = Date.now();
  if (number !== dailyNumberAt(now)) return { kind: "over" };
  const puzzle = await puzzleOf(ctx, number);
  const round = await roundAt(ctx, userId, number, index);
  if (puzzle === null || round === null || round.status === "playing") return { kind: "stale" };
  if (index + 1 >= puzzle.animeIds.length) return { kind: "stale" };
  if ((await roundAt(ctx, userId, number, index + 1)) !== null) return { kind: "stale" };
  await startRound(ctx, userId, puzzle, index + 1, now);
  return { kind: "done" };
}
