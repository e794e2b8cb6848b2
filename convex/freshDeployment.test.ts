// A fresh deployment: the first visit finds no anime, waits for the pool live, and plays as soon as
// the first one is ready, with no reload. Operators fill the pool with `catalogue:fillPool`.
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import { newBackend } from "../testing/convex/backend";
import {
  fixturePage,
  json,
  latestRefresh,
  rateLimited,
  runJobsOneByOne,
  runNextJob,
  stubAniList,
  useRefreshClock,
} from "../testing/convex/aniList";
import { followPoolAs, openGameAs, seedAnime, signUp, viewOf } from "../testing/world";

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
      status: { ready: 0, target: 50, refresh: "running", pagesFetched: 0, waitingUntil: null },
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
      status: { ready: 0, target: 50, refresh: "failed", pagesFetched: 0, waitingUntil: null },
      view: null,
    });
    // The screen's Try again.
    await openGameAs(player);
    expect((await followPoolAs(player)).status.refresh).toBe("running");
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
    });
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  test("a visitor cannot read the pool's status", async () => {
    const t = newBackend();
    await expect(t.query(api.catalogue.poolStatus, {})).rejects.toThrow();
  });
});
