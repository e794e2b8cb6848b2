import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import {
  pointsFor,
  ROOM_CODE_ALPHABET,
  ROOM_CODE_LENGTH,
  ROOM_EMPTY_PAUSE_MS,
  ROOM_JOIN_LOCK_MS,
  ROOM_JOIN_MAX_FAILURES,
  ROOM_MAX_AGE_MS,
  ROOM_SEEN_BAR_MS,
} from "../../model/shared/rules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  deal,
  dealtAnime,
  memberView as view,
  newRoom,
  roomAndRound,
  roomPlayers as players,
  gameOf,
  guessAs,
  scoreOf,
  seedAnime,
  skipAs,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

async function roomAnime(t: TestConvex, code: string): Promise<Id<"anime">> {
  return (await roomAndRound(t, code)).round!.animeId;
}

/** Every room code that is not `code`, in order: what an enumerating script sends. */
function* otherCodes(code: string) {
  for (const a of ROOM_CODE_ALPHABET) {
    const guess = `${a}${code.slice(1)}`;
    if (guess !== code) yield guess;
  }
}

async function elapse(t: TestConvex, ms: number) {
  vi.advanceTimersByTime(ms);
  await t.finishInProgressScheduledFunctions();
}

describe("room codes cannot be enumerated", () => {
  test("wrong codes hit the limit, the lock doubles each time, and no code works while locked", async () => {
    const t = newBackend();
    await seedAnime(t, 2);
    const [ann, eve, ben] = await players(t, 3);
    const code = await newRoom(ann, []);
    const guesses = otherCodes(code);
    /** Time passes, Ann's page beating, so that her room stays open. */
    const wait = async (ms: number) => {
      for (let left = ms; left > 0; left -= 5_000) {
        await elapse(t, Math.min(left, 5_000));
        await ann.as.mutation(api.rooms.heartbeat, { code });
      }
    };
    const tryCodes = async (count: number) => {
      const results = [];
      for (let i = 0; i < count; i++) {
        results.push(await eve.as.mutation(api.rooms.join, { code: guesses.next().value! }));
      }
      return results;
    };

    let lock = ROOM_JOIN_LOCK_MS;
    for (let round = 0; round < 3; round++) {
      const results = await tryCodes(ROOM_JOIN_MAX_FAILURES);
      expect(results.slice(0, -1)).toEqual(
        Array(ROOM_JOIN_MAX_FAILURES - 1).fill({ kind: "refused", reason: "ROOM_NOT_FOUND" }),
      );
      // The limit's last wrong code locks at once, and says until when.
      const retryAt = Date.now() + lock;
      expect(results.at(-1)).toEqual({ kind: "refused", reason: "ROOM_JOIN_LOCKED", retryAt });
      // While locked even the real code is refused: a lock tells a script nothing.
      await wait(lock - 1);
      expect(await eve.as.mutation(api.rooms.join, { code })).toEqual({
        kind: "refused",
        reason: "ROOM_JOIN_LOCKED",
        retryAt,
      });
      await wait(1);
      lock *= 2;
    }
    // A script gets at most ROOM_JOIN_MAX_FAILURES a minute, however it paces them: trying every
    // code takes more than a thousand times as long as a room lives.
    const codes = ROOM_CODE_ALPHABET.length ** ROOM_CODE_LENGTH;
    expect((codes / ROOM_JOIN_MAX_FAILURES) * 60_000).toBeGreaterThan(1000 * ROOM_MAX_AGE_MS);
    // Once the lock is over the real code works; others are not held back by Eve's lock.
    expect(await eve.as.mutation(api.rooms.join, { code })).toEqual({ kind: "joined", code });
    expect(await ben.as.mutation(api.rooms.join, { code })).toEqual({ kind: "joined", code });
    // A member comes back to their own room whatever their lock.
    await tryCodes(ROOM_JOIN_MAX_FAILURES);
    expect(await eve.as.mutation(api.rooms.join, { code })).toEqual({ kind: "joined", code });
    // A day without a lock starts the doubling over.
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    const fresh = await tryCodes(ROOM_JOIN_MAX_FAILURES);
    expect(fresh.at(-1)).toEqual({
      kind: "refused",
      reason: "ROOM_JOIN_LOCKED",
      retryAt: Date.now() + ROOM_JOIN_LOCK_MS,
    });
  });

  test("a closed room's code counts as a wrong one, except for its members", async () => {
    const t = newBackend();
    await seedAnime(t, 2);
    const [ann, eve] = await players(t, 2);
    const code = await newRoom(ann, []);
    await t.run(async (ctx) => {
      const room = (await ctx.db.query("rooms").first())!;
      await ctx.db.patch("rooms", room._id, { status: "closed", closedAt: Date.now() });
    });
    // Its own members are told it closed as often as they look: they guessed nothing.
    for (let i = 0; i < 2 * ROOM_JOIN_MAX_FAILURES; i++) {
      expect(await ann.as.mutation(api.rooms.join, { code })).toEqual({
        kind: "refused",
        reason: "ROOM_CLOSED",
      });
    }
    for (let i = 1; i < ROOM_JOIN_MAX_FAILURES; i++) {
      expect(await eve.as.mutation(api.rooms.join, { code })).toEqual({
        kind: "refused",
        reason: "ROOM_CLOSED",
      });
    }
    expect(await eve.as.mutation(api.rooms.join, { code })).toMatchObject({
      reason: "ROOM_JOIN_LOCKED",
    });
  });
});

describe("the host removes a player", () => {
  test("the removed player is out for good; only the host removes, and not themselves", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, ben, cy, dan] = await players(t, 4);
    const code = await newRoom(ann, [ben, cy]);
    await ann.as.mutation(api.rooms.start, { code });
    const key = (name: string) =>
      view(ann, code).then((v) => v.players.find((p) => p.username === name)!.key);
    const benKey = await key("Player1");
    await expectErrorCode(
      cy.as.mutation(api.rooms.remove, { code, player: benKey }),
      "NOT_ROOM_HOST",
    );
    await expectErrorCode(
      ann.as.mutation(api.rooms.remove, { code, player: await key("Player0") }),
      "ROOM_REMOVE_SELF",
    );
    // Someone of another room is no one here.
    const other = await newRoom(dan, []);
    const danKey = (await view(dan, other)).players[0].key;
    await expectErrorCode(
      ann.as.mutation(api.rooms.remove, { code, player: danKey }),
      "ROOM_PLAYER_NOT_FOUND",
    );

    await ann.as.mutation(api.rooms.remove, { code, player: benKey });
    expect((await view(ann, code)).players.map((p) => p.username)).toEqual(["Player0", "Player2"]);
    expect(await ben.as.query(api.rooms.view, { code })).toEqual({ kind: "removed" });
    expect(await ben.as.mutation(api.rooms.join, { code })).toEqual({
      kind: "refused",
      reason: "ROOM_REMOVED",
    });
    await expectErrorCode(ben.as.mutation(api.rooms.heartbeat, { code }), "NOT_IN_ROOM");
    await expectErrorCode(
      ben.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: "x" }),
      "NOT_IN_ROOM",
    );
    await expectErrorCode(
      ann.as.mutation(api.rooms.remove, { code, player: benKey }),
      "ROOM_PLAYER_NOT_FOUND",
    );
    // Still out after the game ends and another begins; the seat is free for someone else.
    expect(await dan.as.mutation(api.rooms.join, { code })).toEqual({ kind: "joined", code });
    expect((await view(ann, code)).players).toHaveLength(3);
  });
});

describe("no room is an oracle for the Challenge, nor the Challenge for a room", () => {
  test("the skip-until-it-appears attack: the solo deal never deals an anime in play in the player's room, and it never scores that day", async () => {
    const t = newBackend();
    await seedAnime(t, 4);
    const [ann, ben] = await players(t, 2);
    const code = await newRoom(ann, [ben]);
    await ann.as.mutation(api.rooms.start, { code });
    const inRoom = await roomAnime(t, code);

    await deal(ann);
    const dealt: Id<"anime">[] = [(await dealtAnime(t, ann))._id];
    for (let skip = 0; skip < 20; skip++) {
      await skipAs(ann);
      dealt.push((await dealtAnime(t, ann))._id);
    }
    expect(dealt).not.toContain(inRoom);
    expect(new Set(dealt).size).toBe(3);

    // The room's round ends (its answer shown); later that day it is still not dealt.
    const answer = (await t.run(async (ctx) => await ctx.db.get("anime", inRoom)))!.title.english!;
    await ann.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer });
    await ben.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer });
    vi.advanceTimersByTime(ROOM_SEEN_BAR_MS - 60_000);
    for (let skip = 0; skip < 10; skip++) {
      await skipAs(ann);
      expect((await dealtAnime(t, ann))._id).not.toBe(inRoom);
    }
    // Much later it may come back, seen: a right guess scores nothing.
    vi.advanceTimersByTime(60_000);
    let skips = 0;
    while ((await dealtAnime(t, ann))._id !== inRoom && skips++ < 40) await skipAs(ann);
    expect((await gameOf(t, ann)).round).toMatchObject({ animeId: inRoom, seenBefore: true });
    const before = await scoreOf(t, ann);
    expect(await guessAs(ann, answer)).toEqual({ kind: "correct", points: 0 });
    expect(await scoreOf(t, ann)).toBe(before);
  });

  test("another room of a member never deals an anime in play in theirs", async () => {
    const t = newBackend();
    await seedAnime(t, 1);
    const [ann, ben, cy] = await players(t, 3);
    const first = await newRoom(ann, [ben]);
    await ann.as.mutation(api.rooms.start, { code: first });
    // Ben's other room has only that one anime to deal: it deals nothing rather than it.
    const second = await newRoom(cy, [ben]);
    await expectErrorCode(
      cy.as.mutation(api.rooms.start, { code: second }),
      "ROOM_NOTHING_TO_DEAL",
    );
    // With another in the pool, that other one.
    const [extra] = await seedAnime(t, 1);
    vi.advanceTimersByTime(1_000);
    await cy.as.mutation(api.rooms.start, { code: second });
    expect(await roomAnime(t, second)).toBe(extra);
  });

  test("a room never deals a member's solo anime; joining mid-round makes a solo round on it score nothing", async () => {
    const t = newBackend();
    const [only] = await seedAnime(t, 1);
    const [ann, ben] = await players(t, 2);
    await deal(ann);
    expect((await dealtAnime(t, ann))._id).toBe(only);
    const withAnn = await newRoom(ann, [ben]);
    await expectErrorCode(
      ann.as.mutation(api.rooms.start, { code: withAnn }),
      "ROOM_NOTHING_TO_DEAL",
    );
    // Ben's room, without Ann, deals it; Ann joins while it is in play and sees its cover.
    await ann.as.mutation(api.rooms.leave, { code: withAnn });
    await ben.as.mutation(api.rooms.start, { code: withAnn });
    expect(await roomAnime(t, withAnn)).toBe(only);
    await ann.as.mutation(api.rooms.join, { code: withAnn });
    expect((await gameOf(t, ann)).round).toMatchObject({ animeId: only, seenBefore: true });
    const title = (await dealtAnime(t, ann)).title.english!;
    expect(await guessAs(ann, title)).toEqual({ kind: "correct", points: 0 });
    expect(await scoreOf(t, ann)).toBe(0);
    expect(pointsFor(1)).toBeGreaterThan(0);
  });
});

describe("presence", () => {
  test("a paused round goes on where it stood when someone is back", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann] = await players(t, 1);
    const code = await newRoom(ann, []);
    await ann.as.mutation(api.rooms.start, { code });
    for (let s = 0; s < 30 + ROOM_EMPTY_PAUSE_MS / 1000; s++) await elapse(t, 1_000);
    const paused = await view(ann, code);
    expect(paused.paused).toBe(true);
    const left = paused.round!.endsAt - (paused.round!.startedAt + 0);
    const stood = Date.now();
    for (let s = 0; s < 120; s++) await elapse(t, 1_000);
    expect((await view(ann, code)).round).toEqual(paused.round);
    await ann.as.mutation(api.rooms.heartbeat, { code });
    const resumed = await view(ann, code);
    expect(resumed.paused).toBe(false);
    // As far from its end as when it stopped (the pause began before the view above showed it).
    expect(resumed.round!.endsAt - Date.now()).toBeGreaterThanOrEqual(paused.round!.endsAt - stood);
    expect(resumed.round!.endsAt - resumed.round!.startedAt).toBe(left);
    // Its clock runs again: the cover sharpens on schedule, the round times out.
    for (let s = 0; s < 120; s++) {
      await elapse(t, 1_000);
      if (s % 8 === 0) await ann.as.mutation(api.rooms.heartbeat, { code });
    }
    expect((await view(ann, code)).roundNumber).toBeGreaterThan(paused.roundNumber);
  });
});
