import { v, type Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  ROOM_EMPTY_PAUSE_MS,
  ROOM_IDLE_CLOSE_MS,
  ROOM_MAX_AGE_MS,
  ROOM_PRESENCE_TIMEOUT_MS,
  ROOM_SWEEP_MS,
} from "../shared/rules";
import { playersOf, requireMember, type Room, type RoomPlayer } from "./access";
import { closeRoom, endRoundIfAllDone, pauseRoom, resumeRoom } from "./timeline";

/**
 * Makes sure the room's presence sweep runs within ROOM_SWEEP_MS (one pending job per room): a
 * room nobody is in sleeps until it would close, and wakes when someone comes back.
 */
export async function ensureSweep(ctx: MutationCtx, room: Room) {
  const now = Date.now();
  if (room.sweepJobId !== undefined) {
    const job = await ctx.db.system.get("_scheduled_functions", room.sweepJobId);
    if (job?.state.kind === "pending" && job.scheduledTime <= now + ROOM_SWEEP_MS) return;
    if (job?.state.kind === "pending") await ctx.scheduler.cancel(room.sweepJobId);
  }
  const sweepJobId = await ctx.scheduler.runAfter(ROOM_SWEEP_MS, internal.rooms.sweep, {
    roomId: room._id,
  });
  await ctx.db.patch("rooms", room._id, { sweepJobId });
}

/** The member present longest without a break, who becomes host when the host leaves. */
export function longestPresent(players: RoomPlayer[], except: Id<"users">): RoomPlayer | null {
  let best: RoomPlayer | null = null;
  for (const player of players) {
    if (!player.present || player.userId === except) continue;
    if (
      best === null ||
      player.presentSince < best.presentSince ||
      (player.presentSince === best.presentSince && player.joinedAt < best.joinedAt)
    ) {
      best = player;
    }
  }
  return best;
}

/** What a heartbeat returns (`rooms.heartbeat`): the server's time, for the round's clock. */
export const heartbeatValidator = v.object({ now: v.number() });

export async function heartbeatOf(ctx: QueryCtx, roomId: Id<"rooms">, userId: Id<"users">) {
  return await ctx.db
    .query("roomHeartbeats")
    .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", roomId).eq("userId", userId))
    .unique();
}

/** When the sweep last knows the player was here: their last heartbeat, or their return. */
async function lastSeen(ctx: QueryCtx, player: RoomPlayer): Promise<number> {
  const beat = await heartbeatOf(ctx, player.roomId, player.userId);
  return Math.max(player.lastSeenAt, beat?.lastSeenAt ?? 0);
}

/**
 * The heartbeat of an open room page: the player is here (again). It writes the player's own
 * heartbeat document, which no room view reads; their room document (which every member's view
 * reads) only when they come back.
 */
export async function heartbeat(
  ctx: MutationCtx,
  userId: Id<"users">,
  code: string,
): Promise<Infer<typeof heartbeatValidator>> {
  const { room, me } = await requireMember(ctx, code, userId);
  const now = Date.now();
  const beat = await heartbeatOf(ctx, room._id, userId);
  if (beat === null) {
    await ctx.db.insert("roomHeartbeats", { roomId: room._id, userId, lastSeenAt: now });
  } else {
    await ctx.db.patch("roomHeartbeats", beat._id, { lastSeenAt: now });
  }
  if (!me.present) {
    await ctx.db.patch("roomPlayers", me._id, {
      lastSeenAt: now,
      present: true,
      presentSince: now,
    });
    await ctx.db.patch("rooms", room._id, { lastPresentAt: now });
    const resumed = await resumeRoom(ctx, room, now);
    await ensureSweep(ctx, { ...resumed, lastPresentAt: now });
  }
  // The server's clock, so that the page's countdown follows it rather than the device's.
  return { now };
}

/**
 * Leaving on purpose: in the lobby the seat is freed; during a game the player stays on the
 * scoreboard, absent. A host who leaves hands the room over at once.
 */
export async function leaveRoom(ctx: MutationCtx, userId: Id<"users">, code: string) {
  const { room, me } = await requireMember(ctx, code, userId);
  if (room.status === "lobby") {
    await ctx.db.delete("roomPlayers", me._id);
    const beat = await heartbeatOf(ctx, room._id, userId);
    if (beat !== null) await ctx.db.delete("roomHeartbeats", beat._id);
    await ctx.db.patch("rooms", room._id, { playerCount: room.playerCount - 1 });
  } else {
    await ctx.db.patch("roomPlayers", me._id, { present: false });
  }
  if (room.hostId === userId) {
    const heir = longestPresent(await playersOf(ctx, room._id), userId);
    if (heir !== null) await ctx.db.patch("rooms", room._id, { hostId: heir.userId });
  }
  const current = (await ctx.db.get("rooms", room._id))!;
  await endRoundIfAllDone(ctx, current, Date.now());
  return null;
}

/**
 * Scheduled: marks players silent for ROOM_PRESENCE_TIMEOUT_MS as gone, hands an absent host's
 * room to the longest-present player, and ends a round the present players have all finished.
 * A room nobody is present in pauses its round after ROOM_EMPTY_PAUSE_MS and closes after
 * ROOM_IDLE_CLOSE_MS; any room closes at ROOM_MAX_AGE_MS. Reads the room, its ≤ 12 players and
 * their heartbeats; one pending sweep per room whatever its size, and an empty room's sweep
 * sleeps until its next deadline.
 */
export async function sweepRoom(ctx: MutationCtx, roomId: Id<"rooms">) {
  const room = await ctx.db.get("rooms", roomId);
  if (room === null || room.status === "closed") return;
  const now = Date.now();
  const players = await playersOf(ctx, roomId);
  for (const player of players) {
    if (player.present && now - (await lastSeen(ctx, player)) >= ROOM_PRESENCE_TIMEOUT_MS) {
      await ctx.db.patch("roomPlayers", player._id, { present: false });
      player.present = false;
    }
  }
  const anyonePresent = players.some((player) => player.present);
  const changes: Partial<Doc<"rooms">> = {};
  if (anyonePresent) changes.lastPresentAt = now;
  const host = players.find((player) => player.userId === room.hostId);
  if (host === undefined || !host.present) {
    const heir = longestPresent(players, room.hostId);
    if (heir !== null) changes.hostId = heir.userId;
  }
  const lastPresentAt = changes.lastPresentAt ?? room.lastPresentAt;
  const idleFor = now - lastPresentAt;
  if (
    now - room.createdAt >= ROOM_MAX_AGE_MS ||
    (!anyonePresent && idleFor >= ROOM_IDLE_CLOSE_MS)
  ) {
    await ctx.db.patch("rooms", roomId, changes);
    await closeRoom(ctx, { ...room, ...changes }, now);
    return;
  }
  const running = room.status === "playing" || room.status === "reveal";
  if (!anyonePresent && running && idleFor >= ROOM_EMPTY_PAUSE_MS) {
    await pauseRoom(ctx, room, now);
  }
  const pauseDue = running && room.pausedAt === undefined && idleFor < ROOM_EMPTY_PAUSE_MS;
  const next = anyonePresent
    ? now + ROOM_SWEEP_MS
    : lastPresentAt + (pauseDue ? ROOM_EMPTY_PAUSE_MS : ROOM_IDLE_CLOSE_MS);
  changes.sweepJobId = await ctx.scheduler.runAt(
    Math.min(next, room.createdAt + ROOM_MAX_AGE_MS),
    internal.rooms.sweep,
    { roomId },
  );
  await ctx.db.patch("rooms", roomId, changes);
  await endRoundIfAllDone(ctx, { ...room, ...changes }, now);
}
