// AniList's rate limit: a 429 makes the refresh wait as told, and the refresh's history says so.
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import {
  MAX_RATE_LIMIT_WAITS,
  MAX_RETRY_AFTER_MS,
  RATE_LIMIT_WAIT_MS,
} from "../../model/catalogue/refresh";
import { newBackend } from "../../../testing/convex/backend";
import {
  fixturePage,
  gaps,
  json,
  latestRefresh,
  rateLimited,
  refreshAndSettle,
  stubAniList,
  useRefreshClock,
} from "../../../testing/convex/aniList";
import { signedInAs } from "../../../testing/world";

const page1 = () => fixturePage(1);
const page2 = () => fixturePage(2);

useRefreshClock();

describe("a 429 from AniList", () => {
  test.each([
    ["in seconds", "60"],
    ["as an HTTP date", "Sat, 21 Nov 2026 04:31:00 GMT"],
  ])(
    "waits as long as Retry-After says (%s), says so in the history, then goes on",
    async (_form, retryAfter) => {
      const t = newBackend();
      const player = await signedInAs(t, "player");
      const { requests } = stubAniList({
        1: [
          json({ errors: [{ message: "Too Many Requests." }] }, 429, { "Retry-After": retryAfter }),
          page1(),
        ],
        2: [page2()],
      });

      const refreshId = await t.mutation(internal.catalogue.refreshNow, {});
      // The first request, and its 429.
      await vi.advanceTimersByTimeAsync(0);
      await t.finishInProgressScheduledFunctions();
      const waiting = await latestRefresh(t);
      expect(waiting).toMatchObject({
        _id: refreshId,
        status: "running",
        errors: ["rate limited by AniList: waiting 60 s before page 1"],
      });
      // The waiting game screen sees when the refresh goes on.
      expect(await player.as.query(api.catalogue.poolStatus, {})).toMatchObject({
        ready: 0,
        refresh: "running",
        pagesFetched: 0,
        waitingUntil: requests[0].at + 60_000,
      });

      await t.finishAllScheduledFunctions(vi.runAllTimers);

      expect(requests.map((request) => request.page)).toEqual([1, 1, 2]);
      expect(gaps(requests)[0]).toBeGreaterThanOrEqual(60_000);
      const refresh = await latestRefresh(t);
      expect(refresh).toMatchObject({
        status: "succeeded",
        itemCount: 5,
        errors: ["rate limited by AniList: waiting 60 s before page 1"],
      });
      expect(refresh?.waitingUntil).toBeUndefined();
    },
  );

  test("without Retry-After waits a minute, AniList's rate-limit window", async () => {
    const t = newBackend();
    const { requests } = stubAniList({ 1: [page1()], 2: [rateLimited(), page2()] });

    const refresh = await refreshAndSettle(t);

    expect(requests.map((request) => request.page)).toEqual([1, 2, 2]);
    expect(gaps(requests)[1]).toBeGreaterThanOrEqual(RATE_LIMIT_WAIT_MS);
    expect(refresh).toMatchObject({
      status: "succeeded",
      errors: ["rate limited by AniList: waiting 60 s before page 2"],
    });
  });

  test("an hour's Retry-After is waited for 15 minutes at most", async () => {
    const t = newBackend();
    const { requests } = stubAniList({ 1: [rateLimited(3600), page1()], 2: [page2()] });

    const refresh = await refreshAndSettle(t);

    expect(gaps(requests)[0]).toBeGreaterThanOrEqual(MAX_RETRY_AFTER_MS);
    expect(gaps(requests)[0]).toBeLessThan(MAX_RETRY_AFTER_MS + 1_000);
    expect(refresh.errors).toEqual(["rate limited by AniList: waiting 15 min before page 1"]);
  });

  test("does not use up one of the page's tries", async () => {
    const t = newBackend();
    const down = () => json({}, 503);
    const { requests } = stubAniList({
      1: [down(), rateLimited(10), down(), page1()],
      2: [page2()],
    });

    const refresh = await refreshAndSettle(t);

    expect(requests.map((request) => request.page)).toEqual([1, 1, 1, 1, 2]);
    expect(refresh).toMatchObject({ status: "succeeded", itemCount: 5 });
    expect(refresh.errors).toEqual([
      "page 1, try 1: HTTP 503",
      "rate limited by AniList: waiting 10 s before page 1",
      "page 1, try 2: HTTP 503",
    ]);
  });

  test(`a page AniList keeps refusing fails the refresh after ${MAX_RATE_LIMIT_WAITS} waits, the pool kept`, async () => {
    const t = newBackend();
    const { requests } = stubAniList({ 1: [rateLimited(30)] });

    const refresh = await refreshAndSettle(t);

    expect(requests).toHaveLength(MAX_RATE_LIMIT_WAITS + 1);
    expect(refresh).toMatchObject({ status: "failed", pagesFetched: 0 });
    expect(refresh.errors).toEqual([
      ...Array.from(
        { length: MAX_RATE_LIMIT_WAITS },
        () => "rate limited by AniList: waiting 30 s before page 1",
      ),
      `page 1: still rate limited by AniList after ${MAX_RATE_LIMIT_WAITS} waits`,
    ]);
    expect(refresh.waitingUntil).toBeUndefined();
  });
});
