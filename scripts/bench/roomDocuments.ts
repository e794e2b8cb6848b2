// Party rooms' rows of the bench's Convex table: the documents a room guess, a cover step change,
// the room view and a heartbeat read and write, beside `roomCount` other rooms in play (they must
// not change a thing: each function reads its own room's ≤ 12 players and ≤ 15 rounds only).
import type { Id } from "@convex/_generated/dataModel";
import { ROOM_CODE_ALPHABET, ROOM_MAX_PLAYERS } from "@convex/model/shared/rules";
import { createRoom, joinRoom } from "@convex/model/rooms/lobby";
import { heartbeat } from "@convex/model/rooms/presence";
import { submitRoomGuess } from "@convex/model/rooms/scoring";
import { advanceRound, startGame } from "@convex/model/rooms/timeline";
import { roomView } from "@convex/model/rooms/view";
import type { TestConvex } from "../../testing/convex/backend";
import { countingCtx, newCounts, type DocumentCounts } from "./countingCtx";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

type Figure = Pick<DocumentCounts, "reads" | "writes" | "readsByTable" | "writesByTable">;

/** A code no random room code takes (those are checked for clashes anyway): "2222", "2223", … */
function fillerCode(index: number): string {
  let code = "";
  let rest = index;
  for (let i = 0; i < 4; i++) {
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
          solvedCount: 0,
        });
      }
    });
  }
}

/** Runs `fn` counted; with `userId`, the caller's user document is read first, as the auth wrapper does. */
async function measure<T>(
  t: TestConvex,
  userId: Id<"users"> | null,
  fn: (ctx: Parameters<Parameters<TestConvex["run"]>[0]>[0]) => Promise<T>,
): Promise<{ figure: Figure; result: T }> {
  const counts = newCounts();
  const result = await t.run(async (raw) => {
    const { ctx } = countingCtx(raw, counts);
    if (userId !== null) await ctx.db.get("users", userId);
    return await fn(ctx);
  });
  return { figure: counts, result };
}

/** The rooms' rows, measured in a room of 12 beside `roomCount` others. */
export async function roomFigures(t: TestConvex, roomCount: number) {
  const users = await t.run(async (ctx) => await ctx.db.query("users").take(ROOM_MAX_PLAYERS));
  const ids = users.map((user) => user._id);
  await seedRooms(t, roomCount, ids);
  const code = await t.run(async (ctx) => {
    const { code } = await createRoom(ctx, users[0]);
    for (const user of users.slice(1)) await joinRoom(ctx, user, code);
    await startGame(ctx, ids[0], code);
    return code;
  });
  const { roundId, answer } = await t.run(async (ctx) => {
    const room = (await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", code))
      .unique())!;
    const round = (await ctx.db
      .query("roomRounds")
      .withIndex("by_roomId_and_number", (q) => q.eq("roomId", room._id).eq("number", 1))
      .unique())!;
    const anime = (await ctx.db.get("anime", round.animeId))!;
    return { roundId: round._id, answer: anime.answers[0] };
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
  rows["rooms.advance (step change)"] = (
    await measure(t, null, (ctx) => advanceRound(ctx, { roundId, phase: "step", step: 1 }))
  ).figure;
  rows["rooms.view (12 players)"] = (
    await measure(t, ids[3], (ctx) => roomView(ctx, ids[3], code))
  ).figure;
  rows["rooms.heartbeat"] = (
    await measure(t, ids[4], (ctx) => heartbeat(ctx, ids[4], code))
  ).figure;
  return rows;
}
