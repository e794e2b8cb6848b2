import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { internal } from "./_generated/api";
import { MIGRATION_BATCH } from "./model/ops/migrations";
import { newBackend } from "../testing/convex/backend";
import { signUp } from "../testing/world";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

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
