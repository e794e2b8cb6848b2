import { api, internal } from "@convex/_generated/api";
import type { FunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ConvexTestClient } from "./ConvexTestClient";
import { InProcessBackend } from "./inProcessBackend";
import { ann, seedAnime, signUp } from "../world";

async function signedInClient(backend: InProcessBackend) {
  await signUp(backend);
  const client = new ConvexTestClient(backend);
  const { tokens } = (await client.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "signIn", email: ann.email, password: ann.password },
  })) as { tokens: { token: string } };
  await new Promise<boolean>((resolve) =>
    client.setAuth(() => Promise.resolve(tokens.token), resolve),
  );
  return client;
}

function nextUpdate(watch: { onUpdate(cb: () => void): () => void }) {
  return new Promise<void>((resolve) => {
    const stop = watch.onUpdate(() => {
      stop();
      resolve();
    });
  });
}

describe("ConvexTestClient", () => {
  test("a watched query loads, then updates when the identity changes", async () => {
    const backend = new InProcessBackend();
    const client = await signedInClient(backend);
    const watch = client.watchQuery(api.users.viewer, {});
    const stop = watch.onUpdate(() => {});
    expect(watch.localQueryResult()).toBeUndefined();
    await client.settled();
    expect(watch.localQueryResult()).toMatchObject({ username: "Ann" });

    const cleared = nextUpdate(watch);
    client.clearAuth();
    await cleared;
    expect(watch.localQueryResult()).toBeNull();
    stop();
  });

  test("keeps a result's identity when a re-run returns the same data", async () => {
    const backend = new InProcessBackend();
    const client = await signedInClient(backend);
    const watch = client.watchQuery(api.users.viewer, {});
    const stop = watch.onUpdate(() => {});
    await client.mutation(api.beta.join, {});
    await client.settled();
    const first = watch.localQueryResult();
    await client.mutation(api.beta.join, {}); // joining again changes nothing
    expect(watch.localQueryResult()).toBe(first);
    stop();
  });

  test("a change made by another client on the same backend reaches this one", async () => {
    const backend = new InProcessBackend();
    const client = await signedInClient(backend);
    const watch = client.watchQuery(api.users.viewer, {});
    const stop = watch.onUpdate(() => {});
    await client.settled();

    const updated = nextUpdate(watch);
    await backend.run(async (ctx) => {
      const user = await ctx.db.query("users").first();
      await ctx.db.patch("users", user!._id, { score: 250 });
    });
    await updated;
    expect(watch.localQueryResult()).toMatchObject({ score: 250 });
    stop();
  });

  test("a change reaches every watched query as one snapshot: no listener sees one new and one old", async () => {
    const backend = new InProcessBackend();
    await seedAnime(backend, 1);
    const client = await signedInClient(backend);
    await client.mutation(api.game.start, { timeZone: "UTC" }); // the stats need a game
    const viewer = client.watchQuery(api.users.viewer, {});
    const stats = client.watchQuery(api.stats.mine, { at: Date.now() });
    const seen: [unknown, unknown][] = [];
    const record = () => {
      seen.push([viewer.localQueryResult()?.isBetaTester, stats.localQueryResult()?.totals.rounds]);
    };
    const stopViewer = viewer.onUpdate(record);
    const stopStats = stats.onUpdate(record);
    await client.settled();
    seen.length = 0;

    // One backend write that both queries read: the profile and the player's totals.
    await backend.run(async (ctx) => {
      const user = await ctx.db.query("users").first();
      await ctx.db.patch("users", user!._id, { isBetaTester: true });
      await ctx.db.insert("playerStats", {
        userId: user!._id,
        rounds: 1,
        solved: 1,
        firstTry: 1,
        currentStreak: 1,
        bestStreak: 1,
      });
    });
    await client.settled();
    expect(seen.length).toBeGreaterThan(0);
    // Every listener call already sees both queries' new results.
    for (const pair of seen) expect(pair).toEqual([true, 1]);
    stopViewer();
    stopStats();
  });

  test("ConvexErrors keep their data; other errors read as a production deployment's", async () => {
    const backend = new InProcessBackend();
    const client = new ConvexTestClient(backend);
    const coded = await client.mutation(api.beta.join, {}).catch((e: unknown) => e);
    expect(coded).toBeInstanceOf(ConvexError);
    expect((coded as ConvexError<{ code: string }>).data).toMatchObject({ code: "NOT_SIGNED_IN" });

    // Convex Auth logs the unknown provider as an error of its own.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const plain = await client
      .action(api.auth.signIn, { provider: "nope", params: {} })
      .catch((e: unknown) => e);
    expect(plain).not.toBeInstanceOf(ConvexError);
    expect((plain as Error).message).toBe("Server Error");
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("Provider `nope` is not configured"),
    );
  });

  test("internal functions are out of a client's reach, and a failing query throws from localQueryResult", async () => {
    const backend = new InProcessBackend();
    const client = new ConvexTestClient(backend);
    // As a client that calls it anyway would: typed as a public query.
    const internalQuery = internal.users.isEmailRegistered as unknown as FunctionReference<
      "query",
      "public",
      { email: string },
      boolean
    >;
    const watch = client.watchQuery(internalQuery, { email: ann.email });
    const stop = watch.onUpdate(() => {});
    await client.settled();
    expect(() => watch.localQueryResult()).toThrow(/Could not find public function/);
    stop();
  });

  test("an optimistic update shows at once and gives way to the server's result", async () => {
    const backend = new InProcessBackend();
    const client = await signedInClient(backend);
    const watch = client.watchQuery(api.users.viewer, {});
    const stop = watch.onUpdate(() => {});
    await client.settled();
    const seen: unknown[] = [];
    const pending = client.mutation(
      api.beta.join,
      {},
      {
        optimisticUpdate: (store) => {
          const viewer = store.getQuery(api.users.viewer, {});
          store.setQuery(api.users.viewer, {}, { ...viewer!, username: "Optimistic" });
          seen.push(watch.localQueryResult());
        },
      },
    );
    expect(watch.localQueryResult()).toMatchObject({ username: "Optimistic" });
    await pending;
    expect(watch.localQueryResult()).toMatchObject({ username: "Ann", isBetaTester: true });
    stop();
  });
});

describe("ConvexTestClient and scheduled functions", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a watched query updates when a scheduled function finishes, with no call from the client", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    const backend = new InProcessBackend();
    const client = await signedInClient(backend);
    const watch = client.watchQuery(api.leaderboard.top, {});
    const stop = watch.onUpdate(() => {});
    await client.settled();
    expect(watch.localQueryResult()).toEqual([]);
    // A score from before the all-time board: the backfill, a job due in a second, puts it on.
    await backend.run(async (ctx) => {
      const user = (await ctx.db.query("users").first())!;
      await ctx.db.patch("users", user._id, { score: 150 });
      await ctx.scheduler.runAfter(1_000, internal.leaderboard.backfillAllTime, {});
    });
    expect(watch.localQueryResult()).toEqual([]);

    const updated = nextUpdate(watch);
    vi.advanceTimersByTime(1_000);
    await updated;
    expect(watch.localQueryResult()).toMatchObject([{ username: ann.username, score: 150 }]);
    stop();
  });
});
