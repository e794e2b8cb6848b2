import { internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { cancelIfPending } from "./jobs";
import { ROOM_DATA_KEPT_MS } from "../shared/rules";
import { playersOf, type Room, type RoomPlayer } from "./access";
import { heartbeatOf, longestPresent } from "./presence";
import { roundOf } from "./timeline";

/** Rooms deleted per run: each is at most 1 + 12 players + 12 heartbeats + 15 rounds… */
const ROOMS_PER_RUN = 20;
/** …and its removed players, this many per run (a room with more waits for the next run). */
const BANS_PER_RUN = 50;

/**
 * The cron's cleanup: deletes closed rooms a day after they closed, with their players and
 * rounds, a batch at a time (another run follows at once while some are left).
 */
export async function deleteClosedRooms(ctx: MutationCtx): Promise<number> {
  const cutoff = Date.now() - ROOM_DATA_KEPT_MS;
  const rooms = await ctx.db
    .query("rooms")
    .withIndex("by_status_and_closedAt", (q) => q.eq("status", "closed").lt("closedAt", cutoff))
    .take(ROOMS_PER_RUN);
  let more = rooms.length === ROOMS_PER_RUN;
  for (const room of rooms) if (!(await deleteRoom(ctx, room))) more = true;
  if (more) {
    await ctx.scheduler.runAfter(0, internal.rooms.cleanup, {});
  }
  return rooms.length;
}

/**
 * Deletes a room with its bans, players, heartbeats and rounds, and its pending jobs. False when
 * a batch of bans was all it had room for: the room waits for the next run.
 */
async function deleteRoom(ctx: MutationCtx, room: Room): Promise<boolean> {
  const bans = await ctx.db
    .query("roomBans")
    .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", room._id))
    .take(BANS_PER_RUN);
  for (const ban of bans) await ctx.db.delete("roomBans", ban._id);
  if (bans.length === BANS_PER_RUN) return false;
  for (const player of await playersOf(ctx, room._id)) {
    await ctx.db.delete("roomPlayers", player._id);
    const beat = await heartbeatOf(ctx, room._id, player.userId);
    if (beat !== null) await ctx.db.delete("roomHeartbeats", beat._id);
  }
  for (let n = 1; n <= room.roundNumber; n++) {
    const round = await roundOf(ctx, room._id, n);
    if (round === null) continue;
    await cancelIfPending(ctx, round.jobId);
    await ctx.db.delete("roomRounds", round._id);
  }
  await cancelIfPending(ctx, room.sweepJobId);
  await ctx.db.delete("rooms", room._id);
  return true;
}

/**
 * A deleted account leaves its rooms for good: its seat, heartbeat and scores go, a room it hosts
 * or made passes to the member present longest (or any member left), and a room left empty is
 * deleted. Reads the room, its ≤ ROOM_MAX_PLAYERS players and their heartbeats.
 */
export async function removeDeletedPlayer(
  ctx: MutationCtx,
  roomId: Id<"rooms">,
  userId: Id<"users">,
): Promise<void> {
  const room = await ctx.db.get("rooms", roomId);
  if (room === null) return;
  const players = await playersOf(ctx, roomId);
  const mine = players.find((player) => player.userId === userId);
  if (mine !== undefined) {
    await ctx.db.delete("roomPlayers", mine._id);
    const beat = await heartbeatOf(ctx, roomId, userId);
    if (beat !== null) await ctx.db.delete("roomHeartbeats", beat._id);
  }
  const others = players.filter((player) => player.userId !== userId);
  if (others.length === 0) {
    await deleteRoom(ctx, room);
    return;
  }
  const heir: RoomPlayer = longestPresent(others, userId) ?? others[0];
  await ctx.db.patch("rooms", roomId, {
    playerCount: others.length,
    ...(room.hostId === userId ? { hostId: heir.userId } : {}),
    ...(room.createdBy === userId ? { createdBy: heir.userId } : {}),
  });
}
