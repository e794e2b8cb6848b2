import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { MIGRATION_BATCH } from "./model/ops/migrations";
import { newBackend } from "../testing/convex/backend";
import { signedInAs, signUp } from "../testing/world";
import { TITLE_INDEX_BATCH } from "./model/ops/migrations";
import { franchiseKey, insertAnime } from "./model/judge/titleIndex";
import { fixtureAnimeFields, judgeFixture, SHOW, verdict } from "../testing/fixtures/judgePool";
import { testAnime } from "../testing/fixtures/anime";
import { fakeClockEachTest } from "../testing/world/clock";

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
