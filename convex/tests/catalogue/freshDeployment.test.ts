// A fresh deployment: the first visit finds no anime, waits for the pool live, and plays as soon as
// the first one is ready, with no reload. Operators fill the pool with `catalogue:fillPool`.
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import { newBackend } from "../../../testing/convex/backend";
import {
  fixturePage,
  json,
  latestRefresh,
  rateLimited,
  runJobsOneByOne,
  runNextJob,
  stubAniList,
  useRefreshClock,
} from "../../../testing/convex/aniList";
import {
  followPoolAs,
  followPoolAsHost,
  memberView,
  newRoom,
  openGameAs,
  roomPlayers,
  seedAnime,
  signUp,
  viewOf,
} from "../../../testing/world";
import { testCoverResponse } from "../../../testing/fixtures/covers";
import { COVER_RETRY_FIRST_MS } from "../../model/catalogue/coverQueue";
import { DEAD_REFRESH_MS } from "../../model/catalogue/refresh";
import type { TestConvex } from "../../../testing/convex/backend";

const page1 = () => fixturePage(1);
const page2 = () => fixturePage(2);

useRefreshClock();

describe("the first visit to a fresh deployment", () => {
  test("waits for the pool live and is dealt a round when the first anime is ready, within seconds", async () => {
    const t = newBackend();
    stubAniList({ 1: [page1()], 2: [page2()] }, { covers: "ok" });
    const player = await signUp(t);
    const start = Date.now();

    const opened = await openGameAs(player);
    expect(opened).toMatchObject({ round: null, dailyRemaining: 20 });
    expect(await latestRefresh(t)).toMatchObject({ trigger: "emptyPool", status: "running" });
    // Nothing ready: the screen shows the progress and does not call again.
    expect(await followPoolAs(player)).toEqual({
      status: {
        ready: 0,
        target: 50,
        refresh: "running",
        pagesFetched: 0,
        waitingUntil: null,
        stalled: false,
        coversQueued: false,
        coversRetrying: 0,
        nextCoverRetryAt: null,
        stuck: false,
      },
      view: null,
    });

    // AniList's first page is stored (3 anime here: the target), and a cover worker makes its
    // covers at once: the screen sees them ready and opens the game again.
    await runNextJob(t);
    const { status, view } = await followPoolAs(player);
    expect(status).toMatchObject({ target: 3, refresh: "running", pagesFetched: 1 });
    expect(status.ready).toBeGreaterThanOrEqual(1);
    expect(view?.round).toMatchObject({ number: 1, status: "playing", guessesUsed: 0 });
    expect(await viewOf(player)).toEqual(view);
    expect(Date.now() - start).toBeLessThan(5_000);
    // The round's cover is there to show.
    const cover = await t.fetch(view!.round!.coverPath!, { method: "GET" });
    expect(cover.status).toBe(200);
    expect(cover.headers.get("Content-Type")).toBe("image/webp");
  });

  test("a rate-limited first page is waited for, and the wait is on the screen's status", async () => {
    const t = newBackend();
    stubAniList({ 1: [rateLimited(20), page1()], 2: [page2()] }, { covers: "ok" });
    const player = await signUp(t);

    await openGameAs(player);
    await runNextJob(t);
    const { status } = await followPoolAs(player);
    expect(status).toMatchObject({
      ready: 0,
      refresh: "running",
      waitingUntil: Date.now() + 20_000,
    });

    // The page, 20 s later, and its covers (beside them the fold, woken by the open's tally).
    await runJobsOneByOne(t);
    expect((await followPoolAs(player)).view?.round?.status).toBe("playing");
  });

  test("a refresh that failed with nothing ready is reported, and opening again starts another", async () => {
    const t = newBackend();
    stubAniList(() => json({}, 503));
    const player = await signUp(t);

    await openGameAs(player);
    await t.finishAllScheduledFunctions(vi.runAllTimers);

    expect(await followPoolAs(player)).toEqual({
      status: {
        ready: 0,
        target: 50,
        refresh: "failed",
        pagesFetched: 0,
        waitingUntil: null,
        stalled: false,
        coversQueued: false,
        coversRetrying: 0,
        nextCoverRetryAt: null,
        stuck: true,
      },
      view: null,
    });
    // The screen's Try again.
    await openGameAs(player);
    expect((await followPoolAs(player)).status.refresh).toBe("running");
  });
});

/** Every refresh record, oldest first. */
async function refreshes(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("catalogueRefreshes").take(10));
}

/**
 * Lets `ms` of fake time pass a second at a time, the scheduled functions due meanwhile run to
 * their end, and those they schedule in turn when due.
 */
async function pass(t: TestConvex, ms: number) {
  for (let passed = 0; passed < ms; passed += 1_000) {
    await vi.advanceTimersByTimeAsync(Math.min(1_000, ms - passed));
    await t.finishInProgressScheduledFunctions();
  }
}

describe("a room's Start on an empty pool", () => {
  test("starts the fill, which its answer does not roll back, and the lobby starts the game once an anime is ready", async () => {
    const t = newBackend();
    stubAniList({ 1: [page1()], 2: [page2()] }, { covers: "ok" });
    const [host, guest] = await roomPlayers(t, 2);
    const code = await newRoom(host, [guest]);

    expect(await host.as.mutation(api.rooms.start, { code })).toEqual({ kind: "poolEmpty" });
    // Kept: the answer is not an error, so the refresh the start scheduled is there.
    expect(await latestRefresh(t)).toMatchObject({ trigger: "emptyPool", status: "running" });
    expect((await memberView(guest, code)).status).toBe("lobby");
    expect(await followPoolAsHost(host, code)).toMatchObject({
      status: { ready: 0, refresh: "running", stuck: false },
      started: null,
    });

    // AniList's first page, and its first covers: the host's lobby starts the game by itself.
    await runNextJob(t);
    const { status, started } = await followPoolAsHost(host, code);
    expect(status.ready).toBeGreaterThanOrEqual(1);
    expect(started).toEqual({ kind: "started" });
    expect((await memberView(guest, code)).round).toMatchObject({ number: 1, status: "playing" });
    expect(await refreshes(t)).toHaveLength(1);
  });
});

describe("a refresh that dies", () => {
  test("is failed after 2 minutes with no progress; Try again starts a new one, which deals the round", async () => {
    const t = newBackend();
    stubAniList({ 1: [page1()], 2: [page2()] }, { covers: "ok" });
    const player = await signUp(t);
    await openGameAs(player);
    // Its page's job is lost (the action killed, a deploy): the refresh records nothing more.
    const lost = (await latestRefresh(t))!;
    await t.run(async (ctx) => await ctx.scheduler.cancel(lost.pageJob!));

    await pass(t, DEAD_REFRESH_MS - 1_000);
    expect((await followPoolAs(player)).status).toMatchObject({
      refresh: "running",
      stalled: false,
      stuck: false,
    });
    // Another visit meanwhile joins it.
    await openGameAs(player);
    expect(await refreshes(t)).toHaveLength(1);

    await pass(t, 1_000);
    expect((await followPoolAs(player)).status).toMatchObject({
      ready: 0,
      refresh: "failed",
      stalled: true,
      stuck: true,
    });
    expect(await latestRefresh(t)).toMatchObject({
      _id: lost._id,
      errors: ["no progress for 2 minutes"],
    });

    // The screen's Try again.
    await player.as.mutation(api.catalogue.fillAgain, {});
    expect(await latestRefresh(t)).toMatchObject({ trigger: "emptyPool", status: "running" });
    expect(await refreshes(t)).toHaveLength(2);
    await runNextJob(t);
    expect((await followPoolAs(player)).view?.round).toMatchObject({ status: "playing" });
  });

  test("a dead refresh no watch noticed is replaced by the next open, not joined", async () => {
    const t = newBackend();
    stubAniList({ 1: [page1()], 2: [page2()] }, { covers: "ok" });
    const player = await signUp(t);
    await openGameAs(player);
    const lost = (await latestRefresh(t))!;
    // The page's job and the watch both lost.
    await t.run(async (ctx) => {
      for (const job of await ctx.db.system.query("_scheduled_functions").take(10)) {
        await ctx.scheduler.cancel(job._id);
      }
    });
    await pass(t, DEAD_REFRESH_MS);
    expect(await latestRefresh(t)).toMatchObject({ _id: lost._id, status: "running" });

    await openGameAs(player);
    expect(
      await t.run(async (ctx) => await ctx.db.get("catalogueRefreshes", lost._id)),
    ).toMatchObject({ status: "failed", errors: ["no progress for 2 minutes"] });
    await runNextJob(t);
    expect((await followPoolAs(player)).view?.round).toMatchObject({ status: "playing" });
  });

  test("a rate-limit wait longer than 2 minutes is not a death", async () => {
    const t = newBackend();
    stubAniList({ 1: [rateLimited(5 * 60), page1()], 2: [page2()] }, { covers: "ok" });
    const player = await signUp(t);
    await openGameAs(player);
    await runNextJob(t);

    await pass(t, 4 * 60_000);
    expect((await followPoolAs(player)).status).toMatchObject({
      refresh: "running",
      stalled: false,
    });
    await pass(t, 70_000);
    expect((await followPoolAs(player)).view?.round).toMatchObject({ status: "playing" });
  });
});

describe("covers whose image host fails", () => {
  test("answering 503 for ten minutes, are retried with backoff and made without a new refresh", async () => {
    const t = newBackend();
    const hostBackAt = Date.now() + 10 * 60_000;
    const coverRequests: number[] = [];
    const { requests } = stubAniList(
      { 1: [page1()], 2: [page2()] },
      {
        covers: async () => {
          coverRequests.push(Date.now());
          return Date.now() < hostBackAt
            ? new Response("Service Unavailable", { status: 503 })
            : await testCoverResponse("ok");
        },
      },
    );
    const player = await signUp(t);
    await openGameAs(player);
    // The pages, and a first try of every cover.
    await pass(t, 10_000);

    const waiting = (await followPoolAs(player)).status;
    expect(waiting).toMatchObject({
      ready: 0,
      target: 5,
      refresh: "succeeded",
      coversQueued: false,
      coversRetrying: 5,
      stuck: false,
    });
    expect(waiting.nextCoverRetryAt).toBeGreaterThan(Date.now());
    expect(waiting.nextCoverRetryAt! - Date.now()).toBeLessThanOrEqual(COVER_RETRY_FIRST_MS);

    // Five minutes on: still retrying, the next try a few minutes off at most; a visit starts
    // no refresh meanwhile.
    await pass(t, 5 * 60_000);
    const later = (await followPoolAs(player)).status;
    expect(later).toMatchObject({ ready: 0, coversRetrying: 5, stuck: false });
    expect(later.nextCoverRetryAt! - Date.now()).toBeLessThanOrEqual(4 * 60_000);
    await openGameAs(player);
    expect(await refreshes(t)).toHaveLength(1);

    // The host is back at 10 minutes: the next retry makes the covers, and the round is dealt.
    await pass(t, 7 * 60_000);
    const { status, view } = await followPoolAs(player);
    expect(status).toMatchObject({ ready: 5, coversRetrying: 0 });
    expect(view?.round).toMatchObject({ status: "playing" });
    expect(await refreshes(t)).toHaveLength(1);
    expect(requests.map((request) => request.page)).toEqual([1, 2]);
    // Backoff: a handful of tries per cover over those minutes, not a spin.
    expect(coverRequests.length).toBeLessThanOrEqual(5 * 7);
  });

  test("still failing after the retries, are missing: the screen offers Try again, which starts a refresh", async () => {
    const t = newBackend();
    stubAniList(
      { 1: [page1()], 2: [page2()] },
      { covers: () => Promise.resolve(new Response("Bad Gateway", { status: 502 })) },
    );
    const player = await signUp(t);
    await openGameAs(player);
    await pass(t, 20 * 60_000);

    expect((await followPoolAs(player)).status).toMatchObject({
      ready: 0,
      refresh: "succeeded",
      coversQueued: false,
      coversRetrying: 0,
      stuck: true,
    });
    await player.as.mutation(api.catalogue.fillAgain, {});
    expect(await refreshes(t)).toHaveLength(2);
    expect(await latestRefresh(t)).toMatchObject({ status: "running" });
  });
});

describe("catalogue:fillPool", () => {
  test("fills an empty deployment's pool, and poolReport shows the refresh and the anime ready", async () => {
    const t = newBackend();
    stubAniList({ 1: [page1()], 2: [page2()] }, { covers: "ok" });

    const started = await t.mutation(internal.catalogue.fillPool, {});
    expect(started).toMatchObject({
      ready: 0,
      target: 50,
      latestRefresh: {
        trigger: "manual",
        status: "running",
        startedAt: "2026-11-21T04:30:00.000Z",
        finishedAt: null,
        pagesFetched: 0,
        errors: [],
      },
    });

    await runJobsOneByOne(t);

    expect(await t.query(internal.catalogue.poolReport, {})).toMatchObject({
      ready: 5,
      target: 5,
      latestRefresh: { status: "succeeded", pagesFetched: 2, itemCount: 5, coversMissing: 5 },
    });
  });

  test("leaves a pool with a page's worth of anime ready alone", async () => {
    const t = newBackend();
    const { fetchStub } = stubAniList(() => page1());
    await seedAnime(t, 50);

    expect(await t.mutation(internal.catalogue.fillPool, {})).toEqual({
      ready: 50,
      target: 50,
      latestRefresh: null,
      hint: null,
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  test("a visitor cannot read the pool's status", async () => {
    const t = newBackend();
    await expect(t.query(api.catalogue.poolStatus, {})).rejects.toThrow();
  });
});
