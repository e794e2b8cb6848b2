/**
 * A player's moves in the Challenge (/game): opening a visit, a guess, Skip / Next Anime. Each first
 * applies whatever the clock says should already have happened (a reset due, a finished
 * cooldown): nothing is scheduled per player for them (see catchUp.ts).
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { countGameActivity } from "./activity";
import { addPoints } from "../boards/board";
import type { ScoreMove } from "../tallies/tally";
import { appError } from "../shared/errors";
import { guessText } from "../judge/refusal";
import { isValidTimeZone, nextLocalMidnight } from "../shared/localTime";
import { CHALLENGE_GUESSES, GUESSES_PER_ANIME, pointsFor } from "../shared/rules";
import type { GuessOutcome, NextOutcome, StartOutcome } from "./view";
import { catchUp } from "./catchUp";
import { startCooldown } from "./cooldown";
import { dealRound } from "./deal";
import { withGuess } from "../round/history";
import { judgeRoundGuess } from "../round/judgeRound";
import { recordRoundEnd } from "./stats";
import { gameOf, type Game, type GameChanges, type Round } from "./state";

/**
 * Opens the player's game for a visit: creates it on the first one, notes the
 * player's time zone (for the reset after the next), catches up on missed
 * resets and deals a round if there is none. Logs `game_session_start`.
 */
export async function startVisit(
  ctx: MutationCtx,
  userId: Id<"users">,
  timeZone: string,
): Promise<StartOutcome> {
  if (!isValidTimeZone(timeZone)) throw appError("INVALID_TIME_ZONE");
  const now = Date.now();
  let game = await gameOf(ctx, userId);
  if (game === null) {
    const gameId = await ctx.db.insert("games", {
      userId,
      timeZone,
      dailyRemaining: CHALLENGE_GUESSES,
      animeRemaining: GUESSES_PER_ANIME,
      lastReset: now,
      nextResetAt: nextLocalMidnight(now, timeZone),
      cooldownEnd: null,
      round: null,
      previousRound: null,
      lastActiveAt: now,
    });
    game = (await ctx.db.get("games", gameId))!;
  } else {
    game = await catchUp(ctx, game, now);
    // Guesses spent before the last guess started the cooldown itself: the countdown runs now.
    if (game.dailyRemaining === 0 && game.cooldownEnd === null) {
      game = { ...game, cooldownEnd: await startCooldown(ctx, game, now) };
    }
  }

  let changes: GameChanges = { lastActiveAt: now };
  if (timeZone !== (game.pendingTimeZone ?? game.timeZone)) {
    // The zone moves the reset after the next one: switching zones never brings a reset nearer.
    changes = { ...changes, pendingTimeZone: timeZone === game.timeZone ? undefined : timeZone };
  }
  game = { ...game, ...changes };
  if (game.round === null) {
    const dealt = await dealRound(ctx, game, now);
    if (dealt.kind === "dealt") changes = { ...changes, ...dealt.changes };
  }
  await ctx.db.patch("games", game._id, changes);

  await countGameActivity(ctx, game.userId, { sessions: 1 });
  return { hasRound: (changes.round ?? game.round) != null };
}

async function requireGame(ctx: MutationCtx, userId: Id<"users">): Promise<Game> {
  const game = await gameOf(ctx, userId);
  if (game === null) throw appError("GAME_NOT_STARTED");
  return await catchUp(ctx, game, Date.now());
}

/**
 * Judges a guess. `roundNumber` and `attempt` (the guesses the player had
 * already made on this anime) identify the submission, so a repeated or late
 * one changes nothing. Score only grows, and only here.
 */
export async function submitGuess(
  ctx: MutationCtx,
  user: Doc<"users">,
  { roundNumber, attempt, guess }: { roundNumber: number; attempt: number; guess: string },
): Promise<GuessOutcome> {
  const text = guessText(guess);
  if (text === "") return { kind: "ignored" };
  const now = Date.now();
  const game = await requireGame(ctx, user._id);
  const round = game.round;
  if (round === null) return { kind: "noRound" };
  if (round.number !== roundNumber || round.guessesUsed !== attempt) return { kind: "stale" };
  if (game.cooldownEnd !== null) return { kind: "cooldown", cooldownEnd: game.cooldownEnd };
  if (game.dailyRemaining === 0) {
    return { kind: "cooldown", cooldownEnd: await startCooldown(ctx, game, now) };
  }
  if (round.status !== "playing") return { kind: "roundOver" };
  // Nothing spent on a free guess: `lastActiveAt` (which the reset reads as "spent since") stays.
  const judgement = await judgeRoundGuess(ctx, round, text, (guesses) =>
    ctx.db.patch("games", game._id, { round: { ...round, guesses } }),
  );
  if (judgement.kind !== "judged") return judgement;
  const correct = judgement.correct;
  const guessesUsed = round.guessesUsed + 1;
  const animeRemaining = game.animeRemaining - 1;
  // An anime whose answer the player had already seen never scores again.
  const points = correct && round.seenBefore !== true ? pointsFor(guessesUsed) : 0;
  const status = correct ? "solved" : outOfGuesses(game, guessesUsed) ? "outOfGuesses" : "playing";
  const judged: Round = {
    ...round,
    guessesUsed,
    status,
    ...(correct ? { pointsEarned: points } : {}),
    guesses: withGuess(round, { text, outcome: correct ? "correct" : "wrong" })!,
  };
  await ctx.db.patch("games", game._id, {
    dailyRemaining: game.dailyRemaining - 1,
    animeRemaining,
    round: judged,
    lastActiveAt: now,
  });
  await recordRoundEnd(ctx, game, judged, now);
  let moves: ScoreMove[] = [];
  if (points > 0) {
    await ctx.db.patch("users", user._id, { score: user.score + points });
    moves = await addPoints(ctx, user, points, now);
  }
  if (status !== "playing" && round.seenBefore !== true) {
    // The answer is on screen now. No read first: only this round could have recorded it.
    await ctx.db.insert("seenAnime", { userId: user._id, animeId: round.animeId, seenAt: now });
  }
  await countGameActivity(ctx, game.userId, { guesses: 1, correctGuesses: correct ? 1 : 0, moves });
  // 0/20: the countdown starts now, not at the next click.
  if (game.dailyRemaining === 1) await startCooldown(ctx, game, now);

  if (correct) return { kind: "correct", points };
  if (status === "outOfGuesses") return { kind: "outOfGuesses" };
  return { kind: "wrong", guessesLeft: animeRemaining };
}

/**
 * Whether a wrong guess, the `guessesUsed`-th on its anime, leaves the anime none of its own.
 * The anime's count is capped by the day's (a deal gives min(5, daily left)), so the two can
 * run out together with the anime's own five not all used: then it is the day that ran out,
 * and the anime stays in play through the cooldown, to be guessed again with the refill. After
 * a refill the day has 20, so the two cannot run out together.
 */
function outOfGuesses(game: Game, guessesUsed: number): boolean {
  if (game.animeRemaining > 1) return false;
  return game.dailyRemaining > 1 || guessesUsed >= GUESSES_PER_ANIME;
}

/** Skip (while playing) or Next Anime (after the round ended): a new anime, a refilled count. */
export async function nextRound(
  ctx: MutationCtx,
  userId: Id<"users">,
  roundNumber: number,
): Promise<NextOutcome> {
  const now = Date.now();
  const game = await requireGame(ctx, userId);
  if (game.round !== null && game.round.number !== roundNumber) return { kind: "stale" };
  if (game.cooldownEnd !== null) return { kind: "cooldown", cooldownEnd: game.cooldownEnd };
  if (game.dailyRemaining === 0) {
    return { kind: "cooldown", cooldownEnd: await startCooldown(ctx, game, now) };
  }
  const dealt = await dealRound(ctx, game, now);
  if (dealt.kind !== "dealt") return { kind: dealt.kind };
  await ctx.db.patch("games", game._id, { ...dealt.changes, lastActiveAt: now });
  // A round in play that this deal replaced was skipped (one already ended was recorded then).
  if (dealt.changes.previousRound?.status === "skipped" && game.round?.status === "playing") {
    await recordRoundEnd(ctx, game, dealt.changes.previousRound, now);
  }
  return { kind: "dealt" };
}
