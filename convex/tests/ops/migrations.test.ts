import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { MIGRATION_BATCH, USERNAME_KEY_BATCH } from "../../model/ops/migrations";
import { usernameKey } from "../../model/accounts/usernameKey";
import { expectErrorCode, newBackend } from "../../../testing/convex/backend";
import { signedInAs, signIn, signUp, userOf } from "../../../testing/world";
import { TITLE_INDEX_BATCH } from "../../model/ops/migrations";
import { testUser } from "../../../testing/fixtures/users";
import { franchiseKey, insertAnime } from "../../model/judge/titleIndex";
import {
  fixtureAnimeFields,
  judgeFixture,
  SHOW,
  verdict,
} from "../../../testing/fixtures/judgePool";
import { testAnime } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

describe("clearAnalyticsEvents", () => {
  test("empties the retired table in batches that it schedules itself, and touches nothing else", async () => {
    const t = newBackend();
    await signUp(t);
    const count = MIGRATION_BATCH * 2 + 7;
    await t.run(async (ctx) => {
      const userId = (await ctx.db.query("users").first())!._id;
      for (let i = 0; i < count; i++) {
        await ctx.db.insert("analytics_events", {
          userId,
          name: "game_session_start",
          timestamp: i,
        });
      }
    });

    const first = await t.mutation(internal.migrations.clearAnalyticsEvents, {});
    expect(first).toEqual({ deleted: MIGRATION_BATCH, done: false });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const left = await t.run(async (ctx) => ({
      events: await ctx.db.query("analytics_events").take(1),
      users: await ctx.db.query("users").take(2),
    }));
    expect(left.events).toEqual([]);
    expect(left.users).toHaveLength(1);
    expect(await t.mutation(internal.migrations.clearAnalyticsEvents, {})).toEqual({
      deleted: 0,
      done: true,
    });
  });
});

describe("clearTitleSuggestions", () => {
  test("empties the retired suggestion rows, and leaves the typeahead's own rows", async () => {
    const t = newBackend();
    await t.run(async (ctx) => {
      const animeId = await insertAnime(ctx, testAnime(1, { english: "Filler Show" }));
      for (let i = 0; i < MIGRATION_BATCH + 3; i++) {
        await ctx.db.insert("titleSuggestions", { text: `Old Row ${i}`, animeId });
      }
    });
    expect(await t.mutation(internal.migrations.clearTitleSuggestions, {})).toEqual({
      deleted: MIGRATION_BATCH,
      done: false,
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const left = await t.run(async (ctx) => ({
      old: await ctx.db.query("titleSuggestions").take(1),
      prefixes: await ctx.db.query("titlePrefixes").take(10),
    }));
    expect(left.old).toEqual([]);
    expect(left.prefixes.length).toBeGreaterThan(0);
  });
});

describe("rewriteTitleIndex", () => {
  test("gives a pool stored before the index held names and acronyms what the judge asks for", async () => {
    const t = newBackend();
    await t.run(async (ctx) => {
      for (const anime of judgeFixture.anime) {
        await ctx.db.insert("anime", fixtureAnimeFields(anime));
      }
      // More than one batch in all.
      for (let n = 1; n <= TITLE_INDEX_BATCH; n++) {
        await ctx.db.insert("anime", testAnime(n, { english: `Filler Show ${n}` }));
      }
    });
    // The dealt anime's own names score without the index; the refusals ask the index.
    expect(await verdict(t, SHOW.AOT, "A Silent Voice")).toBe("GUESS_TOO_GENERIC");
    expect(await verdict(t, SHOW.AOT, "Death Not")).toBe("GUESS_TOO_GENERIC");
    const { as } = await signedInAs(t, "player");
    expect(await as.query(api.titles.suggest, { text: "silent" })).toEqual([]);

    const first = await t.mutation(internal.migrations.rewriteTitleIndex, {});
    expect(first).toEqual({ rewritten: TITLE_INDEX_BATCH, done: false });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await verdict(t, SHOW.SILENT_VOICE, "A Silent Voice")).toBe("correct");
    expect(await verdict(t, SHOW.AOT, "A Silent Voice")).toBe("wrong");
    // A typo of a name, from the typo rows (typoIndex.ts): judged, no longer refused.
    expect(await verdict(t, SHOW.AOT, "Death Not")).toBe("wrong");
    expect(await verdict(t, SHOW.SAO, "SAO")).toBe("correct");
    expect(await verdict(t, SHOW.SAO, "online")).toBe("GUESS_TOO_GENERIC");
    // The guess box's suggestions, from the prefix rows the rewrite wrote.
    expect(await as.query(api.titles.suggest, { text: "silent" })).toEqual(["A Silent Voice"]);
    // Each anime's stored franchise, which the clue reads its franchise's first entries by.
    const stored = await t.run(async (ctx) => await ctx.db.query("anime").take(1000));
    for (const anime of stored) expect(anime.franchiseKey).toBe(franchiseKey(anime));
  });
});

describe("rekeyUsernames", () => {
  test("gives every account the look-alike key, renames nobody, and a shared key is taken for all", async () => {
    const t = newBackend();
    // Accounts from before the look-alike key, stored with their lower-cased names: alice and
    // AIice (a capital i) were two names then.
    const alice = await signUp(t, { email: "alice@example.com", username: "alice" });
    const impostor = await signUp(t, { email: "aiice@example.com", username: "Temp" });
    const boss = await signUp(t, { email: "boss@example.com", username: "Boss" });
    await t.run(async (ctx) => {
      await ctx.db.patch("users", alice.userId, { usernameKey: "alice" });
      await ctx.db.patch("users", impostor.userId, { username: "AIice", usernameKey: "aiice" });
      await ctx.db.patch("users", boss.userId, { usernameKey: "boss" });
      // More than one batch in all.
      for (let n = 0; n < USERNAME_KEY_BATCH; n++) {
        await ctx.db.insert("users", { ...testUser(`Player_${n}`), usernameKey: `player_${n}` });
      }
    });

    const signUpAs = (username: string) =>
      signIn(t, "signUp", { email: "new@example.com", username, password: "secret1" });
    // Before the migration, the same name in another case is taken already (the older key is
    // asked too); only look-alikes wait for it.
    await expectErrorCode(signUpAs("ALICE"), "USERNAME_TAKEN");

    const first = await t.mutation(internal.migrations.rekeyUsernames, {});
    expect(first.done).toBe(false);
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const users = await t.run(async (ctx) => await ctx.db.query("users").take(1000));
    expect(users).toHaveLength(USERNAME_KEY_BATCH + 3);
    for (const user of users) expect(user.usernameKey).toBe(usernameKey(user.username));
    // Both keep their names, and share a key.
    expect((await userOf(t, alice)).username).toBe("alice");
    expect((await userOf(t, impostor)).username).toBe("AIice");
    expect((await userOf(t, impostor)).usernameKey).toBe((await userOf(t, alice)).usernameKey);

    // Look-alikes of the older names are taken now.
    await expectErrorCode(signUpAs("A1ice"), "USERNAME_TAKEN");
    await expectErrorCode(signUpAs("B0ss"), "USERNAME_TAKEN");
    // While two accounts share it, the name is taken for each of them too: the other holds it.
    await expectErrorCode(
      alice.as.mutation(api.users.changeUsername, { username: "ALICE" }),
      "USERNAME_TAKEN",
    );
    // Once one of them moves on, the other has it alone.
    await alice.as.mutation(api.users.changeUsername, { username: "Alicia" });
    await impostor.as.mutation(api.users.changeUsername, { username: "alice" });
    expect((await userOf(t, impostor)).username).toBe("alice");

    // Run again, it finds nothing to change.
    expect(await t.mutation(internal.migrations.rekeyUsernames, {})).toEqual({
      rekeyed: 0,
      done: false,
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
  });
});
