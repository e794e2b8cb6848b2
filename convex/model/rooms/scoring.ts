import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import { judgeGuess } from "../judge/verdict";
import { guessText } from "../judge/refusal";
import { ROOM_GUESS_GAP_MS, ROOM_GUESSES_PER_ROUND, roomPointsFor } from "../shared/rules";
import { requireMember } from "./access";
import { endRoundIfAllDone, playerRound, roundOf } from "./timeline";

/** What a room guess did (`rooms.guess`); "stale": not the round in play, nothing was spent. */
export const roomGuessOutcomeValidator = v.union(
  v.object({ kind: v.literal("ignored") }),
  v.object({ kind: v.literal("stale") }),
  v.object({ kind: v.literal("roundOver") }),
  v.object({ kind: v.literal("alreadySolved") }),
  v.object({ kind: v.literal("correct"), points: v.number(), place: v.number() }),
  v.object({ kind: v.literal("wrong"), guessesLeft: v.number() }),
  v.object({ kind: v.literal("outOfGuesses") }),
);
export type RoomGuessOutcome = Infer<typeof roomGuessOutcomeValidator>;

/**
 * A guess in a room, judged by the daily game's judge. The place is taken from the round's
 * count of solvers, which every right guess reads and writes: two right guesses at the same
 * moment are serialised by the database, so they get 100 and 80, never 100 twice. Room points
 * go to the room player's document only, never to the account's score or the daily allowance.
 */
export async function submitRoomGuess(
  ctx: MutationCtx,
  userId: Id<"users">,
  { code, roundNumber, guess }: { code: string; roundNumber: number; guess: string },
): Promise<RoomGuessOutcome> {
  const text = guessText(guess);
  const { room, me } = await requireMember(ctx, code, userId);
  if (text === "") return { kind: "ignored" };
  // A paused room's clock stands still: its round resumes with the first one back, not a guess.
  if (room.roundNumber !== roundNumber || room.pausedAt !== undefined) return { kind: "stale" };
  const round = await roundOf(ctx, room._id, roundNumber);
  const now = Date.now();
  if (round === null || round.status !== "playing" || now >= round.endsAt) {
    return { kind: "roundOver" };
  }
  const mine = playerRound(me, round.number);
  if (mine.solvedAt !== undefined) return { kind: "alreadySolved" };
  if (mine.guesses >= ROOM_GUESSES_PER_ROUND) return { kind: "outOfGuesses" };
  if (me.lastGuessAt !== undefined && now - me.lastGuessAt < ROOM_GUESS_GAP_MS) {
    throw appError("ROOM_GUESS_TOO_FAST");
  }

  const anime = await ctx.db.get("anime", round.animeId);
  const correct = await judgeGuess(ctx, anime, text);
  const guesses = mine.guesses + 1;
  let outcome: RoomGuessOutcome;
  if (correct) {
    const place = round.solvedCount + 1;
    const points = roomPointsFor(place, round.step);
    const solveMs = now - round.startedAt;
    await ctx.db.patch("roomRounds", round._id, { solvedCount: place });
    await ctx.db.patch("roomPlayers", me._id, {
      round: { number: round.number, guesses, solvedAt: now, points, place },
      score: me.score + points,
      solvedCount: me.solvedCount + 1,
      guessCount: me.guessCount + 1,
      fastestMs: Math.min(me.fastestMs ?? solveMs, solveMs),
      lastGuessAt: now,
    });
    outcome = { kind: "correct", points, place };
  } else {
    await ctx.db.patch("roomPlayers", me._id, {
      round: { ...mine, number: round.number, guesses },
      guessCount: me.guessCount + 1,
      lastGuessAt: now,
    });
    const guessesLeft = ROOM_GUESSES_PER_ROUND - guesses;
    outcome = guessesLeft === 0 ? { kind: "outOfGuesses" } : { kind: "wrong", guessesLeft };
  }
  const solvedCount = correct ? round.solvedCount + 1 : round.solvedCount;
  await endRoundIfAllDone(ctx, room, now, { ...round, solvedCount });
  return outcome;
}
