/**
 * The admin claim code, attacked: /make-admin (`admin.makeMeAdmin`) with no
 * code, a wrong one, a used one (replayed, or raced by two players), an
 * expired one, and one guess too many; and `admin.createClaimCode`, which only
 * operators can call.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import crons from "../../crons";
import {
  EXPIRED_CODE_KEPT_MS,
  hashClaimCode,
  normalizeClaimCode,
} from "../../model/accounts/adminClaim";
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  CLAIM_CODE_VALID_MS,
  CLAIM_FAILURE_WINDOW_MS,
  CLAIM_LOCK_MS,
  CLAIM_MAX_FAILURES,
} from "../../model/shared/claimRules";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { signedInAs } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const NOW = new Date("2026-11-21T12:00:00Z").getTime();
const MINUTE = 60_000;

fakeClockEachTest(NOW);

type Player = Awaited<ReturnType<typeof signedInAs>>;

async function player(t: TestConvex, name: string): Promise<Player> {
  return await signedInAs(t, "player", { email: `${name}@example.com`, username: name });
}

async function newCode(t: TestConvex) {
  return await t.mutation(internal.admin.createClaimCode, {});
}

async function claim(who: Player, code: string) {
  return await who.as.mutation(api.admin.makeMeAdmin, { code });
}

/** Whether each player is admin, and every code's state: what a refused claim must leave alone. */
async function roles(t: TestConvex) {
  return await t.run(async (ctx) => ({
    admins: (await ctx.db.query("users").take(100)).map((u) => [u.username, u.isAdmin]),
    codes: await ctx.db.query("adminClaimCodes").take(100),
  }));
}

async function isAdmin(t: TestConvex, who: Player) {
  return (await t.run(async (ctx) => await ctx.db.get("users", who.userId)))?.isAdmin ?? false;
}

/** A code of the right shape that was never issued. */
function otherCode(code: string) {
  const first = code[0] === "A" ? "B" : "A";
  return first + code.slice(1);
}

describe("createClaimCode", () => {
  test("returns a strong code and its expiry, and stores only the code's hash", async () => {
    const t = newBackend();
    const { code, expiresAt } = await newCode(t);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const letters = normalizeClaimCode(code);
    expect(letters).toHaveLength(CLAIM_CODE_LENGTH);
    for (const letter of letters) expect(CLAIM_CODE_ALPHABET).toContain(letter);
    expect(Date.parse(expiresAt)).toBe(NOW + CLAIM_CODE_VALID_MS);

    const stored = await t.run(async (ctx) => await ctx.db.query("adminClaimCodes").take(10));
    expect(stored).toHaveLength(1);
    expect(stored[0].codeHash).toBe(await hashClaimCode(letters));
    const text = JSON.stringify(stored);
    expect(text).not.toContain(letters);
    expect(text).not.toContain(code);
  });

  test("draws codes at random: 200 codes, no two alike, every letter of the alphabet used", async () => {
    const t = newBackend();
    const codes = [];
    for (let i = 0; i < 200; i++) codes.push(normalizeClaimCode((await newCode(t)).code));
    expect(new Set(codes).size).toBe(200);
    expect(new Set(codes.join("")).size).toBe(CLAIM_CODE_ALPHABET.length);
  });
});

describe("makeMeAdmin with a claim code", () => {
  test("the right code makes the player admin, once, however it is typed", async () => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    const { code } = await newCode(t);
    vi.advanceTimersByTime(CLAIM_CODE_VALID_MS - 1);

    const typed = ` ${code.toLowerCase().replaceAll("-", " ")} `;
    expect(await claim(ann, typed)).toEqual({ ok: true });
    expect(await isAdmin(t, ann)).toBe(true);
    await ann.as.query(api.admin.summary, { day: "2026-11-21" });
    const [stored] = (await roles(t)).codes;
    expect(stored).toMatchObject({ usedBy: ann.userId, usedAt: NOW + CLAIM_CODE_VALID_MS - 1 });
  });

  test.each([
    ["an empty field", ""],
    ["spaces only", "  \t "],
  ])("no code (%s) changes nothing and asks for one", async (_, typed) => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    await newCode(t);
    const before = await roles(t);
    expect(await claim(ann, typed)).toEqual({ ok: false, reason: "CLAIM_CODE_MISSING" });
    expect(await roles(t)).toEqual(before);
    // Not even counted as a wrong code.
    expect(await t.run(async (ctx) => await ctx.db.query("adminClaimAttempts").take(1))).toEqual(
      [],
    );
  });

  test.each([
    ["a code never issued", (code: string) => otherCode(code)],
    ["the code with a letter missing", (code: string) => code.slice(0, -1)],
    ["the code with a letter more", (code: string) => `${code}A`],
    ["the code's stored hash", (_code: string, hash: string) => hash],
    ["1 MiB of text", () => "A".repeat(1 << 20)],
    ["markup", () => "<img src=x onerror=alert(1)>"],
  ])("a wrong code (%s) changes nothing and says so", async (_, wrong) => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    const { code } = await newCode(t);
    const before = await roles(t);
    const typed = wrong(code, before.codes[0].codeHash);
    expect(await claim(ann, typed)).toEqual({ ok: false, reason: "CLAIM_CODE_WRONG" });
    expect(await roles(t)).toEqual(before);
  });

  test("a used code cannot be replayed, by its owner or anyone else", async () => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    const bob = await player(t, "Bob");
    const { code } = await newCode(t);
    expect(await claim(ann, code)).toEqual({ ok: true });

    const before = await roles(t);
    expect(await claim(bob, code)).toEqual({ ok: false, reason: "CLAIM_CODE_USED" });
    expect(await claim(bob, code.toLowerCase())).toEqual({ ok: false, reason: "CLAIM_CODE_USED" });
    expect(await roles(t)).toEqual(before);
    expect(await isAdmin(t, bob)).toBe(false);
  });

  test("two players racing one code: exactly one becomes admin", async () => {
    const t = newBackend();
    const racers = await Promise.all(["Ann", "Bob", "Cy", "Dee"].map((n) => player(t, n)));
    const { code } = await newCode(t);

    const results = await Promise.all(racers.map((racer) => claim(racer, code)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array(3).fill({ ok: false, reason: "CLAIM_CODE_USED" }),
    );
    const admins = await Promise.all(racers.map((racer) => isAdmin(t, racer)));
    expect(admins.filter(Boolean)).toHaveLength(1);
    const winner = racers[results.findIndex((r) => r.ok)];
    expect((await roles(t)).codes[0].usedBy).toBe(winner.userId);
  });

  test("an expired code, just past its 15 minutes, changes nothing and says so", async () => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    const { code } = await newCode(t);
    vi.advanceTimersByTime(CLAIM_CODE_VALID_MS);

    const before = await roles(t);
    expect(await claim(ann, code)).toEqual({ ok: false, reason: "CLAIM_CODE_EXPIRED" });
    expect(await roles(t)).toEqual(before);
    expect(await isAdmin(t, ann)).toBe(false);
  });

  test("an admin keeps the role and leaves the code for whoever it was meant for", async () => {
    const t = newBackend();
    const boss = await signedInAs(t, "admin");
    const ann = await player(t, "Ann");
    const { code } = await newCode(t);
    expect(await boss.as.mutation(api.admin.makeMeAdmin, { code })).toEqual({ ok: true });
    expect(await claim(ann, code)).toEqual({ ok: true });
  });
});

describe("too many wrong codes", () => {
  test(`${CLAIM_MAX_FAILURES} wrong codes in an hour lock the player out for an hour, even with the right code`, async () => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    const { code } = await newCode(t);
    const wrong = otherCode(code);

    for (let i = 1; i < CLAIM_MAX_FAILURES; i++) {
      expect(await claim(ann, wrong)).toEqual({ ok: false, reason: "CLAIM_CODE_WRONG" });
      vi.advanceTimersByTime(MINUTE);
    }
    const lockedAt = Date.now();
    expect(await claim(ann, wrong)).toEqual({
      ok: false,
      reason: "CLAIM_LOCKED",
      retryAt: lockedAt + CLAIM_LOCK_MS,
    });

    vi.advanceTimersByTime(MINUTE);
    const before = await roles(t);
    expect(await claim(ann, code)).toEqual({
      ok: false,
      reason: "CLAIM_LOCKED",
      retryAt: lockedAt + CLAIM_LOCK_MS,
    });
    expect(await roles(t)).toEqual(before);

    // Still locked a moment before the hour is up; the code works once it is.
    vi.setSystemTime(lockedAt + CLAIM_LOCK_MS - 1);
    expect(await claim(ann, code)).toMatchObject({ ok: false, reason: "CLAIM_LOCKED" });
    vi.setSystemTime(lockedAt + CLAIM_LOCK_MS);
    const fresh = await newCode(t); // the first one has expired meanwhile
    expect(await claim(ann, fresh.code)).toEqual({ ok: true });
    expect(await isAdmin(t, ann)).toBe(true);
  });

  test("used and expired codes count as wrong ones", async () => {
    const t = newBackend();
    const [ann, bob] = [await player(t, "Ann"), await player(t, "Bob")];
    const used = (await newCode(t)).code;
    await claim(ann, used);
    const expired = (await newCode(t)).code;
    vi.advanceTimersByTime(CLAIM_CODE_VALID_MS);
    for (let i = 1; i < CLAIM_MAX_FAILURES; i++) await claim(bob, i % 2 ? used : expired);
    expect(await claim(bob, used)).toMatchObject({ ok: false, reason: "CLAIM_LOCKED" });
  });

  test("wrong codes spread over more than an hour never lock", async () => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    const { code } = await newCode(t);
    const spacing = CLAIM_FAILURE_WINDOW_MS / (CLAIM_MAX_FAILURES - 1);
    for (let i = 0; i < 3 * CLAIM_MAX_FAILURES; i++) {
      expect(await claim(ann, otherCode(code))).toEqual({ ok: false, reason: "CLAIM_CODE_WRONG" });
      vi.advanceTimersByTime(spacing);
    }
  });

  test("the count is per player, one bounded document each", async () => {
    const t = newBackend();
    const [ann, bob] = [await player(t, "Ann"), await player(t, "Bob")];
    const { code } = await newCode(t);
    for (let i = 0; i < 40; i++) {
      await claim(ann, otherCode(code));
      vi.advanceTimersByTime(1000);
    }
    expect(await claim(ann, code)).toMatchObject({ ok: false, reason: "CLAIM_LOCKED" });
    // Ann's lock is hers alone.
    const fresh = await newCode(t);
    expect(await claim(bob, fresh.code)).toEqual({ ok: true });

    const attempts = await t.run(async (ctx) => await ctx.db.query("adminClaimAttempts").take(10));
    expect(attempts).toHaveLength(1);
    expect(attempts[0].userId).toBe(ann.userId);
    expect(attempts[0].failures.length).toBeLessThan(CLAIM_MAX_FAILURES);
  });
});

describe("cleanupClaims (hourly)", () => {
  test("runs every hour", () => {
    const jobs = (crons as unknown as { crons: Record<string, { name: string; schedule: object }> })
      .crons;
    expect(jobs["forget expired admin claim codes"]).toMatchObject({
      name: "admin:cleanupClaims",
      schedule: { type: "hourly" },
    });
  });

  test("forgets codes a day past expiry and old wrong tries, a bounded batch per run", async () => {
    const t = newBackend();
    const ann = await player(t, "Ann");
    const first = await newCode(t);
    await claim(ann, first.code);
    for (let i = 0; i < 250; i++) await newCode(t);
    await claim(await player(t, "Bob"), otherCode(first.code));
    const count = async () =>
      await t.run(async (ctx) => ({
        codes: (await ctx.db.query("adminClaimCodes").take(1000)).length,
        attempts: (await ctx.db.query("adminClaimAttempts").take(1000)).length,
      }));

    // Expired, but kept a day so that a late claim reads "expired".
    vi.advanceTimersByTime(CLAIM_FAILURE_WINDOW_MS + MINUTE);
    await t.mutation(internal.admin.cleanupClaims, {});
    expect(await count()).toEqual({ codes: 251, attempts: 0 });

    vi.setSystemTime(NOW + CLAIM_CODE_VALID_MS + EXPIRED_CODE_KEPT_MS + 1);
    const live = await newCode(t);
    await t.mutation(internal.admin.cleanupClaims, {});
    // One run deletes a batch, then schedules the next.
    expect((await count()).codes).toBeGreaterThan(1);
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await count()).toEqual({ codes: 1, attempts: 0 });
    expect(await claim(await player(t, "Cy"), live.code)).toEqual({ ok: true });
  });
});
