import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { countGameActivity } from "./activity";
import { addPoints } from "../boards/board";
import { ensurePool } from "../catalogue/refresh";
import { newCoverToken } from "../catalogue/covers";
import { appError } from "../shared/errors";
import { guessText, judgeGuess } from "../judge/verdict";
import { isValidTimeZone, nextLocalMidnight } from "./localTime";
import {
  COOLDOWN_MS,
  DAILY_GUESSES,
  GUESSES_PER_ANIME,
  MIN_RESET_GAP_MS,
  pointsFor,
} from "../shared/rules";
import type { GuessOutcome, NextOutcome, StartOutcome } from "./view";
import { drawAnime, markSeen } from "./seen";
import { recordRoundEnd } from "./stats";
import { gameOf, type Game, type Round } from "./state";

type GameChanges = Partial<Omit<Game, "_id" | "_creationTime" | "userId">>;

type DealResult = { kind: "dealt"; changes: GameChanges } | { kind: "poolEmpty" | "nothingElse" };

/**
 * The changes that deal a new round. The round it replaces counts as seen (its answer is shown);
 * the new anime is never that one, and one the player has not seen when the pool allows. An empty
 * pool starts a refresh; a pool holding only the anime on screen deals nothing.
 */
async function dealRound(ctx: MutationCtx, game: Game, now: number): Promise<DealResult> {
  const current = game.round;
  const draw = await drawAnime(ctx, game.userId, current?.animeId ?? null);
  if (draw.kind === "empty") {
    await ensurePool(ctx);
    return { kind: "poolEmpty" };
  }
  if (draw.kind === "nothingElse") return { kind: "nothingElse" };
  // A round in play is revealed by this deal. One that ended by a guess was recorded then,
  // unless seen before: its time moves now, so the fallback repeats the one seen longest ago.
  if (current !== null && (current.status === "playing" || current.seenBefore === true)) {
    await markSeen(ctx, game.userId, current.animeId, now);
  }
  const replaced = current === null ? null : endRound(current, "skipped");
  return {
    kind: "dealt",
    changes: {
      round: {
        number: (current?.number ?? 0) + 1,
        animeId: draw.anime._id,
        guessesUsed: 0,
        status: "playing",
        startedAt: now,
        seenBefore: draw.seenBefore,
      },
      previousRound: replaced,
      coverToken: newCoverToken(),
      animeRemaining: Math.min(GUESSES_PER_ANIME, game.dailyRemaining),
      recentAnimeIds: undefined,
    },
  };
}

function endRound(round: Round, status: "skipped"): Round {
  return round.status === "playing" ? { ...round, status } : round;
}

/** Cancels a job of ours that has not run yet (a job running now, or done, is left alone). */
async function cancelIfPending(ctx: MutationCtx, jobId: Id<"_scheduled_functions"> | undefined) {
  if (jobId === undefined) return;
  const job = await ctx.db.system.get("_scheduled_functions", jobId);
  if (job?.state.kind === "pending") await ctx.scheduler.cancel(jobId);
}

/**
 * Schedules the reset for `game.nextResetAt` unless one is already set for it, replacing the
 * one set before: a player never has more than one reset job waiting.
 */
async function ensureResetScheduled(ctx: MutationCtx, game: Game): Promise<GameChanges> {
  if (game.resetJobFor === game.nextResetAt) return {};
  await cancelIfPending(ctx, game.resetJobId);
  const resetJobId = await ctx.scheduler.runAt(game.nextResetAt, internal.game.resetDay, {
    gameId: game._id,
    resetAt: game.nextResetAt,
  });
  return { resetJobFor: game.nextResetAt, resetJobId };
}

/**
 * When the reset after one at `lastReset` comes: the next local midnight in the player's zone
 * (a zone reported since takes effect now), but never within 20 hours of the last one. A reset
 * caught up late in the day thus delays the next few a little, until they are back at midnight.
 */
function nextReset(game: Game, lastReset: number, now: number) {
  const timeZone = game.pendingTimeZone ?? game.timeZone;
  return {
    timeZone,
    pendingTimeZone: undefined,
    nextResetAt: Math.max(nextLocalMidnight(now, timeZone), lastReset + MIN_RESET_GAP_MS),
  };
}

/**
 * The daily reset: a full allowance, no cooldown and a new anime. The next reset's job is
 * scheduled only for players who played since the last reset; a returning player's first call
 * catches up instead.
 */
async function resetChanges(ctx: MutationCtx, game: Game, now: number): Promise<GameChanges> {
  const refilled = { ...game, dailyRemaining: DAILY_GUESSES, cooldownEnd: null };
  const dealt = await dealRound(ctx, refilled, now);
  const round = game.round;
  // With nothing else in the pool, the round on screen stays, with the guesses it has left.
  const kept =
    round?.status === "playing" ? GUESSES_PER_ANIME - round.guessesUsed : GUESSES_PER_ANIME;
  return {
    dailyRemaining: DAILY_GUESSES,
    animeRemaining: kept,
    cooldownEnd: null,
    lastReset: now,
    ...nextReset(game, now, now),
    ...(dealt.kind === "dealt" ? dealt.changes : {}),
  };
}

/** Applies whatever should already have happened: a missed reset, a finished cooldown. */
async function catchUp(ctx: MutationCtx, game: Game, now: number): Promise<Game> {
  let changes: GameChanges = {};
  if (now >= game.nextResetAt) {
    // Nothing spent since the last reset (the allowance is full): only the next one moves.
    changes =
      game.lastActiveAt >= game.lastReset
        ? await resetChanges(ctx, game, now)
        : nextReset(game, game.lastReset, now);
  } else if (game.cooldownEnd !== null && now >= game.cooldownEnd) {
    changes = cooldownEndChanges(game);
  }
  if (Object.keys(changes).length === 0) return game;
  await ctx.db.patch("games", game._id, changes);
  return { ...game, ...changes };
}

/**
 * The allowance back: 20 a day, and the anime in play its own 5 less those used (as at midnight).
 * An ended round keeps its count, so the counter agrees with its message ("Out of guesses!",
 * Next Anime); the next deal refills it.
 */
function cooldownEndChanges(game: Game): GameChanges {
  const round = game.round;
  const animeRemaining =
    round === null
      ? GUESSES_PER_ANIME
      : round.status === "playing"
        ? GUESSES_PER_ANIME - round.guessesUsed
        : game.animeRemaining;
  return { dailyRemaining: DAILY_GUESSES, animeRemaining, cooldownEnd: null };
}

/**
 * The 10-minute cooldown, started by the guess that spends the last daily one (or by anything
 * that finds them spent without one), replacing any cooldown job still waiting (one a midnight
 * reset made pointless): never two at once.
 */
async function startCooldown(ctx: MutationCtx, game: Game, now: number): Promise<number> {
  if (game.cooldownEnd !== null) return game.cooldownEnd;
  const cooldownEnd = now + COOLDOWN_MS;
  await cancelIfPending(ctx, game.cooldownJobId);
  const cooldownJobId = await ctx.scheduler.runAt(cooldownEnd, internal.game.endCooldown, {
    gameId: game._id,
    cooldownEnd,
  });
  await ctx.db.patch("games", game._id, { cooldownEnd, cooldownJobId });
  return cooldownEnd;
}

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
      dailyRemaining: DAILY_GUESSES,
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
  changes = { ...changes, ...(await ensureResetScheduled(ctx, game)) };
  if (game.round === null) {
    const dealt = await dealRound(ctx, game, now);
    if (dealt.kind === "dealt") changes = { ...changes, ...dealt.changes };
  }
  await ctx.db.patch("games", game._id, changes);

  await countGameActivity(ctx, { sessions: 1 });
  return { hasRound: (changes.round ?? game.round) != null };
}

async function requireGame(ctx: MutationCtx, userId: Id<"users">): Promise<Game> {
  const game = await gameOf(ctx, userId);
  if (game === null) throw appError("GAME_NOT_STARTED");
  const current = await catchUp(ctx, game, Date.now());
  // A player who is playing gets the next midnight's reset on their screen, even when the
  // last reset came from a late job (which then stops) or skipped scheduling as they were away.
  const scheduled = await ensureResetScheduled(ctx, current);
  if (scheduled.resetJobFor === undefined) return current;
  await ctx.db.patch("games", current._id, scheduled);
  return { ...current, ...scheduled };
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

  const anime = await ctx.db.get("anime", round.animeId);
  const correct = await judgeGuess(ctx, anime, text);
  const guessesUsed = round.guessesUsed + 1;
  const animeRemaining = game.animeRemaining - 1;
  // An anime whose answer the player had already seen never scores again.
  const points = correct && round.seenBefore !== true ? pointsFor(guessesUsed) : 0;
  const status = correct ? "solved" : animeRemaining === 0 ? "outOfGuesses" : "playing";
  const judged: Round = {
    ...round,
    guessesUsed,
    status,
    ...(correct ? { pointsEarned: points } : {}),
  };
  await ctx.db.patch("games", game._id, {
    dailyRemaining: game.dailyRemaining - 1,
    animeRemaining,
    round: judged,
    lastActiveAt: now,
  });
  await recordRoundEnd(ctx, game, judged, now);
  if (points > 0) {
    await ctx.db.patch("users", user._id, { score: user.score + points });
    await addPoints(ctx, user, points, now);
  }
  if (status !== "playing" && round.seenBefore !== true) {
    // The answer is on screen now. No read first: only this round could have recorded it.
    await ctx.db.insert("seenAnime", { userId: user._id, animeId: round.animeId, seenAt: now });
  }
  await countGameActivity(ctx, { guesses: 1, correctGuesses: correct ? 1 : 0 });
  // 0/20: the countdown starts now, not at the next click.
  if (game.dailyRemaining === 1) await startCooldown(ctx, game, now);

  if (correct) return { kind: "correct", points };
  if (status === "outOfGuesses") return { kind: "outOfGuesses" };
  return { kind: "wrong", guessesLeft: animeRemaining };
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

/** Scheduled at a cooldown's end. A stale or repeated run changes nothing. */
export async function endCooldown(ctx: MutationCtx, gameId: Id<"games">, cooldownEnd: number) {
  const game = await ctx.db.get("games", gameId);
  if (game === null || game.cooldownEnd !== cooldownEnd) return;
  await ctx.db.patch("games", gameId, cooldownEndChanges(game));
}

/** Scheduled for the next reset. A stale, late or repeated run changes nothing twice. */
export async function resetDay(ctx: MutationCtx, gameId: Id<"games">, resetAt: number) {
  const game = await ctx.db.get("games", gameId);
  if (game === null || game.nextResetAt !== resetAt) return;
  const now = Math.max(Date.now(), resetAt);
  const changes = await resetChanges(ctx, game, now);
  const playedSinceLastReset = game.lastActiveAt >= game.lastReset;
  const updated = { ...game, ...changes };
  const scheduled = playedSinceLastReset ? await ensureResetScheduled(ctx, updated) : {};
  await ctx.db.patch("games", gameId, { ...changes, ...scheduled });
}
