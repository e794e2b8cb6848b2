import { jsonToConvex, type JSONValue } from "convex/values";
import type { GameView } from "@convex/model/gameView";

/** Convex's HTTP API answer: the call's value, or its error. */
type EarlyAnswer =
  | { status: "success"; value: JSONValue }
  | { status: "error"; errorMessage: string; errorData?: JSONValue };

declare global {
  interface Window {
    /**
     * Set by index.html's inline script on /game (scripts/prerender): the game:open call it sent
     * before the app's scripts arrived, and its answer once there (null until then, or on failure).
     */
    __earlyGameOpen?: { promise: Promise<EarlyAnswer | null>; answer: EarlyAnswer | null };
  }
}

/** The view a successful early call returned; null for a failure or an answer without a round. */
function viewOf(answer: EarlyAnswer | null): GameView | null {
  if (answer?.status !== "success") return null;
  const view = jsonToConvex(answer.value) as GameView | null;
  return view?.round ? view : null;
}

/**
 * The game the page's early call has already brought, if it has arrived: the screen's first render
 * shows its round. Reading does not use it up (React may render twice); `takeEarlyOpen` does.
 */
export function earlyGame(): GameView | null {
  return viewOf(window.__earlyGameOpen?.answer ?? null);
}

/**
 * Waits for the early call's answer, once per page load: its round, or null when there was no
 * call, it failed or it brought no round, so that the caller opens the game itself. Later visits
 * to /game in the same tab open it themselves too.
 */
export async function takeEarlyOpen(): Promise<GameView | null> {
  const early = window.__earlyGameOpen;
  if (early === undefined) return null;
  window.__earlyGameOpen = undefined;
  return viewOf(await early.promise);
}
