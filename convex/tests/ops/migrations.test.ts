import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import {
  BOARD_STATS_BATCH,
  GAME_FIELDS_BATCH,
  USERNAME_KEY_BATCH,
} from "../../model/ops/migrations";
import { statsOf } from "../../model/boards/rank";
import { utcDay } from "../../model/shared/localTime";
import { usernameKey } from "../../model/accounts/usernameKey";
import { expectErrorCode, newBackend } from "../../../testing/convex/backend";
import { setScore, signedInAs, signIn, signUp, userOf } from "../../../testing/world";
import { TITLE_INDEX_BATCH } from "../../model/ops/migrations";
import { testUser } from "../../../testing/fixtures/users";
import { franchiseKey } from "../../model/judge/titleIndex";
import {
  fixtureAnimeFields,
  judgeFixture,
  SHOW,
  verdict,
} from "../../../testing/fixtures/judgePool";
import { testAnime } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

fakeClockEachTest();

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

describe("mergeBoardStats", () => {
  test("gives each board kept in shards its one statistics document, which the boards read, in batches it schedules itself", async () => {
    const t = newBackend();
    // Past day boards with a shard each: more than a batch of them.
    const days = Array.from({ length: BOARD_STATS_BATCH + 3 }, (_, i) =>
      utcDay(Date.parse("2026-09-01T00:00:00Z") + i * 86_400_000),
    );
    await t.run(async (ctx) => {
      await ctx.db.insert("boardStats", { board: "all", shard: 3, ...statsOf([900, 100]) });
      await ctx.db.insert("boardStats", { board: "all", shard: 7, ...statsOf([500]) });
      for (const day of days) {
        await ctx.db.insert("boardStats", { board: `day:${day}`, shard: 0, ...statsOf([70]) });
      }
      // A week's board the fold gave a document meanwhile (a deleted player leaving it).
      await ctx.db.insert("boardStats", { board: "week:2026-11-16", shard: 2, ...statsOf([300]) });
      await ctx.db.insert("boardRanks", { board: "week:2026-11-16", ...statsOf([50]) });
    });
    const week = { period: "week" as const, day: "2026-11-16" };
    // The shards alone are read by nobody now.
    expect(await t.query(api.leaderboard.ranks, {})).toMatchObject({ players: 0, top: [] });

    expect(await t.mutation(internal.migrations.mergeBoardStats, {})).toEqual({
      merged: BOARD_STATS_BATCH,
      done: false,
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await t.query(api.leaderboard.ranks, {})).toMatchObject({
      players: 3,
      top: [900, 500, 100],
    });
    expect(await t.query(api.leaderboard.ranks, week)).toMatchObject({
      players: 2,
      top: [300, 50],
    });
    for (const day of [days[0], days.at(-1)!]) {
      expect(await t.query(api.leaderboard.ranks, { period: "day", day })).toMatchObject({
        players: 1,
        top: [70],
      });
    }
    expect(await t.run(async (ctx) => await ctx.db.query("boardStats").take(1))).toEqual([]);
    // The fold carries on from the merged statistics.
    const ann = await signUp(t);
    await setScore(t, ann.userId, 600);
    expect(await t.query(api.leaderboard.ranks, {})).toMatchObject({
      players: 4,
      top: [900, 600, 500, 100],
    });
  });
});

describe("clearRetiredGameFields", () => {
  const gameOf = (userId: Id<"users">) => ({
    userId,
    timeZone: "UTC",
    dailyRemaining: 20,
    animeRemaining: 5,
    lastReset: 0,
    nextResetAt: 86_400_000,
    cooldownEnd: null,
    round: null,
    previousRound: null,
    lastActiveAt: 0,
  });

  test("takes the retired job fields and recent anime off every game, in batches it schedules itself, and nothing else", async () => {
    const t = newBackend();
    const count = GAME_FIELDS_BATCH + 2;
    const kept = await t.run(async (ctx) => {
      const animeId = await ctx.db.insert("anime", testAnime(1, { english: "Old Show" }));
      for (let i = 0; i < count; i++) {
        const userId = await ctx.db.insert("users", testUser(`player${i}`));
        await ctx.db.insert("games", {
          ...gameOf(userId),
          ...(i % 2 === 0 ? { resetJobFor: 1, recentAnimeIds: [animeId] } : { cooldownEnd: 5_000 }),
        });
      }
      return (await ctx.db.query("games").take(count)).map(
        ({ resetJobFor: _job, recentAnimeIds: _recent, ...rest }) => rest,
      );
    });

    expect(await t.mutation(internal.migrations.clearRetiredGameFields, {})).toMatchObject({
      done: false,
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const games = await t.run(async (ctx) => await ctx.db.query("games").take(count));
    expect(games).toEqual(kept);
    expect(games.filter((game) => "resetJobFor" in game || "recentAnimeIds" in game)).toEqual([]);
  });
});
