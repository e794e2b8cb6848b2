import { defineTable } from "convex/server";
import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";

/**
 * Party rooms: friends race on the same cover. Room points live here only (convex/model/rooms/).
 * convex/schema.ts composes the tables and re-exports the validators, so the code imports them
 * from there.
 */

export const roomStatus = v.union(
  v.literal("lobby"),
  v.literal("playing"),
  v.literal("reveal"),
  v.literal("finished"),
  v.literal("closed"),
);

/** A room: its code, host, settings and where its game is (the current round's number). */
export const roomFields = {
  /** Short and unambiguous (ROOM_CODE_ALPHABET), e.g. "K7QM2X". */
  code: v.string(),
  /**
   * Set when the room is private to its link: only the code with this secret lets a newcomer in
   * (model/rooms/privacy.ts). Only members are ever shown it.
   */
  linkSecret: v.optional(v.string()),
  hostId: v.id("users"),
  createdBy: v.id("users"),
  status: roomStatus,
  /** Rounds per game (ROOM_ROUND_CHOICES) and seconds per round. */
  rounds: v.number(),
  seconds: v.number(),
  /** The current round of this game (0 in the lobby). */
  roundNumber: v.number(),
  /** Members (at most ROOM_MAX_PLAYERS), kept here so a join reads one document. */
  playerCount: v.number(),
  createdAt: v.number(),
  /** The last time anyone was present: a room idle for ROOM_IDLE_CLOSE_MS closes. */
  lastPresentAt: v.number(),
  closedAt: v.optional(v.number()),
  /** The one pending presence sweep (rooms:sweep). */
  sweepJobId: v.optional(v.id("_scheduled_functions")),
  /** Since when the room's round has stood still because nobody was present. */
  pausedAt: v.optional(v.number()),
};

/** Someone the host removed from a room: they cannot join it again. */
export const roomBanFields = {
  roomId: v.id("rooms"),
  userId: v.id("users"),
};

/** An account's wrong room codes (a handful a minute), and its lock, which doubles each time. */
export const roomJoinAttemptFields = {
  userId: v.id("users"),
  /** Times of the wrong codes within the last ROOM_JOIN_FAILURE_WINDOW_MS. */
  failures: v.array(v.number()),
  lockedUntil: v.optional(v.number()),
  /** Locks in a row: the next one lasts ROOM_JOIN_LOCK_MS × 2^locks. */
  locks: v.number(),
  lastLockAt: v.optional(v.number()),
};

/** A player's part in the current round (reset when a round they had not played starts). */
/**
 * A member's part in one round. A right answer stores when it came and at which cover step; its
 * place and points are worked out from the round's answer times (model/rooms/places.ts) and
 * stored here, with the points added to the score, when the round ends.
 */
export const roomPlayerRound = v.object({
  number: v.number(),
  guesses: v.number(),
  solvedAt: v.optional(v.number()),
  step: v.optional(v.number()),
  points: v.number(),
  place: v.optional(v.number()),
});

/** A room member's last heartbeat, apart from their room document (see `lastSeenAt` there). */
export const roomHeartbeatFields = {
  roomId: v.id("rooms"),
  userId: v.id("users"),
  lastSeenAt: v.number(),
};

export const roomPlayerFields = {
  roomId: v.id("rooms"),
  userId: v.id("users"),
  username: v.string(),
  joinedAt: v.number(),
  /** Since when the player has been present without a break: the host hand-over goes by it. */
  presentSince: v.number(),
  /**
   * When the player was seen as they joined or came back; the heartbeats since go to
   * `roomHeartbeats`, which the room view does not read, so that a heartbeat re-runs nobody's view.
   */
  lastSeenAt: v.number(),
  present: v.boolean(),
  /** This game's points and stats. */
  score: v.number(),
  solvedCount: v.number(),
  guessCount: v.number(),
  fastestMs: v.optional(v.number()),
  lastGuessAt: v.optional(v.number()),
  round: nullable(roomPlayerRound),
};

export const roomRoundStatus = v.union(v.literal("playing"), v.literal("ended"));

/** One round of the room's current game (older games' rounds are deleted by Play again). */
export const roomRoundFields = {
  roomId: v.id("rooms"),
  number: v.number(),
  animeId: v.id("anime"),
  /** The cover's random address for this round (/cover/<token>/<step>): it names nothing. */
  coverToken: v.string(),
  /** The clue as dealt (catalogue/clue/roundClue.ts), the same for everyone. */
  clue: v.optional(v.string()),
  /** The blur step everyone sees now (index into BLUR_STEPS_PX). */
  step: v.number(),
  status: roomRoundStatus,
  startedAt: v.number(),
  endsAt: v.number(),
  endedAt: v.optional(v.number()),
  /** When the reveal ends and the next round (or the podium) comes. */
  revealEndsAt: v.optional(v.number()),
  /** The one pending timeline job (a step, the time-up or the reveal's end). */
  jobId: v.optional(v.id("_scheduled_functions")),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const roomTables = {
  rooms: defineTable(roomFields)
    .index("by_code", ["code"])
    .index("by_createdBy", ["createdBy"])
    .index("by_status_and_closedAt", ["status", "closedAt"]),
  roomPlayers: defineTable(roomPlayerFields)
    .index("by_roomId_and_userId", ["roomId", "userId"])
    .index("by_userId", ["userId"]),
  roomHeartbeats: defineTable(roomHeartbeatFields)
    .index("by_roomId_and_userId", ["roomId", "userId"])
    .index("by_userId", ["userId"]),
  roomBans: defineTable(roomBanFields)
    .index("by_roomId_and_userId", ["roomId", "userId"])
    .index("by_userId", ["userId"]),
  roomJoinAttempts: defineTable(roomJoinAttemptFields).index("by_userId", ["userId"]),
  roomRounds: defineTable(roomRoundFields)
    .index("by_roomId_and_number", ["roomId", "number"])
    // Whether an anime is in play in a room now: the Daily's choice passes such an anime over.
    .index("by_animeId_and_status", ["animeId", "status"])
    .index("by_coverToken", ["coverToken"]),
};
