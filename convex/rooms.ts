import { v } from "convex/values";
import { internalMutation } from "./_generated/server";
import { playerMutation, playerQuery } from "./functions";
import { deleteClosedRooms } from "./model/rooms/cleanup";
import * as Lobby from "./model/rooms/lobby";
import * as Presence from "./model/rooms/presence";
import * as Privacy from "./model/rooms/privacy";
import { roomGuessOutcomeValidator, submitRoomGuess } from "./model/rooms/scoring";
import {
  advanceArgs,
  advanceRound,
  settleRound,
  startGame,
  startOutcomeValidator,
} from "./model/rooms/timeline";
import { roomView, roomViewValidator } from "./model/rooms/view";

/** A party room's page, for its members; anyone else gets `{ kind: "outside" }` only. */
export const view = playerQuery({
  args: { code: v.string() },
  returns: roomViewValidator,
  handler: async (ctx, { code }) => await roomView(ctx, ctx.user._id, code),
});

/** Makes a room with the caller as host; `private`: only its link lets newcomers in. */
export const create = playerMutation({
  args: { private: v.optional(v.boolean()) },
  returns: Lobby.roomCodeValidator,
  handler: async (ctx, args) => await Lobby.createRoom(ctx, ctx.user, args.private ?? false),
});

/**
 * Joins by code (from a link, the QR code or typed), with the secret a private room's link
 * carries; a member is simply back. Wrong codes are limited per account, so a refusal is a
 * result (its count must be kept), not an error.
 */
export const join = playerMutation({
  args: { code: v.string(), secret: v.optional(v.string()) },
  returns: Lobby.joinResultValidator,
  handler: async (ctx, args) => await Lobby.joinRoom(ctx, ctx.user, args),
});

/** The host makes the room private to its link, or open to its code again (at any time). */
export const setPrivate = playerMutation({
  args: { code: v.string(), private: v.boolean() },
  returns: v.null(),
  handler: async (ctx, args) => await Privacy.setRoomPrivacy(ctx, ctx.user._id, args),
});

/** The host gives a private room a new link (at any time): the old one admits nobody. */
export const newLink = playerMutation({
  args: { code: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => await Privacy.renewLink(ctx, ctx.user._id, args),
});

/** The host removes a player, who cannot join this room again, and renews a private link. */
export const remove = playerMutation({
  args: { code: v.string(), player: v.id("roomPlayers") },
  returns: v.null(),
  handler: async (ctx, args) => await Lobby.removePlayer(ctx, ctx.user._id, args),
});

/** The open room page says the player is still here, every ROOM_HEARTBEAT_MS; returns the server time. */
export const heartbeat = playerMutation({
  args: { code: v.string() },
  returns: Presence.heartbeatValidator,
  handler: async (ctx, { code }) => await Presence.heartbeat(ctx, ctx.user._id, code),
});

export const leave = playerMutation({
  args: { code: v.string() },
  returns: v.null(),
  handler: async (ctx, { code }) => await Presence.leaveRoom(ctx, ctx.user._id, code),
});

/** The host's settings: rounds (5, 10 or 15) and seconds per round (30 to 90). */
export const configure = playerMutation({
  args: { code: v.string(), rounds: v.number(), seconds: v.number() },
  returns: v.null(),
  handler: async (ctx, args) => await Lobby.configureRoom(ctx, ctx.user._id, args),
});

/** Start, or Play again from the podium: the host only. On an empty pool, the fill starts. */
export const start = playerMutation({
  args: { code: v.string() },
  returns: startOutcomeValidator,
  handler: async (ctx, { code }) => await startGame(ctx, ctx.user._id, code),
});

/** A guess on round `roundNumber` of the room's game. */
export const guess = playerMutation({
  args: { code: v.string(), roundNumber: v.number(), guess: v.string() },
  returns: roomGuessOutcomeValidator,
  handler: async (ctx, args) => await submitRoomGuess(ctx, ctx.user._id, args),
});

/** The round's timeline: scheduled by the rounds themselves, never called by a client. */
export const advance = internalMutation({
  args: advanceArgs,
  returns: v.null(),
  handler: async (ctx, args) => {
    await advanceRound(ctx, args);
    return null;
  },
});

/** Scheduled by a room guess that left its member nothing to do: ends the round if all are done. */
export const settle = internalMutation({
  args: { roundId: v.id("roomRounds") },
  returns: v.null(),
  handler: async (ctx, { roundId }) => {
    await settleRound(ctx, roundId);
    return null;
  },
});

export const sweep = internalMutation({
  args: { roomId: v.id("rooms") },
  returns: v.null(),
  handler: async (ctx, { roomId }) => {
    await Presence.sweepRoom(ctx, roomId);
    return null;
  },
});

/** The cron's job: closed rooms' data, a day after they closed. */
export const cleanup = internalMutation({
  args: {},
  returns: v.number(),
  handler: async (ctx) => await deleteClosedRooms(ctx),
});
