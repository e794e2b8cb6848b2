import { internal } from "../_generated/api";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { countGameActivity, logEvent } from "./analytics";
import { ensurePool } from "./catalogue";
import { appError } from "./errors";
import { guessText, judgeGuess } from "./judge";
import { isValidTimeZone, nextLocalMidnight } from "./localTime";
import {
  blurPx,
  COOLDOWN_MS,
  DAILY_GUESSES,
  GUESSES_PER_ANIME,
  pointsFor,
  RECENT_ANIME_REMEMBERED,
} from "./rules";

export type Game = Doc<"games">;
export type Round = NonNullable<Game["round"]>;
type GameChanges = Partial<Omit<Game, "_id" | "_creationTime" | "userId">>;

export type GuessOutcome =
  | { kind: "ignored" }
  | { kind: "stale" }
  | { kind: "noRound" }
  | { kind: "roundOver" }
  | { kind: "cooldown"; cooldownEnd: number }
  | { kind: "correct"; points: number }
  | { kind: "wrong"; guessesLeft: number }
  | { kind: "outOfGuesses" };

export type NextOutcome =
  | { kind: "dealt" }
  | { kind: "stale" }
  | { kind: "poolEmpty" }
  | { kind: "cooldown"; cooldownEnd: number };

export type Answer = { english: string | null; romaji: string | null; siteUrl: string };

export async function gameOf(ctx: QueryCtx, userId: Id<"users">): Promise<Game | null> {
  return await ctx.db
    .query("games")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/**
 * An anime the player has not seen among their last 100, reading a bounded
 * number of documents however large the pool: walk the random-rank index from
 * a random point (wrapping round once) to the first one not seen.
 */
export async function drawAnime(
  ctx: QueryCtx,
  recent: readonly Id<"anime">[],
): Promise<Doc<"anime"> | null> {
  const seen = new Set(recent);
  const start = Math.random();
  let leastRecent: Doc<"anime"> | null = null;
  let read = 0;
  for (const part of ["from start", "before start"] as const) {
    const walk = ctx.db
      .query("anime")
      .withIndex("by_randomRank", (q) =>
        part === "from start" ? q.gte("randomRank", start) : q.lt("randomRank", start),
      );
    for await (const anime of walk) {
      if (!seen.has(anime._id)) return anime;
      if (leastRecent === null || recent.indexOf(anime._id) > recent.indexOf(leastRecent._id)) {
        leastRecent = anime;
      }
      // Only RECENT_ANIME_REMEMBERED ids are remembered, so one more read finds an unseen one.
      if (++read > RECENT_ANIME_REMEMBERED) return leastRecent;
    }
  }
  // The whole pool is among the recent ones (a tiny pool): repeat the one seen longest ago.
  return leastRecent;
}

/** The changes that deal a new round, or null when the pool is empty (a refresh then starts). */
async function dealRound(ctx: MutationCtx, game: Game, now: number): Promise<GameChanges | null> {
  const anime = await drawAnime(ctx, game.recentAnimeIds);
  if (anime === null) {
    await ensurePool(ctx);
    return null;
  }
  const replaced = game.round === null ? null : endRound(game.round, "skipped");
  return {
    round: {
      number: (game.round?.number ?? 0) + 1,
      animeId: anime._id,
      guessesUsed: 0,
      status: "playing",
      startedAt: now,
    },
    previousRound: replaced,
    animeRemaining: Math.min(GUESSES_PER_ANIME, game.dailyRemaining),
    recentAnimeIds: [anime._id, ...game.recentAnimeIds.filter((id) => id !== anime._id)].slice(
      0,
      RECENT_ANIME_REMEMBERED,
    ),
  };
}

function endRound(round: Round, status: "skipped"): Round {
  return round.status === "playing" ? { ...round, status } : round;
}

/** Schedules the midnight reset for `game.nextResetAt` unless one is already set for it. */
async function ensureResetScheduled(ctx: MutationCtx, game: Game): Promise<GameChanges> {
  if (game.resetJobFor === game.nextResetAt) return {};
  await ctx.scheduler.runAt(game.nextResetAt, internal.game.resetDay, {
    gameId: game._id,
    resetAt: game.nextResetAt,
  });
  return { resetJobFor: game.nextResetAt };
}

/**
 * The daily reset at local midnight: a full allowance, no cooldown and a new
 * anime. The next midnight's job is scheduled only for players who played
 * since the last reset; a returning player's first call catches up instead.
 */
async function resetChanges(ctx: MutationCtx, game: Game, now: number): Promise<GameChanges> {
  const refilled = { ...game, dailyRemaining: DAILY_GUESSES, cooldownEnd: null };
  const dealt = (await dealRound(ctx, refilled, now)) ?? {};
  return {
    dailyRemaining: DAILY_GUESSES,
    animeRemaining: GUESSES_PER_ANIME,
    cooldownEnd: null,
    lastReset: now,
    nextResetAt: nextLocalMidnight(now, game.timeZone),
    ...dealt,
  };
}

/** Applies whatever should already have happened: a missed midnight, a finished cooldown. */
async function catchUp(ctx: MutationCtx, game: Game, now: number): Promise<Game> {
  let changes: GameChanges = {};
  if (now >= game.nextResetAt) {
    changes = await resetChanges(ctx, game, now);
  } else if (game.cooldownEnd !== null && now >= game.cooldownEnd) {
    changes = cooldownEndChanges();
  }
  if (Object.keys(changes).length === 0) return game;
  await ctx.db.patch("games", game._id, changes);
  return { ...game, ...changes };
}

function cooldownEndChanges(): GameChanges {
  return { dailyRemaining: DAILY_GUESSES, animeRemaining: GUESSES_PER_ANIME, cooldownEnd: null };
}

/** The attempt that finds the daily guesses spent starts the 10-minute cooldown. */
async function startCooldown(ctx: MutationCtx, game: Game, now: number): Promise<number> {
  if (game.cooldownEnd !== null) return game.cooldownEnd;
  const cooldownEnd = now + COOLDOWN_MS;
  await ctx.db.patch("games", game._id, { cooldownEnd });
  await ctx.scheduler.runAt(cooldownEnd, internal.game.endCooldown, {
    gameId: game._id,
    cooldownEnd,
  });
  return cooldownEnd;
}

/**
 * Opens the player's game for a visit: creates it on the first one, follows
 * the player's time zone, catches up on missed resets and deals a round if
 * there is none. Logs `game_session_start`.
 */
export async function startVisit(
  ctx: MutationCtx,
  userId: Id<"users">,
  timeZone: string,
): Promise<{ hasRound: boolean }> {
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
      recentAnimeIds: [],
      lastActiveAt: now,
    });
    game = (await ctx.db.get("games", gameId))!;
  } else {
    game = await catchUp(ctx, game, now);
  }

  let changes: GameChanges = { lastActiveAt: now };
  if (game.timeZone !== timeZone) {
    // The old zone's reset job finds nextResetAt changed and does nothing.
    changes = { ...changes, timeZone, nextResetAt: nextLocalMidnight(now, timeZone) };
  }
  game = { ...game, ...changes };
  changes = { ...changes, ...(await ensureResetScheduled(ctx, game)) };
  if (game.round === null) changes = { ...changes, ...(await dealRound(ctx, game, now)) };
  await ctx.db.patch("games", game._id, changes);

  await logEvent(ctx, userId, "game_session_start");
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
  const points = correct ? pointsFor(guessesUsed) : 0;
  const status = correct ? "solved" : animeRemaining === 0 ? "outOfGuesses" : "playing";
  await ctx.db.patch("games", game._id, {
    dailyRemaining: game.dailyRemaining - 1,
    animeRemaining,
    round: { ...round, guessesUsed, status, ...(correct ? { pointsEarned: points } : {}) },
    lastActiveAt: now,
  });
  if (correct) {
    await ctx.db.patch("users", user._id, { score: (user.score ?? 0) + points });
  }
  await countGameActivity(ctx, { guesses: 1, correctGuesses: correct ? 1 : 0 });

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
  if (dealt === null) return { kind: "poolEmpty" };
  await ctx.db.patch("games", game._id, { ...dealt, lastActiveAt: now });
  return { kind: "dealt" };
}

/** Scheduled at a cooldown's end. A stale or repeated run changes nothing. */
export async function endCooldown(ctx: MutationCtx, gameId: Id<"games">, cooldownEnd: number) {
  const game = await ctx.db.get("games", gameId);
  if (game === null || game.cooldownEnd !== cooldownEnd) return;
  await ctx.db.patch("games", gameId, cooldownEndChanges());
}

/** Scheduled at local midnight. A stale (time zone changed), late or repeated run changes nothing twice. */
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

function answerOf(anime: Doc<"anime"> | null): Answer | null {
  return anime === null
    ? null
    : { english: anime.title.english, romaji: anime.title.romaji, siteUrl: anime.siteUrl };
}

/**
 * What the game screen shows. While a round is playing it carries the clue
 * and the cover but never a title, a synonym or the AniList id; the answer
 * appears once the round has ended.
 */
export async function gameView(ctx: QueryCtx, user: Doc<"users">) {
  const game = await gameOf(ctx, user._id);
  if (game === null) return null;
  const round = game.round;
  const anime = round === null ? null : await ctx.db.get("anime", round.animeId);
  const previous =
    game.previousRound?.status === "skipped"
      ? await ctx.db.get("anime", game.previousRound.animeId)
      : null;
  return {
    score: user.score ?? 0,
    dailyRemaining: game.dailyRemaining,
    animeRemaining: game.animeRemaining,
    dailyLimit: DAILY_GUESSES,
    animeLimit: GUESSES_PER_ANIME,
    cooldownEnd: game.cooldownEnd,
    nextResetAt: game.nextResetAt,
    round:
      round === null || anime === null
        ? null
        : {
            number: round.number,
            status: round.status,
            guessesUsed: round.guessesUsed,
            pointsEarned: round.pointsEarned ?? null,
            // An ended round keeps its last blur, even once a cooldown's end refills the count.
            blurPx: blurPx(round.status, round.status === "playing" ? game.animeRemaining : 0),
            clue: anime.clue,
            coverImage: anime.coverImage,
            coverColor: anime.coverColor ?? null,
            answer: round.status === "playing" ? null : answerOf(anime),
          },
    skippedAnswer: answerOf(previous),
  };
}

export type GameView = NonNullable<Awaited<ReturnType<typeof gameView>>>;
