import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { expectErrorCode, newBackend, signUpPlayer, type TestConvex } from "./test.setup";

async function seedPlayers(t: TestConvex, scores: number[]) {
  await t.run(async (ctx) => {
    for (const [i, score] of scores.entries()) {
      await ctx.db.insert("users", {
        email: `p${i}@example.com`,
        username: `player${i}`,
        usernameKey: `player${i}`,
        score,
        isBetaTester: false,
        isAdmin: false,
        createdAt: 0,
      });
    }
  });
}

describe("leaderboard.top", () => {
  test("is open to visitors, best first, 25 by default", async () => {
    const t = newBackend();
    await seedPlayers(
      t,
      Array.from({ length: 30 }, (_, i) => i * 10),
    );
    const top = await t.query(api.leaderboard.top, {});
    expect(top).toHaveLength(25);
    expect(top[0]).toMatchObject({ username: "player29", score: 290, rank: 1 });
    expect(top.map((e) => e.score)).toEqual([...top.map((e) => e.score)].sort((a, b) => b - a));
    expect(Object.keys(top[0]).sort()).toEqual(["id", "rank", "score", "username"]);
  });

  test("ties share a rank and the next rank skips", async () => {
    const t = newBackend();
    await seedPlayers(t, [300, 200, 200, 100]);
    const top = await t.query(api.leaderboard.top, { limit: 10 });
    expect(top.map((e) => [e.score, e.rank])).toEqual([
      [300, 1],
      [200, 2],
      [200, 2],
      [100, 4],
    ]);
  });

  test("honours the limit and keeps it between 1 and 100", async () => {
    const t = newBackend();
    await seedPlayers(
      t,
      Array.from({ length: 120 }, (_, i) => i),
    );
    expect(await t.query(api.leaderboard.top, { limit: 10 })).toHaveLength(10);
    expect(await t.query(api.leaderboard.top, { limit: 1000 })).toHaveLength(100);
    expect(await t.query(api.leaderboard.top, { limit: 0 })).toHaveLength(1);
    expect(await t.query(api.leaderboard.top, { limit: -5 })).toHaveLength(1);
    expect(await t.query(api.leaderboard.top, { limit: 2.7 })).toHaveLength(2);
    expect(await t.query(api.leaderboard.top, { limit: Number.NaN })).toHaveLength(25);
    expect(await t.query(api.leaderboard.top, { limit: Infinity })).toHaveLength(25);
  });
});

describe("leaderboard.mine", () => {
  test("ranks the player among everyone, sharing ties", async () => {
    const t = newBackend();
    await seedPlayers(t, [500, 0, 0]);
    const { as } = await signUpPlayer(t);
    expect(await as.query(api.leaderboard.mine, {})).toMatchObject({
      username: "Ann",
      score: 0,
      rank: 2,
    });
  });

  test("says 1000+ beyond the first thousand", async () => {
    const t = newBackend();
    await seedPlayers(
      t,
      Array.from({ length: 1000 }, () => 50),
    );
    const { as } = await signUpPlayer(t);
    expect(await as.query(api.leaderboard.mine, {})).toMatchObject({ rank: "1000+" });
  });

  test("is for signed-in players only", async () => {
    const t = newBackend();
    await expectErrorCode(t.query(api.leaderboard.mine, {}), "NOT_SIGNED_IN");
  });
});
