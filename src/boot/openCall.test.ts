// The boot's game:open call speaks Convex's HTTP API as documented (docs.convex.dev/http-api) and
// never hangs: unanswered after OPEN_LIMIT_MS, it is given up and settles as no answer.
import { afterEach, expect, test, vi } from "vitest";
import { OPEN_LIMIT_MS, answerOf, openRequest, sendOpen } from "./openCall";

afterEach(() => vi.useRealTimers());

const DEPLOYMENT = "https://happy-otter-123.convex.cloud";

test("the request is the documented one: POST /api/mutation, path, args, json, a bearer token", () => {
  const { url, init } = openRequest(`${DEPLOYMENT}/`, "the.token.here", "Europe/Paris");
  expect(url).toBe(`${DEPLOYMENT}/api/mutation`);
  expect(init.method).toBe("POST");
  expect(init.headers).toEqual({
    "Content-Type": "application/json",
    Authorization: "Bearer the.token.here",
  });
  expect(JSON.parse(init.body as string)).toEqual({
    path: "game:open",
    args: { timeZone: "Europe/Paris" },
    format: "json",
  });
});

test("the documented answers are read; anything else is no answer", () => {
  expect(answerOf({ status: "success", value: { score: 1 }, logLines: [] })).toEqual({
    status: "success",
    value: { score: 1 },
  });
  expect(answerOf({ status: "success", value: null })).toEqual({ status: "success", value: null });
  expect(
    answerOf({ status: "error", errorMessage: "Not signed in", errorData: { code: "AUTH" } }),
  ).toEqual({ status: "error", errorMessage: "Not signed in", errorData: { code: "AUTH" } });
  for (const other of [null, "Server Error", [], { status: "success" }, { status: "error" }]) {
    expect(answerOf(other)).toBeNull();
  }
});

test("an answer that comes is kept on the call", async () => {
  const answer = { status: "success", value: { score: 7 } };
  const fetch = vi.fn(() => Promise.resolve(Response.json(answer)));
  vi.stubGlobal("fetch", fetch);
  const call = sendOpen(DEPLOYMENT, "token", "UTC");
  expect(await call.promise).toEqual(answer);
  expect(call.answer).toEqual(answer);
  expect(fetch).toHaveBeenCalledWith(`${DEPLOYMENT}/api/mutation`, expect.anything());
});

test("a call that is never answered is aborted and settles as no answer at OPEN_LIMIT_MS", async () => {
  vi.useFakeTimers();
  let signal: AbortSignal | undefined;
  // A fetch that never settles, not even when aborted.
  vi.stubGlobal(
    "fetch",
    vi.fn((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>(() => {});
    }),
  );
  const call = sendOpen(DEPLOYMENT, "token", "UTC");
  let settled: unknown = "pending";
  void call.promise.then((answer) => (settled = answer));

  await vi.advanceTimersByTimeAsync(OPEN_LIMIT_MS - 1);
  expect(settled).toBe("pending");
  expect(signal?.aborted).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(settled).toBeNull();
  expect(signal?.aborted).toBe(true);
  expect(call.answer).toBeNull();
  expect(OPEN_LIMIT_MS).toBeLessThanOrEqual(2000);
});

test("a failed or unreadable answer settles as no answer", async () => {
  vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
  expect(await sendOpen(DEPLOYMENT, "token", "UTC").promise).toBeNull();
  vi.stubGlobal("fetch", () => Promise.resolve(new Response("<html>Bad gateway</html>")));
  expect(await sendOpen(DEPLOYMENT, "token", "UTC").promise).toBeNull();
});
