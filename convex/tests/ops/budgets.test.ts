// Floods through the real functions: sign-ups and wrong room codes against the game's budgets
// (model/ops/budget.ts), however many accounts a script makes; and two uses at once on different
// shards, which must not conflict.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import * as users from "../../users";
import { SIGN_UPS_PER_MINUTE } from "../../model/shared/accountRules";
import {
  ROOM_CODE_ALPHABET,
  ROOM_JOIN_MAX_FAILURES,
  ROOM_WRONG_CODES_PER_MINUTE,
} from "../../model/shared/rules";
import { readsAs, touches } from "../../../testing/convex/concurrency/occ";
import { recordCall } from "../../../testing/convex/concurrency/recordCall";
import { indexFields } from "../../../testing/convex/concurrency/schemaIndexes";
import { passwordHashCount } from "../../../testing/convex/passwordHashes";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  memberView,
  newRoom,
  roomPlayers,
  seedAnime,
  signedInAs,
  signIn,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

afterEach(() => {
  vi.restoreAllMocks();
});

const MINUTE = 60_000;

async function countOf(t: TestConvex, table: "users" | "authAccounts" | "budgetShards") {
  return await t.run(async (ctx) => (await ctx.db.query(table).take(1_000)).length);
}

/** Takes sign-ups from the budget until it is empty: how many it gave. */
async function drainSignUps(t: TestConvex): Promise<number> {
  let taken = 0;
  // A shard found empty sends the next use to one other: the last tokens take a few tries.
  for (let misses = 0; misses < 200;) {
    if (await t.mutation(internal.users.takeSignUp, {})) {
      taken++;
      misses = 0;
    } else {
      misses++;
    }
  }
  return taken;
}

describe("the sign-up budget", () => {
  test("a flood gets a minute's budget; the next sign-up is refused with the message before any hash, and passes a minute later", async () => {
    const t = newBackend();
    expect(await drainSignUps(t)).toBe(SIGN_UPS_PER_MINUTE);
    const hashesBefore = passwordHashCount();

    const form = { email: "ann@example.com", username: "Ann", password: "secret1" };
    await expectErrorCode(signIn(t, "signUp", form), "SIGN_UPS_BUSY");
    expect(passwordHashCount()).toBe(hashesBefore);
    expect(await countOf(t, "users")).toBe(0);
    expect(await countOf(t, "authAccounts")).toBe(0);

    vi.advanceTimersByTime(MINUTE);
    await signIn(t, "signUp", form);
    expect(passwordHashCount()).toBe(hashesBefore + 1);
    expect(await countOf(t, "users")).toBe(1);
  });

  test("refills with time, a shard's share at a time: a tenth of a minute gives back a tenth", async () => {
    const t = newBackend();
    await drainSignUps(t);
    vi.advanceTimersByTime(MINUTE / 10);
    expect(await drainSignUps(t)).toBe(SIGN_UPS_PER_MINUTE / 10);
  });

  test("two sign-ups at once on different shards write different documents; on one shard they conflict", async () => {
    const t = newBackend();
    const take = async (random: number) => {
      vi.spyOn(Math, "random").mockReturnValue(random);
      const { record } = await recordCall(
        t,
        null,
        "mutation",
        "users.takeSignUp",
        users.takeSignUp,
        {},
      );
      vi.mocked(Math.random).mockRestore();
      return record;
    };
    const [first, second, third] = [await take(0), await take(0.5), await take(0)];
    const writes = (record: typeof first) =>
      record.writes.map((write) => ({ write, renaming: null }));
    // Each reads one shard and writes it: one document, whatever the number of players.
    expect(first.writes).toHaveLength(1);
    expect(second.writes[0].id).not.toBe(first.writes[0].id);
    expect(touches(readsAs(second, null), writes(first), indexFields)).toBe(false);
    expect(touches(readsAs(first, null), writes(second), indexFields)).toBe(false);
    // The same shard is the same document: the model does see a conflict when there is one.
    expect(touches(readsAs(third, null), writes(first), indexFields)).toBe(true);
  });
});

/** `count` codes no room has (the room codes' alphabet, from the end: newRoom's are random). */
function wrongCodes(count: number, taken: string): string[] {
  const codes: string[] = [];
  for (let i = 0; codes.length < count; i++) {
    const code = Array.from({ length: 6 }, (_, k) => ROOM_CODE_ALPHABET[(i + k * 7) % 31]).join("");
    if (code !== taken) codes.push(code);
  }
  return codes;
}

describe("the wrong-room-code budget", () => {
  test("20 accounts together check no more wrong codes a minute than the budget; then no code is checked, right or wrong, but a private link still joins", async () => {
    const t = newBackend();
    await seedAnime(t, 2);
    const [host, friend, late, ...script] = await roomPlayers(t, 23);
    const code = await newRoom(host, []);
    const privateCode = await newRoom(friend, [], { isPrivate: true });
    const secret = (await memberView(friend, privateCode)).linkSecret!;

    // Each account tries codes until it is refused: its own limit, or the game's budget.
    const guesses = wrongCodes(ROOM_JOIN_MAX_FAILURES * script.length, code)[Symbol.iterator]();
    const answers: string[] = [];
    for (const account of script) {
      for (let tries = 0; tries < ROOM_JOIN_MAX_FAILURES; tries++) {
        const result = await account.as.mutation(api.rooms.join, {
          code: guesses.next().value!,
        });
        if (result.kind === "joined") throw new Error("a wrong code joined");
        answers.push(result.reason);
        if (result.reason !== "ROOM_NOT_FOUND") break;
      }
    }
    // A wrong code checked is answered "not found", or by the lock its account's last one earns.
    const checked = answers.filter((r) => r === "ROOM_NOT_FOUND" || r === "ROOM_JOIN_LOCKED");
    expect(checked.length).toBeLessThanOrEqual(ROOM_WRONG_CODES_PER_MINUTE);
    expect(checked.length).toBeGreaterThan(ROOM_WRONG_CODES_PER_MINUTE / 2);
    expect(answers).toContain("ROOM_CODES_BUSY");
    // Drained, the budget answers every code alike: a right one tells the script nothing.
    const drained = await drainWrongCodes(t, code);
    expect(await late.as.mutation(api.rooms.join, { code })).toEqual({
      kind: "refused",
      reason: "ROOM_CODES_BUSY",
    });
    expect(drained).toBeLessThanOrEqual(ROOM_WRONG_CODES_PER_MINUTE - checked.length);
    // A private room's own link is not a guess: it joins.
    expect(await late.as.mutation(api.rooms.join, { code: privateCode, secret })).toEqual({
      kind: "joined",
      code: privateCode,
    });

    // A minute on, the budget is back: the right code joins; a wrong one is told so, and counted.
    vi.advanceTimersByTime(MINUTE);
    await host.as.mutation(api.rooms.heartbeat, { code });
    expect(await late.as.mutation(api.rooms.join, { code: wrongCodes(1, code)[0] })).toEqual({
      kind: "refused",
      reason: "ROOM_NOT_FOUND",
    });
    expect(await late.as.mutation(api.rooms.join, { code })).toEqual({ kind: "joined", code });
  });
});

/**
 * Wrong codes from fresh accounts (a new one whenever one is locked) until the budget has
 * refused 30 in a row (a shard left with a token is missed that often once in a billion): how
 * many were checked.
 */
async function drainWrongCodes(t: TestConvex, taken: string): Promise<number> {
  let checked = 0;
  let account = 0;
  let player = await signedInAs(t, "player", { email: "d0@example.com", username: "Drain0" });
  const codes = wrongCodes(1_000, taken);
  for (let busy = 0; busy < 30;) {
    const result = await player.as.mutation(api.rooms.join, { code: codes[checked % 1_000] });
    if (result.kind === "joined") throw new Error("a wrong code joined");
    if (result.reason === "ROOM_CODES_BUSY") {
      busy++;
      continue;
    }
    busy = 0;
    checked++;
    if (result.reason === "ROOM_JOIN_LOCKED") {
      account++;
      player = await signedInAs(t, "player", {
        email: `d${account}@example.com`,
        username: `Drain${account}`,
      });
    }
  }
  return checked;
}
