import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { internal } from "./_generated/api";
import { USERNAME_PATTERN } from "./model/accountRules";
import { MIGRATION_BATCH } from "./model/migrations";
import { newBackend, signUpPlayer } from "./test.setup";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("clearAnalyticsEvents", () => {
  test("empties the retired table in batches that it schedules itself, and touches nothing else", async () => {
    const t = newBackend();
    await signUpPlayer(t);
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

describe("completeProfiles", () => {
  test("gives every account without a profile the one sign-up makes, page by page; others stay as they are", async () => {
    const t = newBackend();
    await signUpPlayer(t);
    const handMade = MIGRATION_BATCH + 3;
    await t.run(async (ctx) => {
      for (let i = 0; i < handMade; i++) {
        await ctx.db.insert("users", { email: `hand.made${i}@example.com` });
      }
      await ctx.db.insert("users", { email: "scored@example.com", score: 40, isAdmin: true });
    });
    const before = await t.run(async (ctx) => await ctx.db.query("users").take(1));

    const first = await t.mutation(internal.migrations.completeProfiles, {});
    expect(first.done).toBe(false);
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    const users = await t.run(async (ctx) => await ctx.db.query("users").take(handMade + 10));
    expect(users).toHaveLength(handMade + 2);
    for (const user of users) {
      expect(user).toMatchObject({
        email: expect.any(String) as unknown,
        username: expect.stringMatching(USERNAME_PATTERN) as unknown,
        usernameKey: user.username!.toLowerCase(),
        score: expect.any(Number) as unknown,
        isBetaTester: expect.any(Boolean) as unknown,
        isAdmin: expect.any(Boolean) as unknown,
        createdAt: expect.any(Number) as unknown,
      });
    }
    expect(new Set(users.map((user) => user.usernameKey)).size).toBe(users.length);
    expect(users.find((user) => user.email === "scored@example.com")).toMatchObject({
      username: "scored",
      score: 40,
      isAdmin: true,
    });
    expect(users[0]).toEqual(before[0]);
  });
});
