/**
 * The boot's game:open call (game.ts) over Convex's HTTP API, as docs.convex.dev/http-api
 * documents it: POST <deployment>/api/mutation with `{"path", "args", "format": "json"}` and the
 * player's token as a bearer token; the answer is `{"status": "success", "value"}` or
 * `{"status": "error", "errorMessage", "errorData"}`. With a bearer token the request is never a
 * CORS "simple request": Authorization is not a safelisted header, so on a deployment of another
 * origin the browser sends a preflight first (index.html preconnects to the deployment so that
 * it at least finds the connection open).
 *
 * The call never hangs: after OPEN_LIMIT_MS it is aborted and settles as no answer, and the app
 * opens the game itself, as if the boot had never asked.
 */
import type { BootAnswer, BootGame } from "./protocol";

/** How long the boot waits for the round at most before leaving the game to the app. */
export const OPEN_LIMIT_MS = 2000;

/** The documented request: where it goes and what it sends. */
export function openRequest(
  deployment: string,
  token: string,
  timeZone: string,
): { url: string; init: RequestInit } {
  return {
    url: `${deployment.replace(/[/]+$/, "")}/api/mutation`,
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ path: "game:open", args: { timeZone }, format: "json" }),
    },
  };
}

/** The answer, if the body has the documented shape; null for anything else. */
export function answerOf(body: unknown): BootAnswer | null {
  if (typeof body !== "object" || body === null) return null;
  const answer = body as Record<string, unknown>;
  if (answer.status === "success" && "value" in answer) {
    return { status: "success", value: answer.value };
  }
  if (answer.status === "error" && typeof answer.errorMessage === "string") {
    return { status: "error", errorMessage: answer.errorMessage, errorData: answer.errorData };
  }
  return null;
}

/**
 * Sends game:open to `deployment` as the holder of `token`; the call, whose promise settles
 * within OPEN_LIMIT_MS: with the answer, or with null (no answer in time, a network failure, a
 * body of another shape).
 */
export function sendOpen(deployment: string, token: string, timeZone: string): BootGame {
  const call: BootGame = { answer: null, timeZone, promise: Promise.resolve(null) };
  const { url, init } = openRequest(deployment, token, timeZone);
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Settles even if the fetch ignores the abort.
  const tooLate = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, OPEN_LIMIT_MS);
  });
  const answered = fetch(url, { ...init, signal: controller.signal })
    .then((response) => response.json())
    .then(answerOf);
  call.promise = Promise.race([answered, tooLate]).then(
    (answer) => {
      clearTimeout(timer);
      call.answer = answer;
      return answer;
    },
    () => {
      clearTimeout(timer);
      return null;
    },
  );
  return call;
}
