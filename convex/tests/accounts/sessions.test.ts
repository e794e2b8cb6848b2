import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { identityFromToken } from "../../../testing/convex/modules";
import { captureResetCodes } from "../../../testing/convex/resetCodes";
import { ann } from "../../../testing/fixtures/accounts";
import { seedAnime, signIn, signUp } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

/**
 * A device that signed in before the event: its access token stays valid for up to an hour, so
 * only the server's look at the session can end its access. (convex/tests/api/authorization.test.ts runs
 * every public function with an ended session's token; these are the events that end one.)
 */
async function otherDevice(t: TestConvex) {
  const tokens = await signIn(t, "signIn", ann);
  return { tokens, as: t.withIdentity(identityFromToken(tokens.token)) };
}

type Device = { as: Pick<TestConvex, "query" | "mutation" | "action"> };

/** What the device can still do: a query, a mutation and an action of a player. */
async function expectEnded(device: Device) {
  expect(await device.as.query(api.users.viewer, {})).toBeNull();
  expect(await device.as.query(api.auth.isAuthenticated, {})).toBe(false);
  await expectErrorCode(device.as.query(api.game.state, {}), "SESSION_ENDED");
  await expectErrorCode(
    device.as.mutation(api.users.changeUsername, { username: "Thief" }),
    "SESSION_ENDED",
  );
  await expectErrorCode(device.as.mutation(api.rooms.create, { private: false }), "SESSION_ENDED");
  await expectErrorCode(
    device.as.action(api.users.changePassword, {
      currentPassword: ann.password,
      newPassword: "stolen1",
    }),
    "SESSION_ENDED",
  );
}

describe("a session ends everywhere at once, however long its token lives", () => {
  test("a password changed on one device ends the other's session; the device that changed it stays", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const here = await signUp(t, ann);
    const there = await otherDevice(t);
    expect(await there.as.query(api.auth.isAuthenticated, {})).toBe(true);
    await here.as.action(api.users.changePassword, {
      currentPassword: ann.password,
      newPassword: "brandnew",
    });
    await expectEnded(there);
    expect(await here.as.query(api.users.viewer, {})).toMatchObject({ username: ann.username });
  });

  test("a reset by e-mailed code ends every session signed in before it", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const sent = captureResetCodes();
    const first = await signUp(t, ann);
    const there = await otherDevice(t);
    await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "reset", email: ann.email },
    });
    await t.action(api.auth.signIn, {
      provider: "password",
      params: {
        flow: "reset-verification",
        email: ann.email,
        code: sent[0].code,
        newPassword: "brandnew",
      },
    });
    await expectEnded(there);
    await expectEnded(first);
  });

  test("signing out ends the session for its own token too", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    await signUp(t, ann);
    const there = await otherDevice(t);
    await there.as.action(api.auth.signOut, {});
    await expectEnded(there);
  });

  test("deleting the account ends its other sessions", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const here = await signUp(t, ann);
    const there = await otherDevice(t);
    await here.as.action(api.users.deleteAccount, {
      confirmation: ann.username,
      password: ann.password,
    });
    await expectEnded(there);
  });
});
