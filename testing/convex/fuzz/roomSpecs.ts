/** What each party-room function may do. */
import fc from "fast-check";
import { expect } from "vitest";
import { normalizeRoomCode } from "../../../convex/model/rooms/access";
import type { ErrorCode } from "../../../convex/model/shared/errors";
import type { PublicFunctionName } from "../backend";
import { type World, Live } from "./world";
import { type CallRecord, type Spec, forPlayers } from "./calls";

export async function roomRoundOf(world: World) {
  return await world.t.run(async (ctx) => {
    const room = await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", world.roomCode))
      .unique();
    if (room === null) return null;
    const round = await ctx.db
      .query("roomRounds")
      .withIndex("by_roomId_and_number", (q) =>
        q.eq("roomId", room._id).eq("number", room.roundNumber),
      )
      .unique();
    const anime = round === null ? null : await ctx.db.get("anime", round.animeId);
    return { number: room.roundNumber, answer: anime?.answers[0] ?? "Show 1" };
  });
}

export const roomLive = {
  code: new Live("the room's code", (world) => world.roomCode),
  codeTyped: new Live(
    "the room's code, lower-cased and spaced",
    (world) => ` ${world.roomCode.toLowerCase().split("").join(" ")} `,
  ),
  round: new Live("the room's round", async (world) => (await roomRoundOf(world))?.number ?? 1),
  answer: new Live("the room round's answer", async (world) => (await roomRoundOf(world))?.answer),
  secret: new Live(
    "the room's link secret",
    async (world) =>
      (await world.t.run(async (ctx) => {
        const room = await ctx.db
          .query("rooms")
          .withIndex("by_code", (q) => q.eq("code", world.roomCode))
          .unique();
        return room?.linkSecret;
      })) ?? "",
  ),
  member: new Live("a player of the room", async (world) =>
    world.t.run(async (ctx) => {
      const room = await ctx.db
        .query("rooms")
        .withIndex("by_code", (q) => q.eq("code", world.roomCode))
        .unique();
      if (room === null) return "";
      const players = await ctx.db
        .query("roomPlayers")
        .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", room._id))
        .take(12);
      return players.at(-1)?._id ?? "";
    }),
  ),
};

/** Room calls come seconds apart: a jump past the idle minutes would close the room for good. */
export const roomClock = fc.constantFrom(0, 0, 0, 1_000, 10_000);

export const roomCodes = fc.constantFrom(
  roomLive.code,
  roomLive.codeTyped,
  "ZZZZZZ",
  "",
  "K7QM",
  "K7QM2X",
);

/** A private room's secret, another one of the same shape, and nonsense. */
export const roomSecrets = fc.constantFrom(roomLive.secret, "0".repeat(32), "", "K7QM2X");

export const ROOM_MEMBER_REFUSALS: ErrorCode[] = ["NOT_IN_ROOM", "ROOM_CLOSED"];

export const ROOM_GUESS_OUTCOMES = [
  "ignored",
  "stale",
  "roundOver",
  "alreadySolved",
  "correct",
  "wrong",
  "outOfGuesses",
];

export const roomSpecs = {
  "rooms:view": {
    refusals: forPlayers(),
    hints: { code: roomCodes },
    realistic: fc.record({ code: roomCodes }),
    clock: roomClock,
    succeeded: (result: unknown, { caller }: CallRecord) => {
      const view = result as { kind: string; round?: { status: string; answer: unknown } | null };
      expect(["outside", "removed", "closed", "member"]).toContain(view.kind);
      if (caller.role === "admin" && view.kind === "member") return; // the admin may have joined
      if (view.round?.status === "playing") expect(view.round.answer).toBeNull();
    },
  },
  "rooms:create": {
    refusals: forPlayers("ROOM_CREATE_TOO_FAST"),
    hints: { private: fc.boolean() },
    clock: roomClock,
    succeeded: (result: unknown) =>
      expect((result as { code: string }).code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/),
  },
  "rooms:join": {
    refusals: forPlayers(),
    hints: { code: roomCodes, secret: roomSecrets },
    // A typed code (no secret), or a link (its secret, or a stale one).
    realistic: fc.record({ code: roomCodes, secret: roomSecrets }, { requiredKeys: ["code"] }),
    clock: roomClock,
    succeeded: (result: unknown, { args, before, caller }: CallRecord) => {
      const joined = result as { kind: string; code?: string; reason?: string; retryAt?: number };
      // A private room's code without its secret, to an outsider: like no room at all.
      const { code, secret } = args as { code: string; secret?: string };
      const room = before.rooms.find((r) => r.code === normalizeRoomCode(code));
      const member = before.roomPlayers.some(
        (p) => p.roomId === room?._id && p.userId === caller.userId,
      );
      if (room?.linkSecret !== undefined && secret !== room.linkSecret && !member) {
        expect(["ROOM_NOT_FOUND", "ROOM_JOIN_LOCKED", "ROOM_CODES_BUSY"]).toContain(joined.reason);
      }
      // The game's budget of wrong codes used up: nobody's code is checked, but a member's own
      // room and a private room's own link are no guess.
      if (joined.reason === "ROOM_CODES_BUSY") {
        expect(member || (room?.linkSecret !== undefined && secret === room.linkSecret)).toBe(
          false,
        );
        expect(joined.retryAt).toBeUndefined();
      }
      if (joined.kind === "joined") expect(joined.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      else {
        expect(["ROOM_NOT_FOUND", "ROOM_CLOSED", "ROOM_FULL", "ROOM_REMOVED"]).toContain(
          joined.reason === "ROOM_JOIN_LOCKED" || joined.reason === "ROOM_CODES_BUSY"
            ? "ROOM_NOT_FOUND"
            : joined.reason,
        );
        if (joined.reason === "ROOM_JOIN_LOCKED")
          expect(joined.retryAt).toBeGreaterThan(Date.now());
      }
    },
  },
  "rooms:setPrivate": {
    refusals: forPlayers(...ROOM_MEMBER_REFUSALS, "NOT_ROOM_HOST"),
    hints: { code: roomCodes },
    realistic: fc.record({ code: fc.constant(roomLive.code), private: fc.boolean() }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:newLink": {
    refusals: forPlayers(...ROOM_MEMBER_REFUSALS, "NOT_ROOM_HOST", "ROOM_NOT_PRIVATE"),
    hints: { code: roomCodes },
    realistic: fc.record({ code: fc.constant(roomLive.code) }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:remove": {
    refusals: forPlayers(
      ...ROOM_MEMBER_REFUSALS,
      "NOT_ROOM_HOST",
      "ROOM_PLAYER_NOT_FOUND",
      "ROOM_REMOVE_SELF",
    ),
    hints: { code: roomCodes },
    realistic: fc.record({
      code: fc.constant(roomLive.code),
      player: fc.constant(roomLive.member),
    }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:heartbeat": {
    refusals: forPlayers(...ROOM_MEMBER_REFUSALS),
    hints: { code: roomCodes },
    realistic: fc.record({ code: roomCodes }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toEqual({ now: Date.now() }),
  },
  "rooms:leave": {
    refusals: forPlayers(...ROOM_MEMBER_REFUSALS),
    hints: { code: roomCodes },
    realistic: fc.record({ code: roomCodes }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:configure": {
    refusals: forPlayers(
      ...ROOM_MEMBER_REFUSALS,
      "NOT_ROOM_HOST",
      "ROOM_BAD_SETTINGS",
      "ROOM_NOT_IN_LOBBY",
    ),
    hints: {
      code: roomCodes,
      rounds: fc.constantFrom(5, 10, 15, 4, 0, -5, 5.5),
      seconds: fc.integer({ min: 20, max: 100 }),
    },
    realistic: fc.record({
      code: fc.constant(roomLive.code),
      rounds: fc.constantFrom(5, 10, 15),
      seconds: fc.integer({ min: 30, max: 90 }),
    }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:start": {
    refusals: forPlayers(
      ...ROOM_MEMBER_REFUSALS,
      "NOT_ROOM_HOST",
      "ROOM_NOT_IN_LOBBY",
      "ROOM_POOL_TOO_SMALL",
      "ROOM_NOTHING_TO_DEAL",
    ),
    hints: { code: roomCodes },
    realistic: fc.record({ code: fc.constant(roomLive.code) }),
    clock: roomClock,
    // The fuzz world's pool has anime ready: a start that is not refused starts the game.
    succeeded: (result: unknown) => expect(result).toEqual({ kind: "started" }),
  },
  "rooms:guess": {
    refusals: forPlayers(
      ...ROOM_MEMBER_REFUSALS,
      "GUESS_TOO_LONG",
      "GUESS_IS_A_LIST",
      "GUESS_TOO_GENERIC",
      "ROOM_GUESS_TOO_FAST",
    ),
    hints: {
      code: roomCodes,
      roundNumber: fc.constantFrom(roomLive.round, 0, 99),
      guess: fc.constantFrom(roomLive.answer, "Zorblat", "Show 1, Show 2", "   "),
    },
    realistic: fc.record({
      code: fc.constant(roomLive.code),
      roundNumber: fc.constant(roomLive.round),
      guess: fc.constantFrom(roomLive.answer, "Zorblat", "Naruto"),
    }),
    clock: fc.constantFrom(0, 1_000, 1_000, 10_000),
    succeeded: (result: unknown) => {
      const outcome = result as { kind: string };
      expect(ROOM_GUESS_OUTCOMES).toContain(outcome.kind);
      // Nothing but its kind: the place and points are the view's (model/rooms/places.ts).
      if (outcome.kind === "correct") expect(outcome).toEqual({ kind: "correct" });
    },
  },
} satisfies Partial<Record<PublicFunctionName, Spec>>;
