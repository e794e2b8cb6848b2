import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { ROOM_JOIN_LOCK_MS, ROOM_JOIN_MAX_FAILURES } from "../../model/shared/rules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import {
  memberView,
  newRoom,
  roomAndRound,
  roomPlayers,
  seedAnime,
  signedInAs,
  type TestPlayer,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

/** A room private to its link, hosted by the first player; its code and the link's secret. */
async function privateRoom(host: TestPlayer, guests: TestPlayer[] = []) {
  const code = await newRoom(host, guests, { isPrivate: true });
  const secret = (await memberView(host, code)).linkSecret;
  if (secret === null) throw new Error("the room is not private");
  return { code, secret };
}

/** A code no room has: the private room's code with its first letter changed. */
function unknownCode(code: string) {
  return `${code[0] === "A" ? "B" : "A"}${code.slice(1)}`;
}

async function failuresOf(t: TestConvex, player: TestPlayer) {
  return await t.run(async (ctx) => {
    const attempts = await ctx.db
      .query("roomJoinAttempts")
      .withIndex("by_userId", (q) => q.eq("userId", player.userId))
      .unique();
    return attempts?.failures.length ?? 0;
  });
}

describe("a room private to its link", () => {
  test("its code alone is answered exactly as a code no room has, and counts as a wrong one", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, eve, zed] = await roomPlayers(t, 3);
    const { code } = await privateRoom(ann);
    const nothing = unknownCode(code);

    // Eve tries the real code, Zed a code no room has: the same answers, the same counts.
    const real = await eve.as.mutation(api.rooms.join, { code });
    const none = await zed.as.mutation(api.rooms.join, { code: nothing });
    expect(real).toEqual({ kind: "refused", reason: "ROOM_NOT_FOUND" });
    expect(real).toEqual(none);
    expect(await eve.as.query(api.rooms.view, { code })).toEqual(
      await zed.as.query(api.rooms.view, { code: nothing }),
    );
    expect(await failuresOf(t, eve)).toBe(1);
    expect(await failuresOf(t, zed)).toBe(1);

    // Typed in any form, it is still no room: and the limit locks Eve like any guesser.
    for (const typed of [code.toLowerCase(), ` ${code.slice(0, 3)}-${code.slice(3)} `]) {
      expect(await eve.as.mutation(api.rooms.join, { code: typed })).toEqual(real);
    }
    for (let i = 3; i < ROOM_JOIN_MAX_FAILURES - 1; i++) {
      expect(await eve.as.mutation(api.rooms.join, { code })).toEqual(real);
    }
    const locked = await eve.as.mutation(api.rooms.join, { code });
    expect(locked).toEqual({
      kind: "refused",
      reason: "ROOM_JOIN_LOCKED",
      retryAt: Date.now() + ROOM_JOIN_LOCK_MS,
    });
    expect((await memberView(ann, code)).players.map((p) => p.username)).toEqual(["Player0"]);
  });

  test("the code with a wrong secret is refused and counted; the link joins, and a member needs it no more", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, ben] = await roomPlayers(t, 2);
    const { code, secret } = await privateRoom(ann);
    expect(secret).toMatch(/^[0-9a-f]{32}$/);

    const wrong = [secret.replace(/^./, (c) => (c === "0" ? "1" : "0")), "", secret.toUpperCase()];
    for (const attempt of wrong) {
      expect(await ben.as.mutation(api.rooms.join, { code, secret: attempt })).toEqual({
        kind: "refused",
        reason: "ROOM_NOT_FOUND",
      });
    }
    expect(await failuresOf(t, ben)).toBe(wrong.length);

    expect(await ben.as.mutation(api.rooms.join, { code, secret })).toEqual({
      kind: "joined",
      code,
    });
    expect((await memberView(ben, code)).linkSecret).toBe(secret);
    // A member opening the room again by its code alone is simply back, counting nothing.
    expect(await ben.as.mutation(api.rooms.join, { code })).toEqual({ kind: "joined", code });
    expect(await failuresOf(t, ben)).toBe(wrong.length);
  });

  test("a player locked out for wrong codes still joins by a private room's link, and only by it", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, eve] = await roomPlayers(t, 2);
    const { code, secret } = await privateRoom(ann);
    for (let i = 0; i < ROOM_JOIN_MAX_FAILURES; i++) {
      await eve.as.mutation(api.rooms.join, { code: unknownCode(code) });
    }
    const locked = {
      kind: "refused",
      reason: "ROOM_JOIN_LOCKED",
      retryAt: expect.any(Number) as unknown,
    };
    expect(await eve.as.mutation(api.rooms.join, { code })).toEqual(locked);
    expect(await eve.as.mutation(api.rooms.join, { code, secret: "0".repeat(32) })).toEqual(locked);
    expect(await eve.as.mutation(api.rooms.join, { code, secret })).toEqual({
      kind: "joined",
      code,
    });
  });

  test("the secret reaches the room's members only: nothing any outsider is answered holds it", async () => {
    const t = newBackend();
    await seedAnime(t, 6);
    const [ann, ben, eve] = await roomPlayers(t, 3);
    const { code, secret } = await privateRoom(ann, [ben]);
    expect((await memberView(ann, code)).linkSecret).toBe(secret);
    expect((await memberView(ben, code)).linkSecret).toBe(secret);

    const answers: unknown[] = [];
    const refusal = async (call: Promise<unknown>) => {
      try {
        answers.push(await call);
      } catch (error) {
        answers.push(error instanceof Error ? error.message : error);
      }
    };
    answers.push(await eve.as.mutation(api.rooms.create, { private: true }));
    for (const phase of ["lobby", "playing"]) {
      if (phase === "playing") await ann.as.mutation(api.rooms.start, { code });
      answers.push(await eve.as.query(api.rooms.view, { code }));
      answers.push(await eve.as.mutation(api.rooms.join, { code }));
      await refusal(t.query(api.rooms.view, { code }));
      await refusal(eve.as.mutation(api.rooms.heartbeat, { code }));
      await refusal(eve.as.mutation(api.rooms.configure, { code, rounds: 5, seconds: 30 }));
      await refusal(eve.as.mutation(api.rooms.setPrivate, { code, private: false }));
      await refusal(eve.as.mutation(api.rooms.start, { code }));
      await refusal(eve.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: WRONG_GUESS }));
      await refusal(eve.as.mutation(api.rooms.leave, { code }));
      const { room } = await roomAndRound(t, code);
      await refusal(eve.as.mutation(api.rooms.remove, { code, player: room._id as never }));
    }
    expect(answers.length).toBeGreaterThan(15);
    expect(JSON.stringify(answers)).not.toContain(secret);
    expect(answers).toContainEqual({ kind: "outside" });
    expect(answers).toContainEqual({ kind: "refused", reason: "ROOM_NOT_FOUND" });
  });

  test("a removed player cannot come back, not even by the link", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, ben] = await roomPlayers(t, 2);
    const { code, secret } = await privateRoom(ann, [ben]);
    const benSeat = (await memberView(ann, code)).players.find((p) => !p.isMe)!.key;
    await ann.as.mutation(api.rooms.remove, { code, player: benSeat });

    // The link Ben knew was renewed as he was removed; the new one would not let him back either.
    expect(await ben.as.mutation(api.rooms.join, { code, secret })).toEqual({
      kind: "refused",
      reason: "ROOM_NOT_FOUND",
    });
    const renewed = (await memberView(ann, code)).linkSecret!;
    expect(await ben.as.mutation(api.rooms.join, { code, secret: renewed })).toEqual({
      kind: "refused",
      reason: "ROOM_REMOVED",
    });
    expect(await ben.as.query(api.rooms.view, { code })).toEqual({ kind: "removed" });
    expect(JSON.stringify(await ben.as.query(api.rooms.view, { code }))).not.toContain(secret);
    expect((await memberView(ann, code)).players).toHaveLength(1);
  });

  test("the host makes the room private or open in the lobby; a new secret each time it turns private", async () => {
    const t = newBackend();
    await seedAnime(t, 6);
    const [ann, ben, cy, dee] = await roomPlayers(t, 4);
    const code = await newRoom(ann, [ben]);
    expect((await memberView(ann, code)).linkSecret).toBeNull();

    await expectErrorCode(
      ben.as.mutation(api.rooms.setPrivate, { code, private: true }),
      "NOT_ROOM_HOST",
    );
    await ann.as.mutation(api.rooms.setPrivate, { code, private: true });
    const first = (await memberView(ben, code)).linkSecret!;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await cy.as.mutation(api.rooms.join, { code })).toMatchObject({
      reason: "ROOM_NOT_FOUND",
    });

    // Open again: the code works; private again: the old link no longer does.
    await ann.as.mutation(api.rooms.setPrivate, { code, private: false });
    expect((await memberView(ann, code)).linkSecret).toBeNull();
    expect(await cy.as.mutation(api.rooms.join, { code })).toEqual({ kind: "joined", code });
    await ann.as.mutation(api.rooms.setPrivate, { code, private: true });
    const second = (await memberView(ann, code)).linkSecret!;
    expect(second).not.toBe(first);
    expect(await dee.as.mutation(api.rooms.join, { code, secret: first })).toMatchObject({
      reason: "ROOM_NOT_FOUND",
    });
    // Setting what it already is changes nothing.
    await ann.as.mutation(api.rooms.setPrivate, { code, private: true });
    expect((await memberView(ann, code)).linkSecret).toBe(second);

    // During a game too: a host who sees the link passed around closes the room at once.
    await ann.as.mutation(api.rooms.setPrivate, { code, private: false });
    await ann.as.mutation(api.rooms.start, { code });
    await ann.as.mutation(api.rooms.setPrivate, { code, private: true });
    const third = (await memberView(ann, code)).linkSecret!;
    expect(await dee.as.mutation(api.rooms.join, { code })).toMatchObject({
      reason: "ROOM_NOT_FOUND",
    });
    expect(await dee.as.mutation(api.rooms.join, { code, secret: third })).toEqual({
      kind: "joined",
      code,
    });
  });

  test("a removed player's next account cannot come back through the link they knew, mid-game: removal renews it", async () => {
    const t = newBackend();
    await seedAnime(t, 6);
    const [ann, ben, cy, benAgain] = await roomPlayers(t, 4);
    const { code, secret } = await privateRoom(ann, [ben, cy]);
    await ann.as.mutation(api.rooms.start, { code });
    expect((await roomAndRound(t, code)).round).not.toBeNull();
    const benSeat = (await memberView(ann, code)).players.find((p) => p.username === "Player1")!;
    await ann.as.mutation(api.rooms.remove, { code, player: benSeat.key });

    // Ben signs up again: the old link is as good as a made-up one, and counted as wrong.
    expect(await benAgain.as.mutation(api.rooms.join, { code, secret })).toEqual({
      kind: "refused",
      reason: "ROOM_NOT_FOUND",
    });
    expect(await benAgain.as.query(api.rooms.view, { code })).toEqual(
      await benAgain.as.query(api.rooms.view, { code: unknownCode(code) }),
    );
    // The members who stay are shown the new link, which still admits a newcomer.
    const renewed = (await memberView(cy, code)).linkSecret!;
    expect(renewed).toMatch(/^[0-9a-f]{32}$/);
    expect(renewed).not.toBe(secret);
    const dee = await signedInAs(t, "player", { email: "dee@example.com", username: "Dee" });
    expect(await dee.as.mutation(api.rooms.join, { code, secret: renewed })).toEqual({
      kind: "joined",
      code,
    });
  });

  test("the host makes a new link at any time, the old one then admits nobody; only a private room has one", async () => {
    const t = newBackend();
    await seedAnime(t, 6);
    const [ann, ben, cy] = await roomPlayers(t, 3);
    const { code, secret } = await privateRoom(ann, [ben]);
    await expectErrorCode(ben.as.mutation(api.rooms.newLink, { code }), "NOT_ROOM_HOST");
    await ann.as.mutation(api.rooms.start, { code });
    await ann.as.mutation(api.rooms.newLink, { code });
    const renewed = (await memberView(ben, code)).linkSecret!;
    expect(renewed).not.toBe(secret);
    expect(await cy.as.mutation(api.rooms.join, { code, secret })).toMatchObject({
      reason: "ROOM_NOT_FOUND",
    });
    expect(await cy.as.mutation(api.rooms.join, { code, secret: renewed })).toEqual({
      kind: "joined",
      code,
    });
    const open = await newRoom(cy, []);
    await expectErrorCode(cy.as.mutation(api.rooms.newLink, { code: open }), "ROOM_NOT_PRIVATE");
  });
});
