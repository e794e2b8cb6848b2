import { describe, expect, test } from "vitest";
import { api } from "../../_generated/api";
import { RENAME_BATCH } from "../../model/accounts/profile";
import * as users from "../../users";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { readsAs, touches } from "../../../testing/convex/concurrency/occ";
import { recordCall } from "../../../testing/convex/concurrency/recordCall";
import { indexFields } from "../../../testing/convex/concurrency/schemaIndexes";
import { runDueJobs } from "../../../testing/convex/scheduler";
import { ann, bob } from "../../../testing/fixtures/accounts";
import {
  dealtAnime,
  deal,
  givePassword,
  guessAs,
  seedAnime,
  signedInAs,
  signIn,
  signUp,
  userOf,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

async function rename(player: { as: Pick<TestConvex, "mutation"> }, username: string) {
  return await player.as.mutation(api.users.changeUsername, { username });
}

describe("changing the username", () => {
  test.each(["ab", "a".repeat(21), "Ann Marie", "Ann-Marie", "", "   "])(
    "refuses %j with the sign-up's rule",
    async (username) => {
      const t = newBackend();
      const player = await signUp(t, ann);
      await expectErrorCode(rename(player, username), "INVALID_USERNAME");
      expect((await userOf(t, player)).username).toBe(ann.username);
    },
  );

  test("takes a free name, trimmed, and keeps its look-alike key", async () => {
    const t = newBackend();
    const player = await signUp(t, ann);
    await rename(player, "  Zed_2 ");
    expect(await userOf(t, player)).toMatchObject({ username: "Zed_2", usernameKey: "zed2" });
    expect(await player.as.query(api.users.viewer, {})).toMatchObject({ username: "Zed_2" });
  });

  test("a name is taken whatever its case, except the player's own", async () => {
    const t = newBackend();
    const first = await signUp(t, ann);
    const second = await signUp(t, bob);
    await expectErrorCode(rename(second, "ANN"), "USERNAME_TAKEN");
    await rename(first, "ANN");
    expect((await userOf(t, first)).username).toBe("ANN");
    // The old name is free again, for a rename and for a sign-up.
    await rename(first, "Annie");
    await rename(second, "ann");
    await expectErrorCode(
      signIn(t, "signUp", { email: "c@example.com", username: "Annie", password: "secret1" }),
      "USERNAME_TAKEN",
    );
  });

  test("two players racing for one name: their calls conflict, and the one re-run is refused", async () => {
    // Both calls start from the same state (two identical backends); Convex re-runs a mutation
    // when a commit between its start and its own wrote what it read.
    const race = async () => {
      const t = newBackend();
      const first = await signedInAs(t, "player", { email: "a@example.com", username: "Ann" });
      const second = await signedInAs(t, "player", { email: "b@example.com", username: "Bob" });
      return { t, first, second };
    };
    const one = await race();
    const other = await race();
    const firstCall = await recordCall(
      one.first.as,
      one.first.userId,
      "mutation",
      "users.changeUsername",
      users.changeUsername,
      { username: "Zed" },
    );
    const secondCall = await recordCall(
      other.second.as,
      other.second.userId,
      "mutation",
      "users.changeUsername",
      users.changeUsername,
      { username: "zed" },
    );
    const firstWrites = firstCall.record.writes.map((write) => ({ write, renaming: null }));
    expect(touches(readsAs(secondCall.record, null), firstWrites, indexFields)).toBe(true);
    // The re-run sees the first commit.
    await expectErrorCode(rename(one.second, "zed"), "USERNAME_TAKEN");
    // A rename of the same name racing a sign-up conflicts the same way: both read the name's key.
    expect(
      secondCall.record.reads.some(
        (read) => read.kind === "range" && read.index === "by_usernameKey",
      ),
    ).toBe(true);
  });

  test("the boards and room seats follow the new name, a batch at a time", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const player = await signUp(t, ann);
    await deal(player);
    const anime = await dealtAnime(t, player);
    await guessAs(player, anime.title.english ?? anime.title.romaji!);
    const { code } = await player.as.mutation(api.rooms.create, {});
    await t.run(async (ctx) => {
      // Old weeks' boards: more rows than one step rewrites.
      for (let i = 0; i < RENAME_BATCH + 50; i++) {
        await ctx.db.insert("boardEntries", {
          board: `week:old-${i}`,
          userId: player.userId,
          username: ann.username,
          score: 10,
        });
      }
    });
    await rename(player, "Zed");
    let steps = 0;
    await runDueJobs(t, () => Promise.resolve(void steps++));
    expect(steps).toBeGreaterThanOrEqual(2);
    const names = await t.run(async (ctx) => [
      ...(await ctx.db.query("boardEntries").take(1000)).map((row) => row.username),
      ...(await ctx.db.query("roomPlayers").take(10)).map((row) => row.username),
    ]);
    expect(new Set(names)).toEqual(new Set(["Zed"]));
    const board = await t.query(api.leaderboard.top, { limit: 10 });
    expect(board.map((entry) => entry.username)).toEqual(["Zed"]);
    expect(await player.as.query(api.rooms.view, { code })).toMatchObject({ kind: "member" });
  });
});

describe("changing the password", () => {
  test("needs the current password; the new one works, the old one not, other devices are signed out", async () => {
    const t = newBackend();
    const player = await signUp(t, ann);
    const elsewhere = await signIn(t, "signIn", ann);
    const change = (currentPassword: string, newPassword: string) =>
      player.as.action(api.users.changePassword, { currentPassword, newPassword });
    await expectErrorCode(change("", "another1"), "CURRENT_PASSWORD_MISSING");
    await expectErrorCode(change("wrong!", "another1"), "INCORRECT_PASSWORD");
    await expectErrorCode(change(ann.password, "12345"), "PASSWORD_TOO_SHORT");
    await change(ann.password, "another1");
    await expectErrorCode(signIn(t, "signIn", ann), "INCORRECT_PASSWORD");
    await signIn(t, "signIn", { ...ann, password: "another1" });
    // The other device's session is gone: its refresh token no longer works.
    const refreshed = await t.action(api.auth.signIn, { refreshToken: elsewhere.refreshToken });
    expect(refreshed.tokens).toBeNull();
    expect(await player.as.query(api.users.viewer, {})).toMatchObject({ username: ann.username });
  });

  test("wrong current passwords count toward the sign-in limit", async () => {
    const t = newBackend();
    const player = await signedInAs(t, "player", { email: ann.email, username: ann.username });
    await givePassword(t, player, ann.password);
    for (let i = 0; i < 10; i++) {
      await expectErrorCode(
        player.as.action(api.users.changePassword, {
          currentPassword: "wrong!",
          newPassword: "another1",
        }),
        "INCORRECT_PASSWORD",
      );
    }
    await expectErrorCode(
      player.as.action(api.users.changePassword, {
        currentPassword: ann.password,
        newPassword: "another1",
      }),
      "TOO_MANY_ATTEMPTS",
    );
  });
});
