// Party rooms' rows of the bench's Convex table: the documents a room guess, a cover step change,
// the next round's deal, the room view, a heartbeat, joins (by link, a wrong code, a newcomer),
// a removal and the presence sweep read and write, beside `roomCount` other rooms in play (they
// must not change a thing: each function reads its own room's ≤ 12 players and ≤ 15 rounds
// only). Also how many members' room views one heartbeat re-runs (none: heartbeats go to their
// own table), and a returning player's (all of them: "present" is on the scoreboard).
import type { Id } from "@convex/_generated/dataModel";
import {
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_HEARTBEAT_MS,
  ROOM_MAX_PLAYERS,
} from "@convex/model/shared/rules";
import { BUDGETS } from "@convex/model/ops/budget";
import { createRoom, joinRoom, removePlayer } from "@convex/model/rooms/lobby";
import { heartbeat, sweepRoom } from "@convex/model/rooms/presence";
import { submitRoomGuess } from "@convex/model/rooms/scoring";
import { advanceRound, settleRound, startGame } from "@convex/model/rooms/timeline";
import { roomView } from "@convex/model/rooms/view";
import type { TestConvex } from "../../testing/convex/backend";
import { queryRunsCaused } from "../../testing/convex/concurrency/occ";
import { setBudget } from "../../testing/world";
import {
  newRecord,
  recordingCtx,
  type CallRecord,
} from "../../testing/convex/concurrency/readWriteSets";
import { indexFields } from "../../testing/convex/concurrency/schemaIndexes";
import { authReadsOf } from "./authReads";
import { countingCtx, newCounts, type DocumentCounts } from "./countingCtx";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

type Figure = Pick<DocumentCounts, "reads" | "writes" | "readsByTable" | "writesByTable">;

/** A code no random room code takes (those are checked for clashes anyway): "222222", … */
function fillerCode(index: number): string {
  let code = "";
  let rest = index;
  for (let i = 0; i < ROOM_CODE_LENGTH; i++) {
    code = ROOM_CODE_ALPHABET[ROOM_CODE_ALPHABET.length - 1 - (rest % 8)] + code;
    rest = Math.floor(rest / 8);
  }
  return code;
}

/** `roomCount` rooms in play, each with a full table of players and a round. */
async function seedRooms(t: TestConvex, roomCount: number, users: Id<"users">[]) {
  const anime = await t.run(async (ctx) => (await ctx.db.query("anime").first())!._id);
  for (let start = 0; start < roomCount; start += 50) {
    await t.run(async (ctx) => {
      for (let i = start; i < Math.min(roomCount, start + 50); i++) {
        const roomId = await ctx.db.insert("rooms", {
          code: fillerCode(i),
          hostId: users[0],
          createdBy: users[0],
          status: "playing",
          rounds: 5,
          seconds: 60,
          roundNumber: 1,
          playerCount: ROOM_MAX_PLAYERS,
          createdAt: 0,
          lastPresentAt: 0,
        });
        for (const userId of users) {
          await ctx.db.insert("roomPlayers", {
            roomId,
            userId,
            username: "filler",
            joinedAt: 0,
            presentSince: 0,
            lastSeenAt: 0,
            present: true,
            score: 0,
            solvedCount: 0,
            guessCount: 0,
            round: null,
          });
        }
        await ctx.db.insert("roomRounds", {
          roomId,
          number: 1,
          animeId: anime,
          coverToken: `filler${i}`,
          step: 0,
          status: "playing",
          startedAt: 0,
          endsAt: 60_000,
        });
      }
    });
  }
}

/** Runs `fn` counted; with `userId`, after the auth wrapper's reads (authReads.ts). */
async function measure<T>(
  t: TestConvex,
  userId: Id<"users"> | null,
  fn: (ctx: Parameters<Parameters<TestConvex["run"]>[0]>[0]) => Promise<T>,
): Promise<{ figure: Figure; result: T }> {
  const counts = newCounts();
  const authReads = userId === null ? null : await authReadsOf(t, userId);
  const result = await t.run(async (raw) => {
    const { ctx } = countingCtx(raw, counts);
    await authReads?.(ctx);
    return await fn(ctx);
  });
  return { figure: counts, result };
}

/**
 * Every member of the room seen now. Beside 100,000 players a step of this bench can take
 * minutes, which the sweep would read as the members gone (the host's seat handed on, a steady
 * heartbeat counted as a player coming back): the figures are of a room whose members are there.
 */
async function seenNow(t: TestConvex, roomId: Id<"rooms">) {
  await t.run(async (ctx) => {
    const now = Date.now();
    for (const table of ["roomPlayers", "roomHeartbeats"] as const) {
      const rows = await ctx.db
        .query(table)
        .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", roomId))
        .take(ROOM_MAX_PLAYERS + 1);
      for (const row of rows) await ctx.db.patch(table, row._id, { lastSeenAt: now });
    }
  });
}

/** How many of the 12 members' room views a heartbeat's writes re-run (Convex re-runs a query
 * whose read set a commit touches): a steady heartbeat's, and that of a player coming back. */
async function viewRerunsPerHeartbeat(t: TestConvex, ids: Id<"users">[], code: string) {
  const views: CallRecord[] = [];
  for (const userId of ids) {
    const record = newRecord("rooms.view", userId, { code });
    record.usesIdentity = true;
    await t.run(
      async (ctx) => await roomView(recordingCtx(ctx, record, indexFields), userId, code),
    );
    views.push(record);
  }
  const beat = async (userId: Id<"users">) => {
    const record = newRecord("rooms.heartbeat", userId, { code });
    await t.run(
      async (ctx) => await heartbeat(recordingCtx(ctx, record, indexFields), userId, code),
    );
    const writes = record.writes.map((write) => ({ write, renaming: null }));
    return queryRunsCaused(writes, views, ROOM_MAX_PLAYERS, indexFields);
  };
  const steady = await beat(ids[5]);
  await t.run(async (ctx) => {
    const room = (await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", code))
      .unique())!;
    const player = (await ctx.db
      .query("roomPlayers")
      .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", room._id).eq("userId", ids[6]))
      .unique())!;
    await ctx.db.patch("roomPlayers", player._id, { present: false });
  });
  const comingBack = await beat(ids[6]);
  return {
    steady,
    comingBack,
    /** Every member beating every ROOM_HEARTBEAT_MS, none coming back. */
    perSecond: (steady * ROOM_MAX_PLAYERS * 1000) / ROOM_HEARTBEAT_MS,
  };
}

/** The rooms' rows, measured in a room of 12 beside `roomCount` others. */
export async function roomFigures(t: TestConvex, roomCount: number) {
  const everyone = await t.run(
    async (ctx) => await ctx.db.query("users").take(ROOM_MAX_PLAYERS + 1),
  );
  const users = everyone.slice(0, ROOM_MAX_PLAYERS);
  const newcomer = everyone[ROOM_MAX_PLAYERS];
  const ids = users.map((user) => user._id);
  await seedRooms(t, roomCount, ids);
  const code = await t.run(async (ctx) => {
    const { code } = await createRoom(ctx, users[0], false);
    for (const user of users.slice(1)) await joinRoom(ctx, user, { code });
    await startGame(ctx, ids[0], code);
    return code;
  });
  const { roundId, roomId, answer } = await t.run(async (ctx) => {
    const room = (await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", code))
      .unique())!;
    const round = (await ctx.db
      .query("roomRounds")
      .withIndex("by_roomId_and_number", (q) => q.eq("roomId", room._id).eq("number", 1))
      .unique())!;
    const anime = (await ctx.db.get("anime", round.animeId))!;
    return { roundId: round._id, roomId: room._id, answer: anime.answers[0] };
  });
  const rows: Record<string, Figure> = {};
  const guess = (userId: Id<"users">, text: string) =>
    measure(t, userId, (ctx) =>
      submitRoomGuess(ctx, userId, { code, roundNumber: 1, guess: text }),
    );

  const wrong = await guess(ids[1], WRONG_GUESS);
  if (wrong.result.kind !== "wrong") throw new Error(`room guess: ${wrong.result.kind}`);
  rows["rooms.guess (wrong)"] = wrong.figure;
  const right = await guess(ids[2], answer);
  if (right.result.kind !== "correct") throw new Error(`room guess: ${right.result.kind}`);
  rows["rooms.guess (correct)"] = right.figure;
  // The job a right guess asks for: the round ends only when every present member is done.
  rows["rooms.settle (others still playing)"] = (
    await measure(t, null, (ctx) => settleRound(ctx, roundId))
  ).figure;
  rows["rooms.advance (step change)"] = (
    await measure(t, null, (ctx) => advanceRound(ctx, { roundId, phase: "step", step: 1 }))
  ).figure;
  rows["rooms.view (12 players)"] = (
    await measure(t, ids[3], (ctx) => roomView(ctx, ids[3], code))
  ).figure;
  await seenNow(t, roomId);
  rows["rooms.heartbeat"] = (
    await measure(t, ids[4], (ctx) => heartbeat(ctx, ids[4], code))
  ).figure;
  rows["rooms.sweep (12 players)"] = (
    await measure(t, null, (ctx) => sweepRoom(ctx, roomId))
  ).figure;
  rows["rooms.join (a member, by link)"] = (
    await measure(t, ids[3], (ctx) => joinRoom(ctx, users[3], { code }))
  ).figure;
  // The game's budget of wrong codes as a day of joins leaves it (each shard made), then used up.
  const { perMinute, shards } = BUDGETS.wrongRoomCodes;
  await setBudget(t, "wrongRoomCodes", perMinute / shards);
  const wrongCode = await measure(t, newcomer._id, (ctx) =>
    joinRoom(ctx, newcomer, { code: "ZZZZZZ" }),
  );
  if (wrongCode.result.kind !== "refused") throw new Error("a wrong code joined");
  rows["rooms.join (a wrong code)"] = wrongCode.figure;
  await setBudget(t, "wrongRoomCodes", 0);
  const busy = await measure(t, newcomer._id, (ctx) => joinRoom(ctx, newcomer, { code }));
  if (busy.result.kind !== "refused" || busy.result.reason !== "ROOM_CODES_BUSY") {
    throw new Error("a code was checked with the game's budget used up");
  }
  rows["rooms.join (game's codes used up)"] = busy.figure;
  await setBudget(t, "wrongRoomCodes", perMinute / shards);
  rows["rooms.remove"] = (
    await measure(t, ids[0], async (ctx) => {
      const player = (await ctx.db
        .query("roomPlayers")
        .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", roomId).eq("userId", ids[11]))
        .unique())!;
      return await removePlayer(ctx, ids[0], { code, player: player._id });
    })
  ).figure;
  const joined = await measure(t, newcomer._id, (ctx) => joinRoom(ctx, newcomer, { code }));
  if (joined.result.kind !== "joined") throw new Error(`newcomer: ${joined.result.reason}`);
  rows["rooms.join (a newcomer, mid-round)"] = joined.figure;
  rows["rooms.advance (time up, places)"] = (
    await measure(t, null, (ctx) => advanceRound(ctx, { roundId, phase: "timeUp" }))
  ).figure;
  rows["rooms.advance (next round's deal)"] = (
    await measure(t, null, (ctx) => advanceRound(ctx, { roundId, phase: "revealEnd" }))
  ).figure;
  await seenNow(t, roomId);
  const presence = await viewRerunsPerHeartbeat(t, [...ids.slice(0, 11), newcomer._id], code);
  return { rows, presence };
}
