import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import {
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_MAX_PLAYERS,
  ROOM_ROUND_CHOICES,
  ROOM_SECONDS_MAX,
  ROOM_SECONDS_MIN,
} from "../shared/rules";

/**
 * Finding a room and its members, and who may act in it: what the lobby, presence and timeline
 * modules all read, kept apart so that none of them imports another in a circle.
 */

export type Room = Doc<"rooms">;
export type RoomPlayer = Doc<"roomPlayers">;

/** The code as typed ("k7qm ", "K7-QM") in its stored form, or null when it cannot be one. */
export function normalizeRoomCode(code: string): string | null {
  const cleaned = code.toUpperCase().replace(/[\s-]/g, "");
  if (cleaned.length !== ROOM_CODE_LENGTH) return null;
  for (const char of cleaned) if (!ROOM_CODE_ALPHABET.includes(char)) return null;
  return cleaned;
}

export async function roomByCode(ctx: QueryCtx, code: string): Promise<Room | null> {
  const normalized = normalizeRoomCode(code);
  if (normalized === null) return null;
  return await ctx.db
    .query("rooms")
    .withIndex("by_code", (q) => q.eq("code", normalized))
    .first();
}

export async function membership(
  ctx: QueryCtx,
  roomId: Id<"rooms">,
  userId: Id<"users">,
): Promise<RoomPlayer | null> {
  return await ctx.db
    .query("roomPlayers")
    .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", roomId).eq("userId", userId))
    .unique();
}

/** Whether the host removed the player from the room (they cannot join it again). */
export async function isRemoved(
  ctx: QueryCtx,
  roomId: Id<"rooms">,
  userId: Id<"users">,
): Promise<boolean> {
  const ban = await ctx.db
    .query("roomBans")
    .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", roomId).eq("userId", userId))
    .first();
  return ban !== null;
}

/** Every member of a room: never more than ROOM_MAX_PLAYERS. */
export async function playersOf(ctx: QueryCtx, roomId: Id<"rooms">): Promise<RoomPlayer[]> {
  return await ctx.db
    .query("roomPlayers")
    .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", roomId))
    .take(ROOM_MAX_PLAYERS);
}

/**
 * The room and the caller's place in it. A room that does not exist and one the caller is not
 * in are refused alike, so an outsider learns nothing, not even that the code is taken.
 */
export async function requireMember(
  ctx: QueryCtx,
  code: string,
  userId: Id<"users">,
): Promise<{ room: Room; me: RoomPlayer }> {
  const room = await roomByCode(ctx, code);
  const me = room === null ? null : await membership(ctx, room._id, userId);
  if (room === null || me === null) throw appError("NOT_IN_ROOM");
  if (room.status === "closed") throw appError("ROOM_CLOSED");
  return { room, me };
}

export function requireHost(room: Room, userId: Id<"users">) {
  if (room.hostId !== userId) throw appError("NOT_ROOM_HOST");
}

export function validSettings(rounds: number, seconds: number): boolean {
  return (
    (ROOM_ROUND_CHOICES as readonly number[]).includes(rounds) &&
    Number.isInteger(seconds) &&
    seconds >= ROOM_SECONDS_MIN &&
    seconds <= ROOM_SECONDS_MAX
  );
}
