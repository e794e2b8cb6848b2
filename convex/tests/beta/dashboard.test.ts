import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { STATS_SHARDS, countGameActivity } from "../../model/game/activity";
import { BETA_ACTIVITY_ITEMS, FEEDBACK_INTERVAL_MS } from "../../model/shared/feedbackRules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  foldAll,
  guessDailyWrongAs,
  nextDailyAs,
  playDailyAs,
  seedAnime,
  signUp,
  signedInAs,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-21T12:00:00Z").getTime();
/** The UTC day of NOW, which the dashboard shows. */
const TODAY = "2026-11-21";

fakeClockEachTest(NOW);

async function admin(t: TestConvex, email = "boss@example.com", username = "Boss") {
  const { as } = await signUp(t, { email, username });
  await t.mutation(internal.admin.setAdmin, { email, isAdmin: true });
  return as;
}

async function betaTester(t: TestConvex, email: string, username: string) {
  const { as } = await signUp(t, { email, username });
  await as.mutation(api.beta.join, {});
  return as;
}

const noText = { bugReport: "", suggestions: "", userExperience: "" };
const firstPage = { numItems: 20, cursor: null };

describe("feedback", () => {
  test("lists feedback newest first, 20 a page, each with its author's username", async () => {
    const t = newBackend();
    const boss = await admin(t);
    const ann = await betaTester(t, "ann@example.com", "Ann");
    const bob = await betaTester(t, "bob@example.com", "Bob");
    for (let i = 1; i <= 13; i++) {
      await ann.mutation(api.beta.submitFeedback, {
        ...noText,
        rating: 5,
        difficulty: "easy",
        bugReport: `ann ${i}`,
      });
      await bob.mutation(api.beta.submitFeedback, {
        ...noText,
        rating: 3,
        difficulty: "hard",
        bugReport: `bob ${i}`,
      });
      vi.advanceTimersByTime(FEEDBACK_INTERVAL_MS);
    }

    const page1 = await boss.query(api.admin.feedback, { paginationOpts: firstPage });
    expect(page1.page).toHaveLength(20);
    expect(page1.isDone).toBe(false);
    expect(page1.page.slice(0, 3).map((f) => [f.bugReport, f.username])).toEqual([
      ["bob 13", "Bob"],
      ["ann 13", "Ann"],
      ["bob 12", "Bob"],
    ]);
    expect(page1.page[0]).toMatchObject({ rating: 3, difficulty: "hard", version: "1.0.0-beta" });

    const page2 = await boss.query(api.admin.feedback, {
      paginationOpts: { numItems: 20, cursor: page1.continueCursor },
    });
    expect(page2.page.map((f) => f.bugReport)).toEqual([
      "bob 3",
      "ann 3",
      "bob 2",
      "ann 2",
      "bob 1",
      "ann 1",
    ]);
    expect(page2.isDone).toBe(true);
    const timestamps = [...page1.page, ...page2.page].map((f) => f.timestamp);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => b - a));
  });

  test("never reads more than 20 records a page, whatever the client asks", async () => {
    const t = newBackend();
    const boss = await admin(t);
    await t.run(async (ctx) => {
      const user = await ctx.db.query("users").first();
      for (let i = 0; i < 30; i++) {
        await ctx.db.insert("beta_feedback", {
          ...noText,
          rating: 4,
          difficulty: "medium",
          userId: user!._id,
          timestamp: NOW - i * 1000,
          version: "1.0.0-beta",
        });
      }
    });
    for (const numItems of [1000, 21]) {
      const page = await boss.query(api.admin.feedback, {
        paginationOpts: { numItems, cursor: null },
      });
      expect(page.page).toHaveLength(20);
    }
    const one = await boss.query(api.admin.feedback, {
      paginationOpts: { numItems: 0, cursor: null },
    });
    expect(one.page).toHaveLength(1);
  });

  test("shows a null username for an author whose account is gone", async () => {
    const t = newBackend();
    const boss = await admin(t);
    const ann = await betaTester(t, "ann@example.com", "Ann");
    await ann.mutation(api.beta.submitFeedback, { ...noText, rating: 5, difficulty: "easy" });
    await t.run(async (ctx) => {
      const feedback = await ctx.db.query("beta_feedback").first();
      await ctx.db.delete("users", feedback!.userId);
    });
    const { page } = await boss.query(api.admin.feedback, { paginationOpts: firstPage });
    expect(page[0].username).toBeNull();
  });
});

describe("summary", () => {
  test("is empty before any feedback or game, with 14 days ending today", async () => {
    const t = newBackend();
    const boss = await admin(t);
    const summary = await boss.query(api.admin.summary, { day: TODAY });
    expect(summary).toMatchObject({
      feedbackCount: 0,
      averageRating: null,
      difficultyVotes: { easy: 0, medium: 0, hard: 0 },
    });
    expect(summary.gameUse).toHaveLength(14);
    expect(summary.gameUse[0]).toEqual({
      day: "2026-11-08",
      sessions: 0,
      guesses: 0,
      correctGuesses: 0,
      dailyAnime: 0,
    });
    expect(summary.gameUse[13].day).toBe("2026-11-21");
  });

  test("averages the ratings and counts the difficulty votes from the running totals", async () => {
    const t = newBackend();
    const boss = await admin(t);
    const ann = await betaTester(t, "ann@example.com", "Ann");
    const bob = await betaTester(t, "bob@example.com", "Bob");
    await ann.mutation(api.beta.submitFeedback, { ...noText, rating: 5, difficulty: "easy" });
    await bob.mutation(api.beta.submitFeedback, { ...noText, rating: 2, difficulty: "hard" });
    vi.advanceTimersByTime(FEEDBACK_INTERVAL_MS);
    await ann.mutation(api.beta.submitFeedback, { ...noText, rating: 4, difficulty: "hard" });

    const summary = await boss.query(api.admin.summary, { day: TODAY });
    expect(summary.feedbackCount).toBe(3);
    expect(summary.averageRating).toBeCloseTo(11 / 3);
    expect(summary.difficultyVotes).toEqual({ easy: 1, medium: 0, hard: 2 });
  });

  test("lists the latest beta actions from beta_analytics, newest first, at most 8", async () => {
    const t = newBackend();
    const boss = await admin(t);
    expect((await boss.query(api.admin.summary, { day: TODAY })).betaActivity).toEqual([]);
    const ann = await betaTester(t, "ann@example.com", "Ann");
    vi.advanceTimersByTime(1_000);
    await ann.mutation(api.beta.submitFeedback, { ...noText, rating: 4, difficulty: "medium" });
    vi.advanceTimersByTime(1_000);
    await betaTester(t, "bob@example.com", "Bob");

    const activity = (await boss.query(api.admin.summary, { day: TODAY })).betaActivity;
    expect(activity.map(({ actionType, username }) => [actionType, username])).toEqual([
      ["beta_registration", "Bob"],
      ["feedback_submitted", "Ann"],
      ["beta_registration", "Ann"],
    ]);
    expect(activity[1].data).toMatchObject({ rating: 4, difficulty: "medium" });

    for (let i = 0; i < BETA_ACTIVITY_ITEMS; i++) {
      vi.advanceTimersByTime(1_000);
      await betaTester(t, `p${i}@example.com`, `Player${i}`);
    }
    const latest = (await boss.query(api.admin.summary, { day: TODAY })).betaActivity;
    expect(latest).toHaveLength(BETA_ACTIVITY_ITEMS);
    expect(latest[0].username).toBe(`Player${BETA_ACTIVITY_ITEMS - 1}`);
  });

  test("charts the 14 days up to the day the client shows, and refuses one that is no date", async () => {
    const t = newBackend();
    const boss = await admin(t);
    // The dashboard left open past midnight asks for the new day: no clock read in the query.
    const { gameUse } = await boss.query(api.admin.summary, { day: "2026-11-22" });
    expect([gameUse[0].day, gameUse[13].day]).toEqual(["2026-11-09", "2026-11-22"]);
    await expectErrorCode(boss.query(api.admin.summary, { day: "2026-11-31" }), "INVALID_DAY");
  });

  test("sums each day's folded game counters (and an old day's shards), for the last 14 UTC days only", async () => {
    const t = newBackend();
    const boss = await admin(t);
    const activityOn = async (
      instant: number,
      activity: Parameters<typeof countGameActivity>[2],
      times = 1,
    ) => {
      vi.setSystemTime(instant);
      for (let i = 0; i < times; i++) {
        await t.run((ctx) => countGameActivity(ctx, `player ${i}`, activity));
      }
    };
    await activityOn(NOW - 14 * DAY_MS, { sessions: 50, guesses: 50 }); // 15 days back: left out
    await activityOn(NOW - 13 * DAY_MS, { sessions: 1 }, 3);
    await activityOn(NOW - 2 * DAY_MS, { guesses: 4, correctGuesses: 1 }, 40);
    await activityOn(Date.parse("2026-11-21T00:00:00Z"), {
      sessions: 2,
      guesses: 5,
      correctGuesses: 2,
    });
    await activityOn(Date.parse("2026-11-21T23:59:59Z"), { sessions: 1, guesses: 1 });
    vi.setSystemTime(NOW);
    // Nothing on the chart until the fold has added the tallies up.
    const unfolded = await boss.query(api.admin.summary, { day: TODAY });
    expect(unfolded.gameUse.every((d) => d.sessions + d.guesses === 0)).toBe(true);
    await foldAll(t);
    // A day counted before the fold, over several shards.
    await t.run(async (ctx) => {
      for (const shard of [2, STATS_SHARDS - 1]) {
        await ctx.db.insert("gameDailyStats", {
          day: "2026-11-10",
          shard,
          sessions: 5,
          guesses: 7,
          correctGuesses: 1,
        });
      }
    });

    const { gameUse } = await boss.query(api.admin.summary, { day: TODAY });
    const counters = await t.run(async (ctx) => await ctx.db.query("gameDailyStats").take(1000));
    // The fold writes one document a day.
    expect(counters.filter((c) => c.day === "2026-11-19")).toHaveLength(1);
    expect(gameUse[2]).toMatchObject({
      day: "2026-11-10",
      sessions: 10,
      guesses: 14,
      correctGuesses: 2,
    });

    expect(gameUse.map((d) => d.day)).toEqual(
      Array.from({ length: 14 }, (_, i) =>
        new Date(NOW - (13 - i) * DAY_MS).toISOString().slice(0, 10),
      ),
    );
    expect(gameUse[0]).toEqual({
      day: "2026-11-08",
      sessions: 3,
      guesses: 0,
      correctGuesses: 0,
      dailyAnime: 0,
    });
    expect(gameUse[11]).toEqual({
      day: "2026-11-19",
      sessions: 0,
      guesses: 160,
      correctGuesses: 40,
      dailyAnime: 0,
    });
    expect(gameUse[13]).toEqual({
      day: "2026-11-21",
      sessions: 3,
      guesses: 6,
      correctGuesses: 2,
      dailyAnime: 0,
    });
    expect(gameUse.reduce((sum, d) => sum + d.sessions, 0)).toBe(16);
  });
});

describe("the Daily on the chart", () => {
  test("counts each Daily anime played to its end, through the fold, apart from the Challenge", async () => {
    const t = newBackend();
    const boss = await admin(t);
    await seedAnime(t, 20);
    const [ann, bob] = await Promise.all(
      ["ann", "bob"].map((name) =>
        signedInAs(t, "player", { email: `${name}@example.com`, username: name }),
      ),
    );
    // Ann: solved in 2, then missed; Bob: gave up on the first, still playing the second.
    await playDailyAs(t, ann, [2, "miss"]);
    await playDailyAs(t, bob, ["giveUp"]);
    await nextDailyAs(bob);
    await guessDailyWrongAs(bob);
    const today = async () => (await boss.query(api.admin.summary, { day: TODAY })).gameUse[13];
    expect((await today()).dailyAnime).toBe(0);
    await foldAll(t);
    // Three anime ended; the Daily's guesses are not the Challenge's.
    expect(await today()).toEqual({
      day: TODAY,
      sessions: 0,
      guesses: 0,
      correctGuesses: 0,
      dailyAnime: 3,
    });
  });
});

describe("setAdmin (internal)", () => {
  test("grants and revokes admin by e-mail", async () => {
    const t = newBackend();
    const { as } = await signUp(t, { email: "ann@example.com" });
    const granted = await t.mutation(internal.admin.setAdmin, {
      email: "Ann@Example.com",
      isAdmin: true,
    });
    expect(granted.isAdmin).toBe(true);
    expect((await as.query(api.users.viewer, {}))?.isAdmin).toBe(true);

    await t.mutation(internal.admin.setAdmin, { email: "ann@example.com", isAdmin: false });
    expect((await as.query(api.users.viewer, {}))?.isAdmin).toBe(false);
    await expectErrorCode(as.query(api.admin.summary, { day: TODAY }), "FORBIDDEN");
  });

  test("fails for an e-mail without an account", async () => {
    const t = newBackend();
    await expectErrorCode(
      t.mutation(internal.admin.setAdmin, { email: "nobody@example.com", isAdmin: true }),
      "USER_NOT_FOUND",
    );
  });
});
