import { describe, expect, test } from "vitest";
import type { Id } from "@convex/_generated/dataModel";
import type { MutationCtx } from "@convex/_generated/server";
import { newBackend, type TestConvex } from "../backend";
import { testUser } from "../../fixtures/users";
import { seededRandom } from "./seeded";
import { poissonTimes, privateIds, replayOcc, type Arrival } from "./occ";
import { newRecord, recordingCtx, type CallRecord } from "./readWriteSets";
import { indexFields } from "./schemaIndexes";

/** Runs `handler` in a convex-test mutation, its ctx recording into a new record. */
async function record(
  t: TestConvex,
  caller: string | null,
  handler: (ctx: MutationCtx) => Promise<unknown>,
): Promise<CallRecord> {
  const recorded = newRecord("inline", caller);
  await t.mutation(async (ctx) => await handler(recordingCtx(ctx, recorded, indexFields)));
  return recorded;
}

async function seedBoard(t: TestConvex, scores: number[]) {
  return await t.run(async (ctx) => {
    const users: Id<"users">[] = [];
    for (const [i, score] of scores.entries()) {
      const userId = await ctx.db.insert("users", testUser(`u${i}`, { score }));
      await ctx.db.insert("boardEntries", { board: "all", userId, username: `u${i}`, score });
      users.push(userId);
    }
    await ctx.db.insert("gameDailyStats", {
      day: "2026-11-26",
      shard: 0,
      sessions: 0,
      guesses: 0,
      correctGuesses: 0,
    });
    return users;
  });
}

describe("recording a real function's read and write sets", () => {
  test("a top-2 walk reads its index range down to where it stopped", async () => {
    const t = newBackend();
    await seedBoard(t, [100, 300, 200, 400]);
    const recorded = await record(t, null, async (ctx) =>
      ctx.db
        .query("boardEntries")
        .withIndex("by_board_and_score", (q) => q.eq("board", "all").gte("score", 150))
        .order("desc")
        .take(2),
    );
    expect(recorded.reads).toHaveLength(1);
    expect(recorded.reads[0]).toMatchObject({
      kind: "range",
      table: "boardEntries",
      index: "by_board_and_score",
      prefix: ["all"],
      lower: { value: 150, inclusive: true },
      order: "desc",
    });
    const stopAt = recorded.reads[0].kind === "range" ? recorded.reads[0].stopAt : undefined;
    expect(stopAt?.slice(0, 2)).toEqual(["all", 300]);
  });

  test("a walk that ran out read its whole range; a get reads one document; a patch writes both versions", async () => {
    const t = newBackend();
    const [first] = await seedBoard(t, [100]);
    const recorded = await record(t, first, async (ctx) => {
      await ctx.db
        .query("boardEntries")
        .withIndex("by_board_and_score", (q) => q.eq("board", "all"))
        .take(10);
      const user = await ctx.db.get("users", first);
      await ctx.db.patch("users", first, { score: user!.score + 50 });
    });
    expect(recorded.reads[0]).not.toHaveProperty("stopAt");
    expect(recorded.reads[1]).toEqual({ kind: "document", table: "users", id: first });
    expect(recorded.writes).toHaveLength(1);
    const [write] = recorded.writes;
    expect(write).toMatchObject({ table: "users", id: first });
    expect([write.before?.score, write.after?.score]).toEqual([100, 150]);
  });
});

describe("the model on real functions", () => {
  /** 50 players each recorded running `handler`; replayed at `perSecond` for 2 s. */
  async function replayed(
    handler: (ctx: MutationCtx, userId: Id<"users">) => Promise<unknown>,
    perSecond: number,
  ) {
    const t = newBackend();
    const users = await seedBoard(
      t,
      Array.from({ length: 50 }, (_, i) => i * 10),
    );
    const records: CallRecord[] = [];
    for (const userId of users)
      records.push(await record(t, userId, (ctx) => handler(ctx, userId)));
    const random = seededRandom(11);
    const arrivals: Arrival[] = poissonTimes(perSecond, 2, random).map((at, i) => ({
      at,
      kind: "call",
      record: records[i % records.length],
      instance: i + 1,
    }));
    const ids = privateIds(records);
    return replayOcc(arrivals, { runMs: 25, fields: indexFields, privateIds: ids, random }).call;
  }

  test("flags a deliberately hot mutation: one shared counter read and rewritten", async () => {
    const hot = await replayed(async (ctx) => {
      const stats = await ctx.db
        .query("gameDailyStats")
        .withIndex("by_day_and_shard", (q) => q.eq("day", "2026-11-26").eq("shard", 0))
        .unique();
      await ctx.db.patch("gameDailyStats", stats!._id, { guesses: stats!.guesses + 1 });
    }, 1_000);
    expect(hot.failed / hot.calls).toBeGreaterThan(0.5);
  });

  test("passes a mutation that writes only the player's own documents and a row of its own", async () => {
    const cool = await replayed(async (ctx, userId) => {
      const user = await ctx.db.get("users", userId);
      await ctx.db.patch("users", userId, { score: user!.score + 100 });
      await ctx.db.insert("gameDailyStats", {
        day: "2026-11-26",
        shard: 1,
        sessions: 0,
        guesses: 1,
        correctGuesses: 1,
      });
    }, 1_000);
    expect(cool).toMatchObject({ conflicts: 0, failed: 0 });
  });

  test("flags a mutation whose range read covers every other player's writes", async () => {
    const ranged = await replayed(async (ctx, userId) => {
      // Reads the whole board, then moves the player's own entry on it.
      const entries = await ctx.db
        .query("boardEntries")
        .withIndex("by_board_and_score", (q) => q.eq("board", "all"))
        .take(100);
      const mine = entries.find((entry) => entry.userId === userId)!;
      await ctx.db.patch("boardEntries", mine._id, { score: mine.score + 100 });
    }, 1_000);
    expect(ranged.failed / ranged.calls).toBeGreaterThan(0.5);
  });
});
