import { ConvexError } from "convex/values";
import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { usernameKey } from "../../model/accounts/usernameKey";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { signIn, signUp } from "../../../testing/world";

async function users(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("users").take(10));
}

describe("sign up", () => {
  test("creates the player's profile with no score and no roles", async () => {
    const t = newBackend();
    const { as } = await signUp(t, {
      email: " Ann@Example.com ",
      username: "Ann_1",
      password: "secret",
    });
    const [user] = await users(t);
    expect(user).toMatchObject({
      email: "ann@example.com",
      username: "Ann_1",
      usernameKey: usernameKey("Ann_1"),
      score: 0,
      isBetaTester: false,
      isAdmin: false,
    });
    expect(user.createdAt).toBeTypeOf("number");
    expect(await as.query(api.users.viewer, {})).toMatchObject({
      _id: user._id,
      email: "ann@example.com",
      username: "Ann_1",
      score: 0,
    });
  });

  test.each([
    [{ email: "", username: "Ann", password: "secret1" }, "MISSING_FIELDS"],
    [{ email: "a@b.co", username: "  ", password: "secret1" }, "MISSING_FIELDS"],
    [{ email: "a@b.co", username: "Ann", password: "" }, "MISSING_FIELDS"],
    [{ email: "not-an-email", username: "Ann", password: "secret1" }, "INVALID_EMAIL"],
    [{ email: "a@b", username: "Ann", password: "secret1" }, "INVALID_EMAIL"],
    [{ email: "a@b.co", username: "Ann", password: "12345" }, "PASSWORD_TOO_SHORT"],
    [{ email: "a@b.co", username: "An", password: "secret1" }, "INVALID_USERNAME"],
    [{ email: "a@b.co", username: "A".repeat(21), password: "secret1" }, "INVALID_USERNAME"],
    [{ email: "a@b.co", username: "Ann-Marie", password: "secret1" }, "INVALID_USERNAME"],
  ] as const)("rejects %o with %s and stores nothing", async (params, code) => {
    const t = newBackend();
    await expectErrorCode(signIn(t, "signUp", params), code);
    expect(await users(t)).toHaveLength(0);
  });

  // Found by convex/tests/api/fuzz.test.ts: a 1 MiB address made an account, and documents over the
  // 1 MiB that a deployment allows.
  test("refuses an e-mail longer than 254 characters, and accepts one of 254", async () => {
    const t = newBackend();
    const address = (length: number) => `${"a".repeat(length - 12)}@example.com`;
    for (const length of [255, 1 << 20]) {
      await expectErrorCode(
        signIn(t, "signUp", { email: address(length), username: "Ann", password: "secret1" }),
        "INVALID_EMAIL",
      );
    }
    expect(await users(t)).toHaveLength(0);
    await signUp(t, { email: address(254), username: "Ann" });
    expect(await users(t)).toHaveLength(1);
    await expectErrorCode(
      signIn(t, "signIn", { email: address(255), password: "secret1" }),
      "INVALID_EMAIL",
    );
  });

  test("accepts the edges of the rules: 6-character password, 3 and 20-character usernames", async () => {
    const t = newBackend();
    await signUp(t, { email: "a@b.co", username: "abc", password: "123456" });
    await signUp(t, { email: "c@d.co", username: "a".repeat(20), password: "123456" });
    expect(await users(t)).toHaveLength(2);
  });

  test("usernames are unique whatever their case", async () => {
    const t = newBackend();
    await signUp(t, { email: "ann@example.com", username: "Ann" });
    await expectErrorCode(
      signIn(t, "signUp", { email: "other@example.com", username: "aNN", password: "secret1" }),
      "USERNAME_TAKEN",
    );
    expect(await users(t)).toHaveLength(1);
    const accounts = await t.run(async (ctx) => await ctx.db.query("authAccounts").take(10));
    expect(accounts).toHaveLength(1);
  });

  test("of two simultaneous sign-ups for one username, exactly one succeeds", async () => {
    const t = newBackend();
    const results = await Promise.allSettled([
      signIn(t, "signUp", { email: "one@example.com", username: "Twin", password: "secret1" }),
      signIn(t, "signUp", { email: "two@example.com", username: "twin", password: "secret1" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await users(t)).toHaveLength(1);
  });

  test("of two simultaneous sign-ups for one e-mail, one succeeds and the other reads EMAIL_TAKEN", async () => {
    const t = newBackend();
    const results = await Promise.allSettled([
      signIn(t, "signUp", { email: "same@example.com", username: "First", password: "secret1" }),
      signIn(t, "signUp", { email: "SAME@example.com", username: "Second", password: "secret2" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    const error: unknown = refused?.reason;
    expect(error).toBeInstanceOf(ConvexError);
    expect((error as ConvexError<{ code: string }>).data.code).toBe("EMAIL_TAKEN");
    expect(await users(t)).toHaveLength(1);
  });

  test("a sign-up sent twice at once (same e-mail and password) makes one account", async () => {
    const t = newBackend();
    const form = { email: "twice@example.com", username: "Twice", password: "secret1" };
    await Promise.allSettled([signIn(t, "signUp", form), signIn(t, "signUp", form)]);
    expect(await users(t)).toHaveLength(1);
  });

  test("flows other than sign-up, log-in and password reset (e-mail verification) are not offered", async () => {
    const t = newBackend();
    await signUp(t, { email: "ann@example.com", username: "Ann", password: "secret1" });
    await expect(
      t.action(api.auth.signIn, {
        provider: "password",
        params: { flow: "email-verification", email: "ann@example.com" },
      }),
    ).rejects.toThrow(/Unsupported sign-in flow/);
  });

  test("an e-mail can hold one account, whatever its case and even with the same password", async () => {
    const t = newBackend();
    await signUp(t, { email: "ann@example.com", username: "Ann", password: "secret1" });
    await expectErrorCode(
      signIn(t, "signUp", { email: "ANN@example.com", username: "Other", password: "secret1" }),
      "EMAIL_TAKEN",
    );
    expect(await users(t)).toHaveLength(1);
  });
});

describe("log in", () => {
  const ann = { email: "ann@example.com", username: "Ann", password: "secret1" };

  test("with the right password returns a session for the player", async () => {
    const t = newBackend();
    await signUp(t, ann);
    const tokens = await signIn(t, "signIn", { email: "Ann@Example.com", password: "secret1" });
    expect(tokens.token).toMatch(/^ey/);
  });

  test.each([
    [{ email: "", password: "secret1" }, "MISSING_CREDENTIALS"],
    [{ email: "ann@example.com", password: "" }, "MISSING_CREDENTIALS"],
    [{ email: "ann@", password: "secret1" }, "INVALID_EMAIL"],
    [{ email: "nobody@example.com", password: "secret1" }, "ACCOUNT_NOT_FOUND"],
    [{ email: "ann@example.com", password: "wrong-password" }, "INCORRECT_PASSWORD"],
  ] as const)("rejects %o with %s", async (params, code) => {
    const t = newBackend();
    await signUp(t, ann);
    await expectErrorCode(signIn(t, "signIn", params), code);
  });

  test("locks the account after 10 failed attempts, even for the right password", async () => {
    const t = newBackend();
    await signUp(t, ann);
    for (let attempt = 0; attempt < 10; attempt++) {
      await expectErrorCode(
        signIn(t, "signIn", { email: ann.email, password: "wrong-password" }),
        "INCORRECT_PASSWORD",
      );
    }
    await expectErrorCode(signIn(t, "signIn", ann), "TOO_MANY_ATTEMPTS");
  });

  test("a successful login resets the failed-attempt count", async () => {
    const t = newBackend();
    await signUp(t, ann);
    for (let attempt = 0; attempt < 9; attempt++) {
      await signIn(t, "signIn", { email: ann.email, password: "nope-nope" }).catch(() => null);
    }
    await signIn(t, "signIn", ann);
    await expectErrorCode(
      signIn(t, "signIn", { email: ann.email, password: "nope-nope" }),
      "INCORRECT_PASSWORD",
    );
  });
});
