import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import {
  expectErrorCode,
  identityFromToken,
  newBackend,
  signIn,
  signUpPlayer,
  type TestConvex,
} from "./test.setup";

/** An account as a developer would make it on the dashboard: an e-mail and a password, no profile. */
async function dashboardAccount(t: TestConvex, email: string) {
  await signUpPlayer(t, { email: "seed@example.com", username: "seed" });
  return await t.run(async (ctx) => {
    const account = await ctx.db.query("authAccounts").first();
    const userId = await ctx.db.insert("users", { email });
    await ctx.db.insert("authAccounts", {
      userId,
      provider: "password",
      providerAccountId: email,
      secret: account!.secret, // the seed's password hash: "secret1"
    });
    return userId;
  });
}

async function signInAs(t: TestConvex, email: string) {
  const tokens = await signIn(t, "signIn", { email, password: "secret1" });
  return t.withIdentity(identityFromToken(tokens.token));
}

describe("viewer", () => {
  test("is null for a visitor", async () => {
    const t = newBackend();
    expect(await t.query(api.users.viewer, {})).toBeNull();
  });

  test("is null for a session whose user was deleted", async () => {
    const t = newBackend();
    const { as } = await signUpPlayer(t);
    await t.run(async (ctx) => {
      const user = await ctx.db.query("users").first();
      await ctx.db.delete("users", user!._id);
    });
    expect(await as.query(api.users.viewer, {})).toBeNull();
  });

  test("never exposes the internal lower-cased username key", async () => {
    const t = newBackend();
    const { as } = await signUpPlayer(t);
    expect(await as.query(api.users.viewer, {})).not.toHaveProperty("usernameKey");
  });
});

describe("ensureProfile", () => {
  test("gives a dashboard-made account a profile named after its e-mail on first sign-in", async () => {
    const t = newBackend();
    const userId: Id<"users"> = await dashboardAccount(t, "jo.ann+games@example.com");
    const as = await signInAs(t, "jo.ann+games@example.com");
    expect(await as.query(api.users.viewer, {})).toBeNull();

    await as.mutation(api.users.ensureProfile, {});
    await as.mutation(api.users.ensureProfile, {}); // idempotent

    const profile = await as.query(api.users.viewer, {});
    expect(profile).toMatchObject({
      _id: userId,
      username: "jo_ann_games",
      score: 0,
      isBetaTester: false,
      isAdmin: false,
    });
  });

  test("picks a free variant when the e-mail's name is taken", async () => {
    const t = newBackend();
    await signUpPlayer(t, { email: "first@example.com", username: "ann" });
    await dashboardAccount(t, "ann@example.org");
    const as = await signInAs(t, "ann@example.org");
    await as.mutation(api.users.ensureProfile, {});
    expect(await as.query(api.users.viewer, {})).toMatchObject({ username: "ann2" });
  });

  test("refuses visitors", async () => {
    const t = newBackend();
    await expectErrorCode(t.mutation(api.users.ensureProfile, {}), "NOT_SIGNED_IN");
  });
});
