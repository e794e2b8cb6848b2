import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import {
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_CREATE_GAP_MS,
  ROOM_DEFAULT_ROUNDS,
  ROOM_DEFAULT_SECONDS,
  ROOM_MAX_PLAYERS,
} from "../shared/rules";
import { membership, requireHost, requireMember, roomByCode, validSettings } from "./access";
import { ensureSweep } from "./presence";

/** How many tries a new code gets before giving up (a clash is rare below a few thousand rooms). */
const CODE_TRIES = 8;

function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ROOM_CODE_LENGTH));
  // 31 letters: the modulo bias is below 1 %, harmless for a code that is checked for clashes.
  return Array.from(bytes, (b) => ROOM_CODE_ALPHABET[b % ROOM_CODE_ALPHABET.length]).join("");
}

function newPlayer(roomId: Id<"rooms">, user: Doc<"users">, now: number) {
  return {
    roomId,
    userId: user._id,
    username: user.username,
    joinedAt: now,
    presentSince: now,
    lastSeenAt: now,
    present: true,
    score: 0,
    solvedCount: 0,
    guessCount: 0,
    round: null,
  };
}

/** The room a player made or joined (`rooms.create`, `rooms.join`), by its code. */
export const roomCodeValidator = v.object({ code: v.string() });
type RoomCode = Infer<typeof roomCodeValidator>;

/** A new room in its lobby, with the caller as host and only member. */
export async function createRoom(ctx: MutationCtx, user: Doc<"users">): Promise<RoomCode> {
  const now = Date.now();
  const last = await ctx.db
    .query("rooms")
    .withIndex("by_createdBy", (q) => q.eq("createdBy", user._id))
    .order("desc")
    .first();
  if (last !== null && now - last.createdAt < ROOM_CREATE_GAP_MS) {
    throw appError("ROOM_CREATE_TOO_FAST");
  }
  let code: string | null = null;
  for (let attempt = 0; attempt < CODE_TRIES && code === null; attempt++) {
    const candidate = randomCode();
    const taken = await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", candidate))
      .first();
    if (taken === null) code = candidate;
  }
  if (code === null) throw new Error("No free room code found");
  const roomId = await ctx.db.insert("rooms", {
    code,
    hostId: user._id,
    createdBy: user._id,
    status: "lobby",
    rounds: ROOM_DEFAULT_ROUNDS,
    seconds: ROOM_DEFAULT_SECONDS,
    roundNumber: 0,
    playerCount: 1,
    createdAt: now,
    lastPresentAt: now,
  });
  await ctx.db.insert("roomPlayers", newPlayer(roomId, user, now));
  await ensureSweep(ctx, (await ctx.db.get("rooms", roomId))!);
  return { code };
}

/**
 * Joins by code (link, QR or typed). A member joining again is simply back; a new one needs a
 * seat. A game under way can be joined: the newcomer plays from the current round.
 */
export async function joinRoom(
  ctx: MutationCtx,
  user: Doc<"users">,
  code: string,
): Promise<RoomCode> {
  const room = await roomByCode(ctx, code);
  if (room === null) throw appError("ROOM_NOT_FOUND");
  if (room.status === "closed") throw appError("ROOM_CLOSED");
  const now = Date.now();
  const existing = await membership(ctx, room._id, user._id);
  if (existing !== null) {
    if (!existing.present) {
      await ctx.db.patch("roomPlayers", existing._id, {
        present: true,
        presentSince: now,
        lastSeenAt: now,
      });
    }
  } else {
    if (room.playerCount >= ROOM_MAX_PLAYERS) throw appError("ROOM_FULL");
    await ctx.db.insert("roomPlayers", newPlayer(room._id, user, now));
    await ctx.db.patch("rooms", room._id, { playerCount: room.playerCount + 1 });
  }
  await ctx.db.patch("rooms", room._id, { lastPresentAt: now });
  await ensureSweep(ctx, { ...room, lastPresentAt: now });
  return { code: room.code };
}

export async function configureRoom(
  ctx: MutationCtx,
  userId: Id<"users">,
  { code, rounds, seconds }: { code: string; rounds: number; seconds: number },
): Promise<null> {
  const { room } = await requireMember(ctx, code, userId);
  requireHost(room, userId);
  if (room.status !== "lobby" && room.status !== "finished") throw appError("ROOM_NOT_IN_LOBBY");
  if (!validSettings(rounds, seconds)) throw appError("ROOM_BAD_SETTINGS");
  await ctx.db.patch("rooms", room._id, { rounds, seconds });
  return null;
}
