import { ConvexError } from "convex/values";
import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { errorMessages } from "../../model/shared/errors";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { setRoles, signIn, signUp, userOf } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

/** Names a player would read as the game or its staff speaking: each is refused, and so is any look-alike. */
const RESERVED = [
  "admin",
  "Administrator",
  "Moderator",
  "mod",
  "Staff",
  "System",
  "support",
  "AnimeGuess",
  "Anime_Guess",
  "anime_guess",
  // Look-alikes: digits for letters, l or I for i, rn for m, separators, digits after.
  "Adm1n",
  "ADMlN",
  "4dmin",
  "adrnin",
  "S_y_s_t_e_m",
  "5ystem",
  "m0d",
  "5taff",
  "Supp0rt",
  "Anim3Gue55",
  "Admin2",
  "system_01",
];

/** Names that look like the taken ones below (alice, olivia, an admin's Boss). */
const LOOK_ALIKES = ["AIice", "A1ice", "ALICE", "Al_ice", "0livia", "OLlVIA", "B0ss", "B_0_S_S"];

/** Names near the taken ones that a reader tells apart: each is free. */
const DISTINCT = ["Alicia", "Alex", "Bose", "Bossa", "Olive", "Oliver", "Modest", "Systematic"];

async function withTakenNames() {
  const t = newBackend();
  await signUp(t, { email: "alice@example.com", username: "alice" });
  await signUp(t, { email: "olivia@example.com", username: "olivia" });
  const boss = await signUp(t, { email: "boss@example.com", username: "Boss" });
  await setRoles(t, boss, { isAdmin: true });
  const player = await signUp(t, { email: "player@example.com", username: "Player" });
  return { t, player };
}

function signUpAs(t: TestConvex, username: string, n = 0) {
  return signIn(t, "signUp", { email: `new${n}@example.com`, username, password: "secret1" });
}

async function accounts(t: TestConvex) {
  return await t.run(async (ctx) => ({
    users: (await ctx.db.query("users").take(100)).length,
    authAccounts: (await ctx.db.query("authAccounts").take(100)).length,
  }));
}

describe("reserved usernames", () => {
  test.each(RESERVED)("sign-up as %j is refused as reserved, and stores nothing", async (name) => {
    const t = newBackend();
    await expectErrorCode(signUpAs(t, name), "USERNAME_RESERVED");
    expect(await accounts(t)).toEqual({ users: 0, authAccounts: 0 });
  });

  test.each(RESERVED)("renaming to %j is refused as reserved", async (name) => {
    const t = newBackend();
    const player = await signUp(t);
    await expectErrorCode(
      player.as.mutation(api.users.changeUsername, { username: name }),
      "USERNAME_RESERVED",
    );
    expect((await userOf(t, player)).username).toBe(player.username);
  });

  test("the refusal carries the message the forms show, word for word", async () => {
    const error: unknown = await signUpAs(newBackend(), "Adm1n").catch((e: unknown) => e);
    expect((error as ConvexError<{ message: string }>).data.message).toBe(
      "That username is reserved. Please choose another",
    );
    expect(errorMessages.USERNAME_RESERVED).toBe(
      "That username is reserved. Please choose another",
    );
  });

  test("a name in another script is refused by the names' shape before any look-alike check", async () => {
    // Sуstem with a Cyrillic у: usernames are ASCII letters, digits and _ (the skeleton would read
    // it as System, usernameKey.test.ts).
    await expectErrorCode(signUpAs(newBackend(), "Sуstem"), "INVALID_USERNAME");
  });
});

describe("look-alike usernames are taken", () => {
  test.each(LOOK_ALIKES)("sign-up as %j beside alice, olivia and Boss is refused", async (name) => {
    const { t } = await withTakenNames();
    const before = await accounts(t);
    await expectErrorCode(signUpAs(t, name), "USERNAME_TAKEN");
    expect(await accounts(t)).toEqual(before);
  });

  test.each(LOOK_ALIKES)(
    "renaming to %j beside alice, olivia and Boss is refused",
    async (name) => {
      const { t, player } = await withTakenNames();
      await expectErrorCode(
        player.as.mutation(api.users.changeUsername, { username: name }),
        "USERNAME_TAKEN",
      );
      expect((await userOf(t, player)).username).toBe("Player");
    },
  );

  test("names a reader tells apart are free, for sign-up and rename", async () => {
    const { t, player } = await withTakenNames();
    for (const [n, name] of DISTINCT.entries()) await signUpAs(t, name, n);
    await player.as.mutation(api.users.changeUsername, { username: "Alison" });
    expect((await userOf(t, player)).username).toBe("Alison");
    expect((await accounts(t)).users).toBe(4 + DISTINCT.length);
  });

  test("a look-alike of the player's own name is theirs to take", async () => {
    const t = newBackend();
    const alice = await signUp(t, { email: "alice@example.com", username: "alice" });
    await alice.as.mutation(api.users.changeUsername, { username: "AIice" });
    expect((await userOf(t, alice)).username).toBe("AIice");
    // And the old spelling is not free for anyone else: it is the same name.
    await expectErrorCode(signUpAs(t, "alice"), "USERNAME_TAKEN");
  });

  test("names in other scripts, accents included, are refused by the names' shape", async () => {
    const { t } = await withTakenNames();
    for (const name of ["アリス", "Zoë", "Аlice"]) {
      await expectErrorCode(signUpAs(t, name), "INVALID_USERNAME");
    }
  });
});
