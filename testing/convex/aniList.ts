import { readFileSync } from "node:fs";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { internal } from "../../convex/_generated/api";
import { ANILIST_ENDPOINT, CATALOGUE_PAGE_SIZE } from "../../convex/model/catalogue/anilist";
import { testCoverResponse } from "../fixtures/covers";
import type { TestConvex } from "./backend";

/**
 * AniList for the backend tests: a stubbed `fetch` serving the fixtures of
 * testing/fixtures/anilist/ (or any reply), recording each request.
 */

export type Json = Record<string, unknown>;

/** An AniList-shaped response of testing/fixtures/anilist/ ("page-1", "invalid-items", …). */
export function aniListFixture(name: string): Json {
  const url = new URL(`../fixtures/anilist/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as Json;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** AniList's answer when its rate limit is reached: 429, with Retry-After when `seconds` is given. */
/** Page `n` of the recorded catalogue fixture, as AniList answers it. */
export const fixturePage = (n: 1 | 2) => json(aniListFixture(`page-${n}`));

/**
 * A refresh's tests: fake timers at the daily refresh's hour, the catalogue's warnings about
 * refused items silenced; undone after each test.
 */
export function useRefreshClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-21T04:30:00Z"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

export function rateLimited(seconds?: number): Response {
  return json(
    { errors: [{ message: "Too Many Requests.", status: 429 }] },
    429,
    seconds === undefined ? {} : { "Retry-After": String(seconds) },
  );
}

/** A page of `size` copies of a real item (full pages by default), each with its own id. */
export function generatedPage(page: number, size = CATALOGUE_PAGE_SIZE): Response {
  const template = (aniListFixture("page-1") as { data: { Page: { media: Json[] } } }).data.Page
    .media[0];
  const media = Array.from({ length: size }, (_, index) => ({
    ...template,
    id: page * 1000 + index,
    characters: null,
  }));
  return json({ data: { Page: { pageInfo: { currentPage: page, hasNextPage: true }, media } } });
}

/** A response, a request that never answers, or a network failure. */
export type Reply = Response | "timeout" | Error;

export type AniListRequest = { page: number; perPage: number; query: string; at: number };

/**
 * Stands in for AniList and records every request. Replies come from a function of the page,
 * or from a queue per page whose last reply repeats. The cover jobs of stored items fetch their
 * covers too: `covers` "missing" (the default: making 1,000 covers would only slow the tests)
 * answers a quick 404, "ok" a generated poster, a function whatever it answers for the address.
 */
export function stubAniList(
  replies: Record<number, Reply[]> | ((page: number) => Reply),
  { covers = "missing" }: { covers?: "ok" | "missing" | ((url: string) => Promise<Response>) } = {},
) {
  const requests: AniListRequest[] = [];
  const served: Record<number, number> = {};
  const fetchStub = vi.fn(async (url: string, init: RequestInit): Promise<Response> => {
    if (url !== ANILIST_ENDPOINT) {
      return typeof covers === "function" ? await covers(url) : await testCoverResponse(covers);
    }
    expect(init.method).toBe("POST");
    const body = JSON.parse(init.body as string) as {
      query: string;
      variables: { page: number; perPage: number };
    };
    const { page, perPage } = body.variables;
    requests.push({ page, perPage, query: body.query, at: Date.now() });
    let reply: Reply;
    if (typeof replies === "function") {
      reply = replies(page);
    } else {
      const queue = replies[page] ?? [json({ errors: [{ message: `no page ${page} here` }] }, 404)];
      reply = queue[Math.min(served[page] ?? 0, queue.length - 1)];
      served[page] = (served[page] ?? 0) + 1;
    }
    if (reply instanceof Error) throw reply;
    if (reply === "timeout") {
      // Never answers: only the request's own time limit ends it.
      return await new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () =>
          reject(new DOMException("aborted", "AbortError")),
        );
      });
    }
    return reply.clone();
  });
  vi.stubGlobal("fetch", fetchStub);
  return { requests, fetchStub };
}

/** The time between consecutive requests. */
export function gaps(requests: AniListRequest[]): number[] {
  return requests.slice(1).map((request, index) => request.at - requests[index].at);
}

/** Runs a manual refresh to its end (fake timers): its record, as the dashboard shows it. */
export async function refreshAndSettle(t: TestConvex) {
  const refreshId = await t.mutation(internal.catalogue.refreshNow, {});
  await t.finishAllScheduledFunctions(vi.runAllTimers);
  const refresh = await t.run(async (ctx) => await ctx.db.get("catalogueRefreshes", refreshId));
  if (refresh === null) throw new Error("refresh record missing");
  return refresh;
}

/** The latest refresh record, as the Convex dashboard's data view shows it. */
export async function latestRefresh(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("catalogueRefreshes").order("desc").first());
}

/**
 * Runs the next scheduled function due (a page's fetch, a cover job) to its end. One at a time:
 * convex-test models no concurrency, and cover jobs run side by side would clash in its storage.
 */
export async function runNextJob(t: TestConvex) {
  await vi.advanceTimersToNextTimerAsync();
  await t.finishInProgressScheduledFunctions();
}

/** Runs the scheduled functions one after the other until none is left (at most `max`). */
export async function runJobsOneByOne(t: TestConvex, max = 500) {
  for (let i = 0; i < max && vi.getTimerCount() > 0; i++) await runNextJob(t);
}
