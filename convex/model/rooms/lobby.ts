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
import {
  isRemoved,
  membership,
  requireHost,
  requireMember,
  roomByCode,
  validSettings,
  type Room,
} from "./access";
import { findToken, spend } from "../ops/budget";
import { lockedUntil } from "../shared/wrongCodes";
import { attemptsOf, recordWrongCode } from "./joinLimit";
import { ensureSweep, heartbeatOf } from "./presence";
import { holdsLinkSecret, linkOpens, newLinkSecret } from "./privacy";
import { endRoundIfAllDone, resumeRoom, showCurrentRound } from "./timeline";

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

/** A new room in its lobby, with the caller as host and only member; `isPrivate`: see privacy.ts. */
export async function createRoom(
  ctx: MutationCtx,
  user: Doc<"users">,
  isPrivate: boolean,
): Promise<RoomCode> {
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
    ...(isPrivate ? { linkSecret: newLinkSecret() } : {}),
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

/** Why a join by code did not let the player in: each one an error code with its message. */
export const joinRefusal = v.union(
  v.literal("ROOM_NOT_FOUND"),
  v.literal("ROOM_CLOSED"),
  v.literal("ROOM_FULL"),
  v.literal("ROOM_REMOVED"),
  v.literal("ROOM_JOIN_LOCKED"),
  v.literal("ROOM_CODES_BUSY"),
);
export type JoinRefusal = Infer<typeof joinRefusal>;

/**
 * What `rooms.join` returns. A refusal is a result, not a thrown error: a mutation that throws
 * rolls back its writes, and a wrong code must still be counted. `retryAt` comes with the lock.
 */
export const joinResultValidator = v.union(
  v.object({ kind: v.literal("joined"), code: v.string() }),
  v.object({ kind: v.literal("refused"), reason: joinRefusal, retryAt: v.optional(v.number()) }),
);
export type JoinResult = Infer<typeof joinResultValidator>;

/**
 * Joins by code (link, QR or typed), with the link's secret when the link had one. A member
 * joining again is simply back; anyone else is held to the account's wrong-code limit
 * (joinLimit.ts), then to the game's budget of wrong codes (ops/budget.ts): while either is used
 * up, no code works, so that neither can be used to tell a real code from a wrong one; only a
 * private room's own link still does, which tells nothing to anyone without it. A code that
 * names no open room counts as wrong (and takes a token of the budget), and so does a private
 * room's code without its secret, answered exactly alike (privacy.ts). A game under way can be
 * joined: the newcomer plays from the current round, whose anime is then theirs to be shown
 * (round/dealBar.ts).
 */
export async function joinRoom(
  ctx: MutationCtx,
  user: Doc<"users">,
  { code, secret }: { code: string; secret?: string },
): Promise<JoinResult> {
  const now = Date.now();
  const found = await roomByCode(ctx, code);
  const existing = found === null ? null : await membership(ctx, found._id, user._id);
  // A member's own room that has closed: no guess at all, so nothing to count.
  if (found?.status === "closed" && existing !== null) {
    return { kind: "refused", reason: "ROOM_CLOSED" };
  }
  if (found !== null && existing !== null) {
    if (!existing.present) {
      await ctx.db.patch("roomPlayers", existing._id, {
        present: true,
        presentSince: now,
        lastSeenAt: now,
      });
    }
    await cameBack(ctx, found, now);
    return { kind: "joined", code: found.code };
  }
  // To a newcomer without its link, a private room is no room at all.
  const known = found !== null && linkOpens(found, secret) ? found : null;
  const room = known?.status === "closed" ? null : known;
  const byLink = room !== null && holdsLinkSecret(room, secret);
  const attempts = await attemptsOf(ctx, user._id);
  const locked = lockedUntil(attempts, now);
  if (locked !== null && !byLink) {
    return { kind: "refused", reason: "ROOM_JOIN_LOCKED", retryAt: locked };
  }
  // Asked before the code counts for anything, right or wrong: the answer tells nothing of it.
  const budget = byLink ? null : await findToken(ctx, "wrongRoomCodes", now);
  if (budget?.ok === false) return { kind: "refused", reason: "ROOM_CODES_BUSY" };
  if (room === null) {
    if (budget !== null) await spend(ctx, budget.shard, now);
    const until = await recordWrongCode(ctx, user._id, attempts, now);
    if (until !== null) return { kind: "refused", reason: "ROOM_JOIN_LOCKED", retryAt: until };
    return { kind: "refused", reason: known === null ? "ROOM_NOT_FOUND" : "ROOM_CLOSED" };
  }
  if (await isRemoved(ctx, room._id, user._id)) return { kind: "refused", reason: "ROOM_REMOVED" };
  if (room.playerCount >= ROOM_MAX_PLAYERS) return { kind: "refused", reason: "ROOM_FULL" };
  await ctx.db.insert("roomPlayers", newPlayer(room._id, user, now));
  await ctx.db.patch("rooms", room._id, { playerCount: room.playerCount + 1 });
  await showCurrentRound(ctx, { ...room, playerCount: room.playerCount + 1 }, user._id, now);
  await cameBack(ctx, room, now);
  return { kind: "joined", code: room.code };
}

/** Someone is in the room (again): it is not idle, and a round paused while it was empty goes on. */
async function cameBack(ctx: MutationCtx, room: Room, now: number) {
  await ctx.db.patch("rooms", room._id, { lastPresentAt: now });
  const resumed = await resumeRoom(ctx, room, now);
  await ensureSweep(ctx, { ...resumed, lastPresentAt: now });
}

/**
 * The host removes a player (not themselves): their seat and their points go, and they cannot
 * join this room again. The round ends if everyone left in it is done.
 */
export async function removePlayer(
  ctx: MutationCtx,
  userId: Id<"users">,
  { code, player }: { code: string; player: Id<"roomPlayers"> },
): Promise<null> {
  const { room, me } = await requireMember(ctx, code, userId);
  requireHost(room, userId);
  const target = await ctx.db.get("roomPlayers", player);
  if (target === null || target.roomId !== room._id) throw appError("ROOM_PLAYER_NOT_FOUND");
  if (target._id === me._id) throw appError("ROOM_REMOVE_SELF");
  await ctx.db.delete("roomPlayers", target._id);
  const beat = await heartbeatOf(ctx, room._id, target.userId);
  if (beat !== null) await ctx.db.delete("roomHeartbeats", beat._id);
  await ctx.db.insert("roomBans", { roomId: room._id, userId: target.userId });
  const current = { ...room, playerCount: room.playerCount - 1 };
  // The ban holds one account; the link they know would admit their next one (sign-up is free):
  // a private room's link is renewed, the members are shown the new one.
  await ctx.db.patch("rooms", room._id, {
    playerCount: current.playerCount,
    ...(room.linkSecret === undefined ? {} : { linkSecret: newLinkSecret() }),
  });
  await endRoundIfAllDone(ctx, current, Date.now());
  return null;
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
