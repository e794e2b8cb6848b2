import { v, type Infer } from "convex/values";
import type { Id } from "../../_generated/dataModel";
import { internal } from "../../_generated/api";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import { judgeGuess } from "../judge/verdict";
import { guessText } from "../judge/refusal";
import { ROOM_GUESS_GAP_MS, ROOM_GUESSES_PER_ROUND } from "../shared/rules";
import { requireMember } from "./access";
import { playerRound, roundOf } from "./timeline";

/** What a room guess did (`rooms.guess`); "stale": not the round in play, nothing was spent. */
export const roomGuessOutcomeValidator = v.union(
  v.object({ kind: v.literal("ignored") }),
  v.object({ kind: v.literal("stale") }),
  v.object({ kind: v.literal("roundOver") }),
  v.object({ kind: v.literal("alreadySolved") }),
  /** Its place and points are in the room's view (model/rooms/places.ts). */
  v.object({ kind: v.literal("correct") }),
  v.object({ kind: v.literal("wrong"), guessesLeft: v.number() }),
  v.object({ kind: v.literal("outOfGuesses") }),
);
export type RoomGuessOutcome = Infer<typeof roomGuessOutcomeValidator>;

/**
 * A guess in a room, judged by the Challenge's judge. It writes the guesser's own document only
 * (and reads no other member's), so members guessing at the same instant never conflict: a right
 * answer records when it came and at which cover step, and its place and points follow from the
 * round's answer times (places.ts), shown live by the view and added to the score when the round
 * ends. Room points never go to the account's score or the Challenge's allowance. A member who has
 * nothing left to do this round asks the timeline to end it if everyone present is done.
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
    const solveMs = now - round.startedAt;
    await ctx.db.patch("roomPlayers", me._id, {
      round: { number: round.number, guesses, solvedAt: now, step: round.step, points: 0 },
      solvedCount: me.solvedCount + 1,
      guessCount: me.guessCount + 1,
      fastestMs: Math.min(me.fastestMs ?? solveMs, solveMs),
      lastGuessAt: now,
    });
    outcome = { kind: "correct" };
  } else {
    await ctx.db.patch("roomPlayers", me._id, {
      round: { ...mine, number: round.number, guesses },
      guessCount: me.guessCount + 1,
      lastGuessAt: now,
    });
    const guessesLeft = ROOM_GUESSES_PER_ROUND - guesses;
    outcome = guessesLeft === 0 ? { kind: "outOfGuesses" } : { kind: "wrong", guessesLeft };
  }
  if (outcome.kind !== "wrong") {
    await ctx.scheduler.runAfter(0, internal.rooms.settle, { roundId: round._id });
  }
  return outcome;
}
