import { jsonToConvex, type JSONValue } from "convex/values";
import type { GameView } from "@convex/model/gameView";
import { TIME_ZONE_STORAGE_KEY } from "./earlyOpenProtocol";

/** Convex's HTTP API answer: the call's value, or its error. */
type EarlyAnswer =
  | { status: "success"; value: JSONValue }
  | { status: "error"; errorMessage: string; errorData?: JSONValue };

/** The HTML's call (earlyOpenProtocol.ts): its answer once it has come, and the zone it sent. */
type EarlyCall = {
  promise: Promise<EarlyAnswer | null>;
  answer: EarlyAnswer | null;
  timeZone: string;
};

declare global {
  interface Window {
    /** Set by the /game script that index.html loads (scripts/prerender). */
    __earlyGameOpen?: EarlyCall;
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
 * Waits for the early call's answer, once per page load: its round and the time zone it sent, or
 * null when there was no call, it failed or it brought no round, so that the caller opens the
 * game itself. Later visits to /game in the same tab open it themselves too.
 */
export async function takeEarlyOpen(): Promise<{ view: GameView; timeZone: string } | null> {
  const early = window.__earlyGameOpen;
  if (early === undefined) return null;
  window.__earlyGameOpen = undefined;
  const view = viewOf(await early.promise);
  return view === null ? null : { view, timeZone: early.timeZone };
}

/** Keeps the zone the game reports for the HTML's next call (earlyOpenProtocol.ts). */
export function rememberTimeZone(timeZone: string): void {
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, timeZone);
  } catch {
    // Storage full or refused: the next early call looks the zone up itself.
  }
}
