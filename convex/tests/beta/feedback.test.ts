import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { FEEDBACK_INTERVAL_MS, FEEDBACK_TEXT_MAX_LENGTH } from "../../model/shared/feedbackRules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { identityFromToken } from "../../../testing/convex/modules";
import { signUp } from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const feedback = {
  rating: 4,
  difficulty: "medium" as const,
  bugReport: "The timer froze once.",
  suggestions: "More 90s shows.",
  userExperience: "Smooth on my phone.",
};

const ONE_MEGABYTE = "x".repeat(1024 * 1024);

fakeClockEachTest();

async function player(t: TestConvex, email = "ann@example.com", username = "Ann") {
  const { tokens, as } = await signUp(t, { email, username });
  const userId = identityFromToken(tokens.token).subject.split("|")[0] as Id<"users">;
  return { as, userId };
}

async function betaTester(t: TestConvex, email?: string, username?: string) {
  const tester = await player(t, email, username);
  await tester.as.mutation(api.beta.join, {});
  return tester;
}

/** Everything a submission could have written. */
async function stored(t: TestConvex) {
  return await t.run(async (ctx) => ({
    feedback: await ctx.db.query("beta_feedback").take(1000),
    stats: await ctx.db.query("feedbackStats").take(1000),
    betaAnalytics: await ctx.db.query("beta_analytics").take(1000),
  }));
}

describe("join", () => {
  test("makes the player a beta tester and logs the registration once", async () => {
    const t = newBackend();
    const { as, userId } = await player(t);

    expect(await as.mutation(api.beta.join, {})).toEqual({ betaJoinDate: Date.now() });
    const viewer = await as.query(api.users.viewer, {});
    expect(viewer).toMatchObject({ isBetaTester: true, betaJoinDate: Date.now() });

    vi.advanceTimersByTime(60_000);
    expect(await as.mutation(api.beta.join, {})).toEqual({ betaJoinDate: viewer!.betaJoinDate });
    expect((await as.query(api.users.viewer, {}))?.betaJoinDate).toBe(viewer!.betaJoinDate);

    const logs = await t.run(async (ctx) => ({
      beta: await ctx.db.query("beta_analytics").take(1000),
    }));
    expect(logs.beta).toEqual([
      expect.objectContaining({
        userId,
        actionType: "beta_registration",
        data: { version: "1.0.0-beta" },
        timestamp: viewer!.betaJoinDate,
      }),
    ]);
  });
});

describe("submitFeedback", () => {
  test("stores a tester's feedback with the version tag, and counts it in the totals", async () => {
    const t = newBackend();
    const { as, userId } = await betaTester(t);

    const feedbackId = await as.mutation(api.beta.submitFeedback, feedback);

    const { feedback: records, stats, betaAnalytics } = await stored(t);
    expect(records).toEqual([
      expect.objectContaining({
        _id: feedbackId,
        ...feedback,
        userId,
        timestamp: Date.now(),
        version: "1.0.0-beta",
      }),
    ]);
    expect(stats).toEqual([
      expect.objectContaining({ count: 1, ratingTotal: 4, easy: 0, medium: 1, hard: 0 }),
    ]);
    expect(betaAnalytics.at(-1)).toMatchObject({
      userId,
      actionType: "feedback_submitted",
      data: { feedbackId, rating: 4, difficulty: "medium" },
    });
  });

  test("accepts empty texts and the extreme ratings", async () => {
    const t = newBackend();
    const { as } = await betaTester(t);
    const empty = { bugReport: "", suggestions: "", userExperience: "" };
    await as.mutation(api.beta.submitFeedback, { ...empty, rating: 1, difficulty: "easy" });
    vi.advanceTimersByTime(FEEDBACK_INTERVAL_MS);
    await as.mutation(api.beta.submitFeedback, { ...empty, rating: 5, difficulty: "hard" });
    const { feedback: records, stats } = await stored(t);
    expect(records.map((r) => [r.rating, r.difficulty])).toEqual([
      [1, "easy"],
      [5, "hard"],
    ]);
    expect(stats[0]).toMatchObject({ count: 2, ratingTotal: 6, easy: 1, medium: 0, hard: 1 });
  });

  test.each([0, 6, 6.5, 4.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e300])(
    "refuses the rating %s and stores nothing",
    async (rating) => {
      const t = newBackend();
      const { as } = await betaTester(t);
      const before = await stored(t);
      await expectErrorCode(
        as.mutation(api.beta.submitFeedback, { ...feedback, rating }),
        "INVALID_RATING",
      );
      expect(await stored(t)).toEqual(before);
    },
  );

  test.each(["bugReport", "suggestions", "userExperience"] as const)(
    "takes %s up to 5,000 characters, and refuses one more or a megabyte",
    async (field) => {
      const t = newBackend();
      const { as } = await betaTester(t);
      const before = await stored(t);
      for (const text of ["x".repeat(FEEDBACK_TEXT_MAX_LENGTH + 1), ONE_MEGABYTE]) {
        await expectErrorCode(
          as.mutation(api.beta.submitFeedback, { ...feedback, [field]: text }),
          "FEEDBACK_TOO_LONG",
        );
      }
      expect(await stored(t)).toEqual(before);

      const longest = "é".repeat(FEEDBACK_TEXT_MAX_LENGTH);
      await as.mutation(api.beta.submitFeedback, { ...feedback, [field]: longest });
      expect((await stored(t)).feedback[0][field]).toBe(longest);
    },
  );

  test.each([
    ["a rating given as text", { ...feedback, rating: "5" }],
    ["an unknown difficulty", { ...feedback, difficulty: "extreme" }],
    ["a difficulty label instead of its value", { ...feedback, difficulty: "Too Hard" }],
    ["a number as text", { ...feedback, bugReport: 42 }],
    ["null for a text", { ...feedback, suggestions: null }],
    ["a missing field", { rating: 5, difficulty: "easy", bugReport: "", suggestions: "" }],
    ["an extra field", { ...feedback, userId: "someone-else" }],
    ["a chosen version", { ...feedback, version: "9.9.9" }],
    ["a chosen time", { ...feedback, timestamp: 0 }],
  ])("refuses %s with a validation error and stores nothing", async (_, args) => {
    const t = newBackend();
    const { as } = await betaTester(t);
    const before = await stored(t);
    await expect(as.mutation(api.beta.submitFeedback, args as never)).rejects.toThrow(
      /ArgumentValidationError|Validator error|does not match validator/i,
    );
    expect(await stored(t)).toEqual(before);
  });

  test("takes at most one submission per player every 30 seconds", async () => {
    const t = newBackend();
    const ann = await betaTester(t);
    const bob = await betaTester(t, "bob@example.com", "Bob");

    await ann.as.mutation(api.beta.submitFeedback, feedback);
    vi.advanceTimersByTime(FEEDBACK_INTERVAL_MS - 1);
    await expectErrorCode(ann.as.mutation(api.beta.submitFeedback, feedback), "FEEDBACK_TOO_SOON");
    // Another tester is not held up by Ann's limit.
    await bob.as.mutation(api.beta.submitFeedback, feedback);
    expect((await stored(t)).feedback).toHaveLength(2);

    vi.advanceTimersByTime(1);
    await ann.as.mutation(api.beta.submitFeedback, { ...feedback, rating: 2 });
    const { feedback: records, stats } = await stored(t);
    expect(records.filter((r) => r.userId === ann.userId).map((r) => r.rating)).toEqual([4, 2]);
    expect(stats[0]).toMatchObject({ count: 3, ratingTotal: 10 });
  });

  test("a refused submission does not restart the 30 seconds", async () => {
    const t = newBackend();
    const { as } = await betaTester(t);
    await as.mutation(api.beta.submitFeedback, feedback);
    vi.advanceTimersByTime(20_000);
    await expectErrorCode(as.mutation(api.beta.submitFeedback, feedback), "FEEDBACK_TOO_SOON");
    vi.advanceTimersByTime(10_000);
    await as.mutation(api.beta.submitFeedback, feedback);
    expect((await stored(t)).feedback).toHaveLength(2);
  });
});
