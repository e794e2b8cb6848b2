import { v, type Infer, type ObjectType } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { ensurePool } from "../catalogue/refresh";
import { newCoverToken } from "../catalogue/covers";
import { appError } from "../shared/errors";
import { gameOf } from "../game/state";
import {
  BLUR_STEPS_PX,
  ROOM_GUESSES_PER_ROUND,
  ROOM_REVEAL_MS,
  dailyNumberAt,
} from "../shared/rules";
import { poolHeldByDaily } from "../round/dailyBar";
import { drawForRoom } from "./deal";
import { playersOf, requireHost, requireMember, type Room, type RoomPlayer } from "./access";
import { markSeen, markShownInRoom } from "../round/seen";
import { cancelIfPending } from "./jobs";
import { isBanked, placesOf } from "./places";

export type RoomRound = Doc<"roomRounds">;

/** The cover sharpens one step every fifth of the round (BLUR_STEPS_PX has five steps). */
export function stepMs(room: Pick<Room, "seconds">): number {
  return (room.seconds * 1000) / BLUR_STEPS_PX.length;
}

export async function roundOf(
  ctx: QueryCtx,
  roomId: Id<"rooms">,
  number: number,
): Promise<RoomRound | null> {
  return await ctx.db
    .query("roomRounds")
    .withIndex("by_roomId_and_number", (q) => q.eq("roomId", roomId).eq("number", number))
    .unique();
}

/** What the player has done in `round`: nothing yet when their record is of another round. */
export function playerRound(player: RoomPlayer, number: number) {
  return player.round?.number === number
    ? player.round
    : { number, guesses: 0, points: 0, solvedAt: undefined, place: undefined };
}

/** Solved, or out of guesses: nothing left to do this round. */
export function isDone(player: RoomPlayer, number: number): boolean {
  const round = playerRound(player, number);
  return round.solvedAt !== undefined || round.guesses >= ROOM_GUESSES_PER_ROUND;
}

/** Deals round `number` and schedules its first step change; false when the pool is empty. */
async function beginRound(
  ctx: MutationCtx,
  room: Room,
  number: number,
  now: number,
): Promise<boolean> {
  const players = await playersOf(ctx, room._id);
  const played = new Set<Id<"anime">>();
  for (let n = 1; n < number; n++) {
    const earlier = await roundOf(ctx, room._id, n);
    if (earlier !== null) played.add(earlier.animeId);
  }
  const drawn = await drawForRoom(
    ctx,
    room._id,
    players.map((player) => player.userId),
    played,
    now,
  );
  if (drawn === null) {
    await ensurePool(ctx);
    return false;
  }
  // Shown to every member from now on: no other deal gives it to them meanwhile.
  for (const player of players) {
    await markShownInRoom(ctx, player.userId, drawn.anime._id, room._id, now);
  }
  const roundId = await ctx.db.insert("roomRounds", {
    roomId: room._id,
    number,
    animeId: drawn.anime._id,
    coverToken: newCoverToken(),
    clue: drawn.clue,
    step: 0,
    status: "playing",
    startedAt: now,
    endsAt: now + room.seconds * 1000,
  });
  const jobId = await ctx.scheduler.runAt(now + stepMs(room), internal.rooms.advance, {
    roundId,
    phase: "step",
    step: 1,
  });
  await ctx.db.patch("roomRounds", roundId, { jobId });
  await ctx.db.patch("rooms", room._id, { status: "playing", roundNumber: number });
  return true;
}

/**
 * What Start did: the game began, or the pool has no anime yet (a fresh deployment). Then the
 * fill was started or joined, and the lobby waits for it and starts again once one is ready.
 */
export const startOutcomeValidator = v.union(
  v.object({ kind: v.literal("started") }),
  v.object({ kind: v.literal("poolEmpty") }),
);
export type StartOutcome = Infer<typeof startOutcomeValidator>;

/**
 * Start, or Play again from the podium (same room, same players): the host only. A new game
 * clears the last one's points and rounds (≤ 12 players, ≤ 15 rounds).
 */
export async function startGame(
  ctx: MutationCtx,
  userId: Id<"users">,
  code: string,
): Promise<StartOutcome> {
  const { room } = await requireMember(ctx, code, userId);
  requireHost(room, userId);
  if (room.status !== "lobby" && room.status !== "finished") throw appError("ROOM_NOT_IN_LOBBY");
  // Checked first, so that a start on an empty pool leaves the last game's podium as it was.
  // Answered, not thrown: a thrown mutation commits nothing, the fill it started included.
  const now = Date.now();
  if ((await drawForRoom(ctx, null, [], new Set(), now)) === null) {
    await ensurePool(ctx);
    return { kind: "poolEmpty" };
  }
  if (room.status === "finished") {
    for (let n = 1; n <= room.roundNumber; n++) {
      const old = await roundOf(ctx, room._id, n);
      if (old !== null) await ctx.db.delete("roomRounds", old._id);
    }
    for (const player of await playersOf(ctx, room._id)) {
      await ctx.db.patch("roomPlayers", player._id, {
        score: 0,
        solvedCount: 0,
        guessCount: 0,
        fastestMs: undefined,
        round: null,
      });
    }
  }
  // Every ready anime is barred for someone here (in play in another of their rooms, say), or
  // the pool is so small that the Dailies hold all of it. (No refresh was started: the pool
  // is not empty, so the refusal rolls nothing back.)
  if (!(await beginRound(ctx, { ...room, roundNumber: 0 }, 1, now))) {
    if ((await poolHeldByDaily(ctx, dailyNumberAt(now))) !== null) {
      throw appError("ROOM_POOL_TOO_SMALL");
    }
    throw appError("ROOM_NOTHING_TO_DEAL");
  }
  return { kind: "started" } as const;
}

/**
 * A player who joins during a game is shown the current round's anime: it counts as shown to
 * them in this room (round/dealBar.ts), and their solo round on that very anime, if one is in
 * play, can no longer score.
 */
export async function showCurrentRound(
  ctx: MutationCtx,
  room: Room,
  userId: Id<"users">,
  now: number,
) {
  if (room.status !== "playing" && room.status !== "reveal") return;
  const round = await roundOf(ctx, room._id, room.roundNumber);
  if (round === null) return;
  await markShownInRoom(ctx, userId, round.animeId, room._id, now);
  await spoilSoloRound(ctx, userId, round.animeId);
}

/** The player's solo round on `animeId`, if one is in play, scores nothing now. */
async function spoilSoloRound(ctx: MutationCtx, userId: Id<"users">, animeId: Id<"anime">) {
  const game = await gameOf(ctx, userId);
  if (game?.round?.status === "playing" && game.round.animeId === animeId) {
    await ctx.db.patch("games", game._id, { round: { ...game.round, seenBefore: true } });
  }
}

/**
 * Stops the round's clock in a room nobody is present in: its pending step, time-up or reveal's
 * end is cancelled, to be scheduled again, as late as the pause was long, by `resumeRoom`.
 */
export async function pauseRoom(ctx: MutationCtx, room: Room, now: number) {
  if (room.pausedAt !== undefined) return;
  if (room.status !== "playing" && room.status !== "reveal") return;
  const round = await roundOf(ctx, room._id, room.roundNumber);
  if (round !== null) await cancelIfPending(ctx, round.jobId);
  await ctx.db.patch("rooms", room._id, { pausedAt: now });
}

/** Someone is back in a paused room: its round goes on where it stood. Returns the room as now. */
export async function resumeRoom(ctx: MutationCtx, room: Room, now: number): Promise<Room> {
  if (room.pausedAt === undefined) return room;
  const shift = now - room.pausedAt;
  const round = await roundOf(ctx, room._id, room.roundNumber);
  if (round !== null) {
    const moved = {
      startedAt: round.startedAt + shift,
      endsAt: round.endsAt + shift,
      revealEndsAt: round.revealEndsAt === undefined ? undefined : round.revealEndsAt + shift,
    };
    const jobId = await scheduleNext(ctx, room, { ...round, ...moved });
    await ctx.db.patch("roomRounds", round._id, { ...moved, jobId });
  }
  await ctx.db.patch("rooms", room._id, { pausedAt: undefined });
  return { ...room, pausedAt: undefined };
}

/** The round's next timeline job, from where it stands. */
async function scheduleNext(ctx: MutationCtx, room: Room, round: RoomRound) {
  const roundId = round._id;
  if (round.status === "ended") {
    return await ctx.scheduler.runAt(round.revealEndsAt ?? 0, internal.rooms.advance, {
      roundId,
      phase: "revealEnd",
    });
  }
  if (round.step >= BLUR_STEPS_PX.length - 1) {
    return await ctx.scheduler.runAt(round.endsAt, internal.rooms.advance, {
      roundId,
      phase: "timeUp",
    });
  }
  const step = round.step + 1;
  return await ctx.scheduler.runAt(round.startedAt + step * stepMs(room), internal.rooms.advance, {
    roundId,
    phase: "step",
    step,
  });
}

/**
 * Ends the round: the answer and the clear cover are everyone's now, and every member has seen
 * this anime (the Challenge will not score it for them, and no room deals it to them again).
 * Reveal for ROOM_REVEAL_MS, then the next round by itself.
 */
export async function endRound(ctx: MutationCtx, room: Room, round: RoomRound, now: number) {
  if (round.status !== "playing") return;
  await cancelIfPending(ctx, round.jobId);
  const revealEndsAt = now + ROOM_REVEAL_MS;
  const jobId = await ctx.scheduler.runAt(revealEndsAt, internal.rooms.advance, {
    roundId: round._id,
    phase: "revealEnd",
  });
  await ctx.db.patch("roomRounds", round._id, {
    status: "ended",
    endedAt: now,
    revealEndsAt,
    jobId,
  });
  await ctx.db.patch("rooms", room._id, { status: "reveal" });
  const players = await playersOf(ctx, room._id);
  // The round's places, for good: each solver's points go into their score, once.
  for (const [playerId, { place, points }] of placesOf(players, round.number)) {
    const player = players.find((p) => p._id === playerId)!;
    if (isBanked(player, round.number)) continue;
    await ctx.db.patch("roomPlayers", playerId, {
      round: { ...player.round!, place, points },
      score: player.score + points,
    });
  }
  for (const player of players) {
    await markSeen(ctx, player.userId, round.animeId, now);
    // Their Challenge round on this very anime can no longer score (as if dealt after seeing it).
    await spoilSoloRound(ctx, player.userId, round.animeId);
  }
}

/**
 * A member has just run out of things to do in round `roundId` (solved it, or out of guesses): the
 * round ends now if every present member has. Run as its own job, so that the guess itself reads
 * no other member's document; a repeated or late job changes nothing.
 */
export async function settleRound(ctx: MutationCtx, roundId: Id<"roomRounds">) {
  const round = await ctx.db.get("roomRounds", roundId);
  if (round === null || round.status !== "playing") return;
  const room = await ctx.db.get("rooms", round.roomId);
  if (room === null || room.roundNumber !== round.number || room.pausedAt !== undefined) return;
  await endRoundIfAllDone(ctx, room, Date.now(), round);
}

/** Ends the current round early once every present player has solved it or run out. */
export async function endRoundIfAllDone(
  ctx: MutationCtx,
  room: Room,
  now: number,
  /** The current round, when the caller has just read it (with its own changes). */
  known?: RoomRound,
) {
  if (room.status !== "playing") return;
  const round = known ?? (await roundOf(ctx, room._id, room.roundNumber));
  if (round === null || round.status !== "playing") return;
  const present = (await playersOf(ctx, room._id)).filter((player) => player.present);
  if (present.length > 0 && present.every((player) => isDone(player, round.number))) {
    await endRound(ctx, room, round, now);
  }
}

/**
 * What a timeline job (`rooms:advance`) carries: the round and its next event, with the cover's
 * `step` for a "step" only. One flat object rather than a union of objects, because Convex takes
 * only an object as a function's arguments.
 */
export const advanceArgs = {
  roundId: v.id("roomRounds"),
  phase: v.union(v.literal("step"), v.literal("timeUp"), v.literal("revealEnd")),
  step: v.optional(v.number()),
};
export type Advance = ObjectType<typeof advanceArgs>;

/**
 * The round's timeline, run by the scheduler only: the next cover step, the time-up, and the
 * reveal's end (the next round, or the podium). A late, repeated or stale job changes nothing.
 */
export async function advanceRound(ctx: MutationCtx, next: Advance) {
  const roundId = next.roundId;
  const round = await ctx.db.get("roomRounds", roundId);
  if (round === null) return;
  const room = await ctx.db.get("rooms", round.roomId);
  if (room === null || room.roundNumber !== round.number || room.status === "closed") return;
  // A paused room's jobs were cancelled; one already under way when it paused changes nothing.
  if (room.pausedAt !== undefined) return;
  const now = Date.now();
  if (next.phase === "step") {
    const step = next.step ?? 0;
    if (round.status !== "playing" || round.step !== step - 1) return;
    const last = step >= BLUR_STEPS_PX.length - 1;
    const jobId = last
      ? await ctx.scheduler.runAt(round.endsAt, internal.rooms.advance, {
          roundId,
          phase: "timeUp",
        })
      : await ctx.scheduler.runAt(
          round.startedAt + (step + 1) * stepMs(room),
          internal.rooms.advance,
          { roundId, phase: "step", step: step + 1 },
        );
    await ctx.db.patch("roomRounds", roundId, { step, jobId });
  } else if (next.phase === "timeUp") {
    await endRound(ctx, room, round, now);
  } else {
    if (round.status !== "ended" || room.status !== "reveal") return;
    if (round.number >= room.rounds) {
      await ctx.db.patch("rooms", room._id, { status: "finished" });
    } else if (!(await beginRound(ctx, room, round.number + 1, now))) {
      // The pool emptied mid-game (a catalogue problem): the podium rather than a stuck room.
      await ctx.db.patch("rooms", room._id, { status: "finished", rounds: round.number });
    }
  }
}

/** Closes a room for good (idle too long): its timeline stops; its data goes a day later. */
export async function closeRoom(ctx: MutationCtx, room: Room, now: number) {
  const round = await roundOf(ctx, room._id, room.roundNumber);
  if (round !== null) await cancelIfPending(ctx, round.jobId);
  await ctx.db.patch("rooms", room._id, { status: "closed", closedAt: now });
}
