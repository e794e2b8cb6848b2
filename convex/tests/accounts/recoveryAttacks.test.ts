/**
 * Recovery nobody else can block (issue 38): a stranger who knows only the owner's address
 * asks for codes and types wrong ones, slowly or as fast as a script can, and the owner still
 * gets in with the newest reset e-mail in their inbox, through the real sign-in action.
 */
import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import {
  RESET_CODE_MAX_WRONG_TRIES,
  RESET_CODE_VALID_MINUTES,
  RESET_CODES_PER_HOUR,
} from "../../model/shared/accountRules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { captureResetCodesEachTest } from "../../../testing/convex/resetCodes";
import { ann, resetLinkParams, type SentReset } from "../../../testing/fixtures/accounts";
import { signIn, signUp } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const MINUTE = 60_000;

async function requestCode(t: TestConvex, email: string) {
  return await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "reset", email },
  });
}

async function resetWithCode(t: TestConvex, code: string, newPassword = "brandnew") {
  return await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "reset-verification", email: ann.email, code, newPassword },
  });
}

async function resetWithLink(t: TestConvex, link: string, newPassword = "brandnew") {
  return await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "reset-verification", ...resetLinkParams(link), newPassword },
  });
}

/** A code that is not `right`: what a stranger types, who cannot know the code. */
function wrongFor(right: SentReset | undefined) {
  return right?.code === "00000000" ? "11111111" : "00000000";
}

/** A token of the right shape that no e-mail carried. */
function forgedLink(link: string) {
  const url = new URL(link);
  const token = url.searchParams.get("token")!;
  url.searchParams.set("token", (token[0] === "A" ? "B" : "A") + token.slice(1));
  return url.toString();
}

type Move = { at: number; who: "stranger" | "owner"; what: "request" | "wrong code" };

/**
 * The slow stranger of issue 38, over 3 hours: at each hour's start 3 requests (the hour's whole
 * budget, before the owner can ask), at the first a burst of 10 wrong codes (Convex Auth's limit
 * for the address, its refill 10 an hour), then one wrong code every 6 minutes, which keeps that
 * limit spent: 9 + 10 + 29 = 48 calls.
 */
function slowStranger(): Move[] {
  const moves: Move[] = [];
  for (let hour = 0; hour < 3; hour++) {
    for (let i = 0; i < 3; i++) moves.push({ at: hour * 60 + i, who: "stranger", what: "request" });
  }
  for (let i = 0; i < 10; i++) moves.push({ at: 2, who: "stranger", what: "wrong code" });
  for (let at = 6; at < 180; at += 6) moves.push({ at, who: "stranger", what: "wrong code" });
  return moves;
}

describe("a stranger cannot block the owner's recovery", () => {
  const sent = captureResetCodesEachTest();
  fakeClockEachTest();

  // The owner's 6 tries, one in each half hour: each asks for a code (the stranger has used the
  // hour's budget: none is sent), then uses the newest e-mail in the inbox: its code while the
  // stranger has typed fewer than RESET_CODE_MAX_WRONG_TRIES wrong ones since it was sent (4 by
  // minutes 25 past the hour: 6, 12, 18, 24), else its link (the burst at minute 2 killed the
  // first hour's code at once; the second half of each hour meets 5 or more).
  test.each([
    [25, "link"],
    [55, "link"],
    [85, "code"],
    [115, "link"],
    [145, "code"],
    [175, "link"],
  ] as const)(
    "48 calls over 3 hours, the owner trying at minute %i: the newest e-mail's %s resets, and the new password signs in after the attack",
    async (ownerAt, way) => {
      const t = newBackend();
      await signUp(t, ann);
      const start = Date.now();
      const stranger = slowStranger();
      expect(stranger).toHaveLength(48);
      const moves = [...stranger, { at: ownerAt, who: "owner", what: "request" } as Move];
      moves.sort((a, b) => a.at - b.at);
      let wrongSinceNewest = 0;
      let newestSentAt = start;
      for (const move of moves) {
        vi.setSystemTime(start + move.at * MINUTE);
        if (move.what === "wrong code") {
          const wrong = wrongFor(sent.at(-1));
          await expectErrorCode(resetWithCode(t, wrong), "RESET_CODE_INVALID");
          wrongSinceNewest += 1;
          continue;
        }
        const before = sent.length;
        // Every request gets the same answer, sent or not.
        expect(await requestCode(t, ann.email)).toEqual({ tokens: null });
        if (sent.length > before) [wrongSinceNewest, newestSentAt] = [0, Date.now()];
        if (move.who === "stranger") continue;
        // The stranger took the hour's codes: the owner's request sends none...
        expect(sent.length).toBe(before);
        // ...but the newest e-mail in the inbox is less than an hour old, and works.
        const newest = sent.at(-1)!;
        expect(Date.now() - newestSentAt).toBeLessThan(RESET_CODE_VALID_MINUTES * MINUTE);
        expect(wrongSinceNewest < RESET_CODE_MAX_WRONG_TRIES).toBe(way === "code");
        if (way === "code") {
          expect((await resetWithCode(t, newest.code)).tokens).not.toBeNull();
        } else {
          await expectErrorCode(resetWithCode(t, newest.code), "RESET_CODE_INVALID");
          expect((await resetWithLink(t, newest.link)).tokens).not.toBeNull();
        }
      }
      vi.setSystemTime(start + 180 * MINUTE);
      await signIn(t, "signIn", { ...ann, password: "brandnew" });
    },
  );

  test(`a fast stranger: the hour's codes taken and the newest code killed with ${RESET_CODE_MAX_WRONG_TRIES} wrong tries in the same millisecond; the newest e-mail's link still resets`, async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email); // the owner's
    for (let i = 0; i < RESET_CODES_PER_HOUR + 5; i++) await requestCode(t, ann.email);
    expect(sent).toHaveLength(RESET_CODES_PER_HOUR);
    for (let i = 0; i < 100; i++) {
      await expectErrorCode(resetWithCode(t, wrongFor(sent.at(-1))), "RESET_CODE_INVALID");
    }
    const newest = sent.at(-1)!;
    await expectErrorCode(resetWithCode(t, newest.code), "RESET_CODE_INVALID");
    // The link is no longer than the code's life, and a wrong token changes nothing.
    await expectErrorCode(resetWithLink(t, forgedLink(newest.link)), "RESET_LINK_INVALID");
    expect((await resetWithLink(t, newest.link)).tokens).not.toBeNull();
    await signIn(t, "signIn", { ...ann, password: "brandnew" });
  });

  test(`a code dies after ${RESET_CODE_MAX_WRONG_TRIES} wrong tries; the address does not: a new code works`, async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    for (let i = 0; i < RESET_CODE_MAX_WRONG_TRIES; i++) {
      await expectErrorCode(resetWithCode(t, wrongFor(sent[0])), "RESET_CODE_INVALID");
    }
    await expectErrorCode(resetWithCode(t, sent[0].code), "RESET_CODE_INVALID");
    await requestCode(t, ann.email);
    expect(sent).toHaveLength(2);
    expect((await resetWithCode(t, sent[1].code)).tokens).not.toBeNull();
  });

  test(`${RESET_CODE_MAX_WRONG_TRIES - 1} wrong tries leave the code alive`, async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    for (let i = 0; i < RESET_CODE_MAX_WRONG_TRIES - 1; i++) {
      await expectErrorCode(resetWithCode(t, wrongFor(sent[0])), "RESET_CODE_INVALID");
    }
    expect((await resetWithCode(t, sent[0].code)).tokens).not.toBeNull();
  });

  test("a budget refusal answers like any request and leaves the newest e-mail working", async () => {
    const t = newBackend();
    await signUp(t, ann);
    const start = Date.now();
    for (const at of [0, 10, 20]) {
      vi.setSystemTime(start + at * MINUTE);
      await requestCode(t, ann.email);
    }
    vi.setSystemTime(start + 55 * MINUTE);
    const refused = await requestCode(t, ann.email);
    expect(refused).toEqual(await requestCode(t, "nobody@example.com"));
    expect(sent).toHaveLength(RESET_CODES_PER_HOUR);
    // 35 minutes old: the newest code sent still works, and it was not replaced.
    expect((await resetWithCode(t, sent[2].code)).tokens).not.toBeNull();
  });

  test("a reset signs in past a stranger's wrong passwords, and so does the new password afterwards", async () => {
    const t = newBackend();
    await signUp(t, ann);
    for (let i = 0; i < 10; i++) {
      await expectErrorCode(
        signIn(t, "signIn", { ...ann, password: "guess!" }),
        "INCORRECT_PASSWORD",
      );
    }
    await expectErrorCode(signIn(t, "signIn", ann), "TOO_MANY_ATTEMPTS");
    await requestCode(t, ann.email);
    expect((await resetWithCode(t, sent[0].code)).tokens).not.toBeNull();
    // The owner proved they hold the mailbox: the stranger's guesses at the old password are
    // forgotten, as a right password forgets them.
    await signIn(t, "signIn", { ...ann, password: "brandnew" });
  });
});

describe("the reset e-mail's link", () => {
  const sent = captureResetCodesEachTest();
  fakeClockEachTest();

  test("signs the owner in with the new password, and ends every other session", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await signIn(t, "signIn", ann);
    await requestCode(t, ann.email);
    const result = await resetWithLink(t, sent[0].link, "fromlink");
    expect(result.tokens?.token).toEqual(expect.any(String));
    const sessions = await t.run(async (ctx) => await ctx.db.query("authSessions").take(10));
    expect(sessions).toHaveLength(1);
    await expectErrorCode(signIn(t, "signIn", ann), "INCORRECT_PASSWORD");
    await signIn(t, "signIn", { ...ann, password: "fromlink" });
  });

  test("works once, code and link together", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    await resetWithLink(t, sent[0].link, "first1");
    await expectErrorCode(resetWithLink(t, sent[0].link, "second"), "RESET_LINK_INVALID");
    await expectErrorCode(resetWithCode(t, sent[0].code, "second"), "RESET_CODE_INVALID");
    await signIn(t, "signIn", { ...ann, password: "first1" });
  });

  test(`expires with its code, after ${RESET_CODE_VALID_MINUTES} minutes; a newer e-mail replaces it`, async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    await requestCode(t, ann.email);
    await expectErrorCode(resetWithLink(t, sent[0].link), "RESET_LINK_INVALID");
    vi.setSystemTime(Date.now() + RESET_CODE_VALID_MINUTES * MINUTE + 1);
    await expectErrorCode(resetWithLink(t, sent[1].link), "RESET_LINK_INVALID");
    await signIn(t, "signIn", ann);
  });

  test("a wrong token is refused like a wrong code, for every address, and costs the e-mail nothing", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    const forged = forgedLink(sent[0].link);
    for (let i = 0; i < 20; i++) {
      await expectErrorCode(resetWithLink(t, forged), "RESET_LINK_INVALID");
    }
    const nobody = new URL(forged);
    nobody.searchParams.set("email", "nobody@example.com");
    await expectErrorCode(resetWithLink(t, nobody.toString()), "RESET_LINK_INVALID");
    // A link to another address with this token: refused too (the token is the account's).
    await signUp(t, { email: "bob@example.com", username: "Bob" });
    const elsewhere = new URL(sent[0].link);
    elsewhere.searchParams.set("email", "bob@example.com");
    await expectErrorCode(resetWithLink(t, elsewhere.toString()), "RESET_LINK_INVALID");
    // A mangled token is the same wrong link, never a different message.
    const mangled = new URL(sent[0].link);
    mangled.searchParams.set("token", "short");
    await expectErrorCode(resetWithLink(t, mangled.toString()), "RESET_LINK_INVALID");
    expect((await resetWithCode(t, sent[0].code)).tokens).not.toBeNull();
  });
});
