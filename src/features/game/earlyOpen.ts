import { jsonToConvex, type JSONValue } from "convex/values";
import { useEffect, useRef } from "react";
import type { GameView } from "@convex/model/game/view";
import { TIME_ZONE_STORAGE_KEY, type EarlyAnswer, type EarlyCall } from "./earlyOpenProtocol";

/** The view a successful early call returned; null for a failure or an answer without a round. */
function viewOf(answer: EarlyAnswer | null): GameView | null {
  if (answer?.status !== "success") return null;
  const view = jsonToConvex(answer.value as JSONValue) as GameView | null;
  return view?.round ? view : null;
}

/**
 * The game the page's early call (openGameEarly.ts) has already brought, if it has arrived: the
 * screen's first render shows its round. Reading does not use it up (React may render twice);
 * `takeEarlyOpen` does. From then on the script paints nothing: React has the page.
 */
export function earlyGame(): GameView | null {
  const early = window.__earlyGameOpen;
  if (early === undefined) return null;
  early.claimed = true;
  return viewOf(early.answer);
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

/** The round the HTML painted (openGameEarly.ts), which React's screen replaces. */
export type EarlyInput = {
  /** Its guess box: after React's commit, detached but with what was typed in it. */
  box: HTMLInputElement;
  call: EarlyCall;
};

/**
 * The painted round, read while React renders the screen that replaces it (it is still on the
 * page then); null once it is gone or when nothing was painted.
 */
export function earlyInput(): EarlyInput | null {
  if (typeof window === "undefined") return null; // the build's render of the template
  const call = window.__earlyGameOpen;
  const box = call?.input;
  if (call === undefined || box === undefined || !box.isConnected) return null;
  return { box, call };
}

/**
 * Clicks again, once the client is signed in, the last button the player clicked in the painted
 * round (read then: a click may come between React's render and its commit). React renders the
 * same buttons in the same order (roundTemplate.test.tsx).
 */
export function useEarlyClickReplay(early: EarlyInput | null, signedIn: boolean): void {
  const replayed = useRef(false);
  useEffect(() => {
    const clicked = early?.call.clickedButton;
    if (clicked === undefined || !signedIn || replayed.current) return;
    replayed.current = true;
    document.querySelector("#root main")?.querySelectorAll("button")[clicked]?.click();
  }, [early, signedIn]);
}

/** Keeps the zone the game reports for the HTML's next call (earlyOpenProtocol.ts). */
export function rememberTimeZone(timeZone: string): void {
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, timeZone);
  } catch {
    // Storage full or refused: the next early call looks the zone up itself.
  }
}
