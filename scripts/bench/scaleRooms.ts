// A party room at its busiest, for `npm run bench -- --only scale`: the one document room members
// share on their guesses is their round's count of solvers, which a right guess reads and writes so
// that two right answers at the same instant get 1st and 2nd place, never 1st twice. Rooms share
// nothing with each other or with the Challenge, so the worst case is one full room: every member
// answers within the same quarter of a second, after a wrong guess each. Recorded on the real
// functions, replayed against the same model of Convex's concurrency as the Challenge.
import { vi } from "vitest";
import { api } from "@convex/_generated/api";
import * as rooms from "@convex/rooms";
import { ROOM_GUESS_GAP_MS, ROOM_MAX_PLAYERS } from "@convex/model/shared/rules";
import { newBackend } from "../../testing/convex/backend";
import { newRoom, roomAndRound, roomPlayers, seedAnime, foldAwake } from "../../testing/world";
import { WRONG_GUESS } from "../../testing/fixtures/anime";
import { replayOcc, type Arrival } from "../../testing/convex/concurrency/occ";
import type { CallRecord } from "../../testing/convex/concurrency/readWriteSets";
import { recordCall } from "../../testing/convex/concurrency/recordCall";
import { indexFields } from "../../testing/convex/concurrency/schemaIndexes";

/** Rounds replayed: enough that one failure in 10,000 guesses would show. */
const ROUNDS = 2_000;
/** The right answers of a round all come within this window (a step change sharpens the cover). */
const ANSWER_WINDOW_MS = 250;

export type RoomBurst = {
  failedRoomGuessRate: number;
  rooms: {
    players: number;
    rounds: number;
    answerWindowMs: number;
    guesses: number;
    conflictingAttempts: number;
    failed: number;
  };
};

type Recorded = { wrong: CallRecord; correct: CallRecord };

/** A full room's first round: each member guesses wrong, then, a second later, right. */
async function recordFullRoom(): Promise<Recorded[]> {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
  try {
    const t = newBackend();
    // A busy deployment: the fold is awake, so no call schedules its wake.
    await foldAwake(t);
    await seedAnime(t, 40);
    const members = await roomPlayers(t, ROOM_MAX_PLAYERS);
    const code = await newRoom(members[0], members.slice(1));
    await members[0].as.mutation(api.rooms.start, { code });
    const { round } = await roomAndRound(t, code);
    const answer = await t.run(async (ctx) => (await ctx.db.get(round!.animeId))!.title.english!);
    const guess = async (member: (typeof members)[number], text: string, expected: string) => {
      const { record, result } = await recordCall(
        member.as,
        member.userId,
        "mutation",
        "rooms.guess",
        rooms.guess,
        { code, roundNumber: 1, guess: text },
      );
      const { kind } = result as { kind: string };
      if (kind !== expected) throw new Error(`room guess: ${kind}, not ${expected}`);
      return record;
    };
    const wrong: CallRecord[] = [];
    for (const member of members) wrong.push(await guess(member, WRONG_GUESS, "wrong"));
    vi.advanceTimersByTime(ROOM_GUESS_GAP_MS);
    const correct: CallRecord[] = [];
    for (const member of members) correct.push(await guess(member, answer, "correct"));
    return members.map((_, i) => ({ wrong: wrong[i], correct: correct[i] }));
  } finally {
    vi.useRealTimers();
  }
}

/** Each round replayed on its own (rooms share nothing); failures summed over all rounds. */
export async function roomBurst(random: () => number, runMs: number): Promise<RoomBurst> {
  const members = await recordFullRoom();
  let guesses = 0;
  let conflictingAttempts = 0;
  let failed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // The recorded members are distinct players: nothing is renamed (instance 0), so they meet on
    // exactly what they share, the room and its round.
    const arrivals: Arrival[] = members.flatMap(({ wrong, correct }) => [
      { at: random() * ROOM_GUESS_GAP_MS, kind: "wrong", record: wrong, instance: 0 },
      {
        at: ROOM_GUESS_GAP_MS + random() * ANSWER_WINDOW_MS,
        kind: "correct",
        record: correct,
        instance: 0,
      },
    ]);
    const result = replayOcc(arrivals, {
      runMs,
      fields: indexFields,
      privateIds: new Set(),
      random,
    });
    for (const { calls, conflicts, failed: lost } of Object.values(result)) {
      guesses += calls;
      conflictingAttempts += conflicts;
      failed += lost;
    }
  }
  return {
    failedRoomGuessRate: failed / guesses,
    rooms: {
      players: members.length,
      rounds: ROUNDS,
      answerWindowMs: ANSWER_WINDOW_MS,
      guesses,
      conflictingAttempts,
      failed,
    },
  };
}
