import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { RESET_CODE_VALID_MINUTES, RESET_CODES_PER_HOUR } from "../../model/shared/accountRules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { captureResetCodesEachTest } from "../../../testing/convex/resetCodes";
import { ann, bob, resetLinkParams } from "../../../testing/fixtures/accounts";
import { signIn, signUp } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const MINUTE = 60_000;

async function requestCode(t: TestConvex, email: string) {
  return await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "reset", email },
  });
}

async function resetWith(t: TestConvex, email: string, code: string, newPassword = "brandnew") {
  return await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "reset-verification", email, code, newPassword },
  });
}

async function sessionsOf(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("authSessions").take(20));
}

describe("password reset", () => {
  const sent = captureResetCodesEachTest();
  fakeClockEachTest();

  test("a code sent by e-mail and a new password: signed in, the old password refused, the new one works", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await signIn(t, "signIn", ann); // a second device, signed in before the reset
    expect(await requestCode(t, " ANN@example.com ")).toEqual({ tokens: null });
    expect(sent).toEqual([
      {
        email: ann.email,
        code: expect.stringMatching(/^\d{8}$/) as unknown,
        link: expect.stringMatching(
          /^http:\/\/localhost:5173\/reset\?email=ann%40example\.com&token=[\w-]{22}$/,
        ) as unknown,
      },
    ]);

    const result = await resetWith(t, ann.email, sent[0].code);
    expect(result.tokens?.token).toEqual(expect.any(String));
    // Only the session the reset opened is left: the two devices signed in before are signed out.
    expect(await sessionsOf(t)).toHaveLength(1);
    await expectErrorCode(signIn(t, "signIn", ann), "INCORRECT_PASSWORD");
    await signIn(t, "signIn", { ...ann, password: "brandnew" });
  });

  test("an address with no account gets the same answer, and no e-mail", async () => {
    const t = newBackend();
    await signUp(t, ann);
    expect(await requestCode(t, "nobody@example.com")).toEqual(await requestCode(t, ann.email));
    expect(sent.map(({ email }) => email)).toEqual([ann.email]);
    // Entering a code for it is refused like a wrong code, not as an unknown address.
    await expectErrorCode(resetWith(t, "nobody@example.com", "12345678"), "RESET_CODE_INVALID");
  });

  test("a code works once", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    await resetWith(t, ann.email, sent[0].code, "first1");
    await expectErrorCode(resetWith(t, ann.email, sent[0].code, "second"), "RESET_CODE_INVALID");
    await signIn(t, "signIn", { ...ann, password: "first1" });
  });

  test(`a code expires after ${RESET_CODE_VALID_MINUTES} minutes`, async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    vi.setSystemTime(Date.now() + RESET_CODE_VALID_MINUTES * MINUTE + 1);
    await expectErrorCode(resetWith(t, ann.email, sent[0].code), "RESET_CODE_INVALID");
    await signIn(t, "signIn", ann);
  });

  test("a wrong code is refused and the right one still works; a code is for its own address", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await signUp(t, bob);
    await requestCode(t, ann.email);
    const wrong = sent[0].code === "00000000" ? "11111111" : "00000000";
    await expectErrorCode(resetWith(t, ann.email, wrong), "RESET_CODE_INVALID");
    await expectErrorCode(resetWith(t, bob.email, sent[0].code), "RESET_CODE_INVALID");
    await resetWith(t, ann.email, sent[0].code);
    await signIn(t, "signIn", bob);
  });

  test("a new code replaces the one before", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await requestCode(t, ann.email);
    await requestCode(t, ann.email);
    expect(sent).toHaveLength(2);
    await expectErrorCode(resetWith(t, ann.email, sent[0].code), "RESET_CODE_INVALID");
    await resetWith(t, ann.email, sent[1].code);
  });

  test(`${RESET_CODES_PER_HOUR} codes an hour per account: more requests get the same answer and no e-mail`, async () => {
    const t = newBackend();
    await signUp(t, ann);
    for (let i = 0; i < RESET_CODES_PER_HOUR + 2; i++) {
      expect(await requestCode(t, ann.email)).toEqual({ tokens: null });
    }
    expect(sent).toHaveLength(RESET_CODES_PER_HOUR);
    vi.setSystemTime(Date.now() + 60 * MINUTE);
    await requestCode(t, ann.email);
    expect(sent).toHaveLength(RESET_CODES_PER_HOUR + 1);
  });

  test("the form's rules: a valid address, an 8-digit code, a 6-character password", async () => {
    const t = newBackend();
    await signUp(t, ann);
    await expectErrorCode(requestCode(t, "ann.example.com"), "INVALID_EMAIL");
    await expectErrorCode(resetWith(t, ann.email, "1234"), "RESET_CODE_MISSING");
    await expectErrorCode(resetWith(t, ann.email, "12345678", "12345"), "PASSWORD_TOO_SHORT");
    // Spaces a mail app puts in a code are ignored.
    await requestCode(t, ann.email);
    const spaced = `${sent[0].code.slice(0, 4)} ${sent[0].code.slice(4)}`;
    await resetWith(t, ann.email, spaced);
  });

  test("with no sender configured, reset says it is not set up, for any address", async () => {
    const t = newBackend();
    await signUp(t, ann);
    vi.unstubAllEnvs();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await t.query(api.users.passwordResetAvailable, {})).toBe(false);
    await expectErrorCode(requestCode(t, ann.email), "RESET_NOT_SET_UP");
    expect(error).toHaveBeenCalledWith(expect.stringContaining("set AUTH_RESEND_KEY"));
    await expectErrorCode(requestCode(t, "nobody@example.com"), "RESET_NOT_SET_UP");
    expect(sent).toEqual([]);
  });

  /** Resend's API, stubbed: each send answers as `answer` says (a refusal, or a sent e-mail). */
  function stubResend(answer: () => "sent" | "refused") {
    vi.unstubAllEnvs();
    vi.stubEnv("AUTH_RESEND_KEY", "re_test_key");
    vi.stubEnv("AUTH_EMAIL_FROM", "Anime Guess <no-reply@anime-guess.example>");
    const requests: { url: string; body: { from: string; to: string[]; text: string } }[] = [];
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(init.body as string) as (typeof requests)[0]["body"] });
      if (answer() === "sent") return Promise.resolve(Response.json({ id: "email-1" }));
      const refusal = { name: "validation_error", message: "The domain is not verified" };
      return Promise.resolve(Response.json({ ...refusal, statusCode: 403 }, { status: 403 }));
    });
    const codes = () => requests.map((request) => /code is (\d{8})/.exec(request.body.text)![1]);
    return { requests, codes };
  }

  test("with AUTH_RESEND_KEY and AUTH_EMAIL_FROM set, the code goes out through Resend's API, from that sender", async () => {
    const t = newBackend();
    await signUp(t, ann);
    const { requests, codes } = stubResend(() => "sent");
    expect(await t.query(api.users.passwordResetAvailable, {})).toBe(true);
    await requestCode(t, ann.email);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toMatch(/^https:\/\/api\.resend\.com\/emails/);
    expect(requests[0].body.from).toBe("Anime Guess <no-reply@anime-guess.example>");
    expect(requests[0].body.to).toEqual([ann.email]);
    // The e-mail carries a link too, to the site's reset page with the address and a token.
    const link = /(http\S+)/.exec(requests[0].body.text)![1];
    expect(resetLinkParams(link)).toEqual({
      email: ann.email,
      token: expect.any(String) as unknown,
    });
    await resetWith(t, ann.email, codes()[0]);
    vi.unstubAllGlobals();
  });

  test("AUTH_RESEND_KEY without AUTH_EMAIL_FROM is not set up: Resend's shared sender would reach nobody", async () => {
    const t = newBackend();
    await signUp(t, ann);
    const { requests } = stubResend(() => "sent");
    vi.stubEnv("AUTH_EMAIL_FROM", undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await t.query(api.users.passwordResetAvailable, {})).toBe(false);
    await expectErrorCode(requestCode(t, ann.email), "RESET_NOT_SET_UP");
    expect(requests).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("without AUTH_EMAIL_FROM"));
    vi.unstubAllGlobals();
  });

  test("without SITE_URL nothing is sent: reset says it is not set up", async () => {
    const t = newBackend();
    await signUp(t, ann);
    const { requests } = stubResend(() => "sent");
    vi.stubEnv("SITE_URL", undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await t.query(api.users.passwordResetAvailable, {})).toBe(false);
    await expectErrorCode(requestCode(t, ann.email), "RESET_NOT_SET_UP");
    expect(requests).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining("SITE_URL"));
    vi.unstubAllGlobals();
  });

  test("a send Resend refuses: the same answer as any address, the operator's log says why, the code in the inbox still works", async () => {
    const t = newBackend();
    await signUp(t, ann);
    let refuse = false;
    const { requests, codes } = stubResend(() => (refuse ? "refused" : "sent"));
    await requestCode(t, ann.email); // delivered: the code in ann's inbox
    refuse = true;
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await requestCode(t, ann.email);
    expect(requests).toHaveLength(2);
    expect(answer).toEqual(await requestCode(t, "nobody@example.com"));
    expect(answer).toEqual({ tokens: null });
    expect(error).toHaveBeenCalledWith(expect.stringContaining("The domain is not verified"));
    // The refused code was never delivered, and the one delivered before still works.
    await expectErrorCode(resetWith(t, ann.email, codes()[1]), "RESET_CODE_INVALID");
    await resetWith(t, ann.email, codes()[0]);
    vi.unstubAllGlobals();
  });

  test(`sends that fail do not count toward the ${RESET_CODES_PER_HOUR} codes an hour`, async () => {
    const t = newBackend();
    await signUp(t, ann);
    let refuse = true;
    const { requests, codes } = stubResend(() => (refuse ? "refused" : "sent"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (let i = 0; i < RESET_CODES_PER_HOUR + 1; i++) await requestCode(t, ann.email);
    refuse = false;
    await requestCode(t, ann.email);
    expect(requests).toHaveLength(RESET_CODES_PER_HOUR + 2);
    await resetWith(t, ann.email, codes().at(-1)!);
    vi.unstubAllGlobals();
  });
});
