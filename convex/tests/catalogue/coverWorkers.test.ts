import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import crons from "../../crons";
import {
  CLAIM_MS,
  COVER_RETRY_FIRST_MS,
  COVERS_PER_RUN,
  queueCover,
  startCoverWorkers,
} from "../../model/catalogue/coverQueue";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { makeCoversOf } from "../../../testing/convex/coverWorkers";
import { testAnime } from "../../../testing/fixtures/anime";
import { testCoverImages, testCoverResponse } from "../../../testing/fixtures/covers";
import { fakeClockEachTest } from "../../../testing/world/clock";
import { insertRefresh } from "../../../testing/fixtures/refreshes";

fakeClockEachTest("2026-11-21T04:30:00Z");

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

/** `count` anime without cover images (seeds 9001…), as a refresh stores new ones. */
async function newAnime(t: TestConvex, count: number): Promise<Id<"anime">[]> {
  return await t.run(async (ctx) => {
    const ids: Id<"anime">[] = [];
    for (let i = 0; i < count; i++) {
      const n = 9_001 + i;
      ids.push(await ctx.db.insert("anime", testAnime(n, { english: `New Show ${n}` })));
    }
    return ids;
  });
}

async function animeOf(t: TestConvex, id: Id<"anime">): Promise<Doc<"anime">> {
  return (await t.run(async (ctx) => await ctx.db.get("anime", id)))!;
}

async function storedFiles(t: TestConvex): Promise<number> {
  return (await t.run(async (ctx) => await ctx.db.system.query("_storage").take(1_000))).length;
}

/** A refresh record, where the workers' failures are written. */
async function latestRefresh(t: TestConvex) {
  return await t.run(async (ctx) => {
    const latest = await ctx.db.query("catalogueRefreshes").order("desc").first();
    return latest ?? undefined;
  });
}

async function seedRefresh(t: TestConvex) {
  await t.run(async (ctx) => {
    await insertRefresh(ctx, {
      trigger: "daily",
      status: "succeeded",
      finishedAt: Date.now(),
      pagesFetched: 20,
      itemCount: 1_000,
    });
  });
}

describe("the cover queue", () => {
  test("is worked in AniList's order, a few covers a run, each run handing over to the next", async () => {
    const t = newBackend();
    const ids = await newAnime(t, 2 * COVERS_PER_RUN + 3);
    const fetched: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        fetched.push(url);
        return await testCoverResponse("missing");
      }),
    );
    // Stored last, popular first: the queue's order is the refresh's, not the table's.
    await makeCoversOf(t, [...ids].reverse());

    const covers = await Promise.all(ids.map(async (id) => (await animeOf(t, id)).coverImage));
    expect(fetched).toEqual([...covers].reverse());
    for (const id of ids) {
      expect(await animeOf(t, id)).toMatchObject({ coverStatus: "missing" });
      expect((await animeOf(t, id)).coverQueue).toBeUndefined();
    }
    const runs = await t.run(
      async (ctx) => await ctx.db.system.query("_scheduled_functions").take(100),
    );
    // Two workers, each run making at most COVERS_PER_RUN.
    expect(runs.every((job) => job.name === "coverMaker:work")).toBe(true);
    expect(runs.length).toBeGreaterThanOrEqual(Math.ceil(ids.length / COVERS_PER_RUN));
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(ids.length / COVERS_PER_RUN) + 2);
  });

  test("a claim that outlived its worker goes to another; the late worker's images are deleted", async () => {
    const t = newBackend();
    const [animeId] = await newAnime(t, 1);
    const anime = await animeOf(t, animeId);
    await t.run(async (ctx) => {
      await queueCover(ctx, anime, 0);
      for (const slot of [0, 1]) await ctx.db.insert("coverWorkers", { slot, run: 1 });
    });
    const slow = await t.mutation(internal.covers.claim, { slot: 0, run: 1 });
    expect(slow).toMatchObject({ animeId, source: anime.coverImage });
    // Held: nothing for the other worker.
    expect(await t.mutation(internal.covers.claim, { slot: 1, run: 1 })).toBeNull();
    vi.advanceTimersByTime(CLAIM_MS);
    const fast = await t.mutation(internal.covers.claim, { slot: 1, run: 1 });
    expect(fast).toMatchObject({ animeId });

    /** The images a worker stores before it hands them over, as coverMaker.ts does. */
    const madeBy = async () => {
      const images = await testCoverImages(1);
      return await t.run(async (ctx) => {
        const store = (bytes: Uint8Array) =>
          ctx.storage.store(new Blob([bytes as Uint8Array<ArrayBuffer>]));
        const steps = [];
        for (const step of images.steps) steps.push(await store(step));
        return { source: anime.coverImage, steps, clear: await store(images.clear), bytes: 1 };
      });
    };
    const fastCovers = await madeBy();
    await t.mutation(internal.covers.store, { animeId, claim: fast!.claim, covers: fastCovers });
    const slowCovers = await madeBy();
    await t.mutation(internal.covers.store, { animeId, claim: slow!.claim, covers: slowCovers });

    expect((await animeOf(t, animeId)).covers).toEqual(fastCovers);
    expect(await storedFiles(t)).toBe(fastCovers.steps.length + 1);
  });

  test("a worker that died is replaced by the cron's check; a replaced run stops", async () => {
    const t = newBackend();
    const ids = await newAnime(t, 3);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => await testCoverResponse("missing")),
    );
    await t.run(async (ctx) => {
      for (const [position, id] of ids.entries()) {
        await queueCover(ctx, (await ctx.db.get("anime", id))!, position);
      }
      await startCoverWorkers(ctx, Date.now());
      // Both runs die before they start (a deploy, a crash): Convex will never run them.
      for (const worker of await ctx.db.query("coverWorkers").take(10)) {
        await ctx.scheduler.cancel(worker.jobId!);
      }
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect((await animeOf(t, ids[0])).coverQueue).toBe(0);

    const cron = (crons as unknown as { crons: Record<string, { name: string }> }).crons;
    expect(cron["restart stalled cover workers"]).toMatchObject({ name: "covers:startWorkers" });
    await t.mutation(internal.covers.startWorkers, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    for (const id of ids) expect(await animeOf(t, id)).toMatchObject({ coverStatus: "missing" });
    // The runs they replaced claim nothing if they ever run.
    expect(await t.mutation(internal.covers.claim, { slot: 0, run: 1 })).toBeNull();
  });
});

describe("a cover whose host fails for a passing reason", () => {
  /** Lets `ms` pass a second at a time, the cover jobs due meanwhile run to their end. */
  async function pass(t: TestConvex, ms: number) {
    for (let passed = 0; passed < ms; passed += 1_000) {
      await vi.advanceTimersByTimeAsync(1_000);
      await t.finishInProgressScheduledFunctions();
    }
  }

  async function pendingRuns(t: TestConvex) {
    const jobs = await t.run(
      async (ctx) => await ctx.db.system.query("_scheduled_functions").take(100),
    );
    return jobs.filter((job) => job.state.kind === "pending");
  }

  test("waits for its retry with backoff: one run scheduled for the earliest, none spinning", async () => {
    const t = newBackend();
    const ids = await newAnime(t, 3);
    let hostUp = false;
    const fetched: number[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        fetched.push(Date.now());
        return hostUp ? await testCoverResponse("ok") : new Response("", { status: 503 });
      }),
    );
    const start = Date.now();
    await t.run(async (ctx) => {
      for (const [position, id] of ids.entries()) {
        await queueCover(ctx, (await ctx.db.get("anime", id))!, position);
      }
      await startCoverWorkers(ctx, Date.now());
    });
    await pass(t, 2_000);

    // Each tried once, out of the queue, waiting 30 s; one worker run waits with them.
    expect(fetched).toHaveLength(3);
    for (const id of ids) {
      const anime = await animeOf(t, id);
      expect(anime).toMatchObject({ coverTries: 1 });
      expect(anime.coverQueue).toBeUndefined();
      expect(anime.coverStatus).toBeUndefined();
      expect(anime.coverRetryAt! - start).toBeGreaterThanOrEqual(COVER_RETRY_FIRST_MS);
      expect(anime.coverRetryAt! - start).toBeLessThan(COVER_RETRY_FIRST_MS + 2_000);
    }
    const waiting = await pendingRuns(t);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ name: "coverMaker:work" });
    expect(waiting[0].scheduledTime).toBe((await animeOf(t, ids[0])).coverRetryAt);

    // Still down at the retry: tried once more each, the next wait twice as long.
    await pass(t, COVER_RETRY_FIRST_MS);
    expect(fetched).toHaveLength(6);
    expect(await animeOf(t, ids[0])).toMatchObject({ coverTries: 2 });
    expect(await pendingRuns(t)).toHaveLength(1);

    // Back up: the next retry makes them.
    hostUp = true;
    await pass(t, 2 * COVER_RETRY_FIRST_MS + 5_000);
    expect(fetched).toHaveLength(9);
    for (const id of ids) {
      const anime = await animeOf(t, id);
      expect(anime).toMatchObject({ coverStatus: "ready" });
      expect(anime.coverRetryAt).toBeUndefined();
      expect(anime.coverTries).toBeUndefined();
    }
    expect(await pendingRuns(t)).toHaveLength(0);
  });

  test("a due retry a dead worker still claims is waited for until its claim ends, not spun on", async () => {
    const t = newBackend();
    const [animeId] = await newAnime(t, 1);
    const claimEnds = Date.now() + CLAIM_MS;
    await t.run(async (ctx) => {
      await ctx.db.patch("anime", animeId, {
        coverRetryAt: Date.now() - 1_000,
        coverTries: 1,
        coverClaim: { token: "dead-worker", until: claimEnds },
      });
      await startCoverWorkers(ctx, Date.now());
    });
    const waiting = await pendingRuns(t);
    expect(waiting).toHaveLength(1);
    expect(waiting[0].scheduledTime).toBe(claimEnds);
  });

  test("a refusal that would not change (404) is missing at once, with no retry", async () => {
    const t = newBackend();
    const [animeId] = await newAnime(t, 1);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => await testCoverResponse("missing")),
    );
    await makeCoversOf(t, [animeId]);
    const anime = await animeOf(t, animeId);
    expect(anime).toMatchObject({ coverStatus: "missing" });
    expect(anime.coverRetryAt).toBeUndefined();
    expect(await pendingRuns(t)).toHaveLength(0);
  });
});

describe("sharp", () => {
  test("that fails to load fails cover making only: recorded in the refresh history, the covers still queued", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const t = newBackend();
    await seedRefresh(t);
    const [animeId] = await newAnime(t, 1);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => await testCoverResponse("ok")),
    );
    // As a sharp built for another platform fails: when its native part is first reached.
    vi.doMock("sharp", () => ({
      get default(): never {
        throw new Error('Could not load the "sharp" module using the linux-x64 runtime');
      },
    }));
    try {
      await makeCoversOf(t, [animeId]);
      // And again at the cron's next check: one line in the history, not one per try.
      await t.mutation(internal.covers.startWorkers, {});
      await t.finishAllScheduledFunctions(vi.runAllTimers);
    } finally {
      vi.doUnmock("sharp");
    }

    expect((await latestRefresh(t))!.errors).toEqual([
      expect.stringMatching(
        /^cover worker: sharp could not be loaded: .*Could not load the "sharp"/,
      ),
    ]);
    const waiting = await animeOf(t, animeId);
    expect(waiting).toMatchObject({ coverQueue: 0 });
    expect(waiting.coverStatus).toBeUndefined();
    expect(waiting.coverClaim).toBeUndefined();

    // sharp back (a fixed deploy): the cron's check makes the cover.
    await t.mutation(internal.covers.startWorkers, {});
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(await animeOf(t, animeId)).toMatchObject({ coverStatus: "ready" });
  });

  test("is imported by no Convex module when it loads, only where a cover is made", () => {
    const convexDir = path.resolve(import.meta.dirname, "../..");
    const sources = readdirSync(convexDir, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && !file.includes(".test.") && !file.startsWith("_generated"),
    );
    const eager = sources.filter((file) =>
      /^import(?!\s+type)[^;]*from\s+["']sharp["']/m.test(
        readFileSync(path.join(convexDir, file), "utf8"),
      ),
    );
    expect(sources.length).toBeGreaterThan(20);
    expect(eager).toEqual([]);
  });
});
