import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { internal } from "./_generated/api";
import { MIGRATION_BATCH } from "./model/ops/migrations";
import { newBackend } from "../testing/convex/backend";
import { signUp } from "../testing/world";
import { TITLE_INDEX_BATCH } from "./model/ops/migrations";
import { franchiseKey } from "./model/judge/titleIndex";
import { fixtureAnimeFields, judgeFixture, SHOW, verdict } from "../testing/fixtures/judgePool";
import { testAnime } from "../testing/fixtures/anime";

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
    expect(await verdict(t, SHOW.SILENT_VOICE, "A Silent Voice")).toBe("GUESS_TOO_GENERIC");

    const first = await t.mutation(internal.migrations.rewriteTitleIndex, {});
    expect(first).toEqual({ rewritten: TITLE_INDEX_BATCH, done: false });
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await verdict(t, SHOW.SILENT_VOICE, "A Silent Voice")).toBe("correct");
    expect(await verdict(t, SHOW.SAO, "SAO")).toBe("correct");
    expect(await verdict(t, SHOW.SAO, "online")).toBe("GUESS_TOO_GENERIC");
    // Each anime's stored franchise, which the clue reads its franchise's first entries by.
    const stored = await t.run(async (ctx) => await ctx.db.query("anime").take(1000));
    for (const anime of stored) expect(anime.franchiseKey).toBe(franchiseKey(anime));
  });
});
