import type { GameView } from "@convex/model/game/view";
import { TIME_ZONE_STORAGE_KEY, type BootAnswer } from "./protocol";

/**
 * The app's end of the boot's game:open call on /game (game.ts): the game screen starts from its
 * answer, so the visit is opened once and the round shows in React's first render, in place of
 * the one the boot painted.
 */

/**
 * The view a successful call returned; null for a failure or an answer without a round. The
 * HTTP API's "json" format is plain JSON, and a game view holds nothing JSON cannot (no int64,
 * no bytes): the value is the view as the client's own call would return it.
 */
function viewOf(answer: BootAnswer | null): GameView | null {
  if (answer?.status !== "success") return null;
  const view = answer.value as GameView | null;
  return view?.round ? view : null;
}

/**
 * The game the boot's call has already brought, if it has arrived: the screen's first render
 * shows its round. Reading does not use it up (React may render twice); `takeBootGame` does.
 * From then on the boot paints nothing: React has the page.
 */
export function bootGameView(): GameView | null {
  const call = window.__boot?.game;
  if (call === undefined) return null;
  call.taken = true;
  return viewOf(call.answer);
}

/**
 * Waits for the boot's answer, once per page load: its round and the time zone it sent, or null
 * when there was no call, it failed, it brought no round or it was not answered in time (the
 * boot's call settles within OPEN_LIMIT_MS, src/boot/openCall.ts), so that the caller opens the
 * game itself. Later visits to /game in the same tab open it themselves too.
 */
export async function takeBootGame(): Promise<{ view: GameView; timeZone: string } | null> {
  const call = window.__boot?.game;
  if (call === undefined) return null;
  window.__boot = { ...window.__boot, game: undefined };
  const view = viewOf(await call.promise);
  return view === null ? null : { view, timeZone: call.timeZone };
}

/** Keeps the zone the game reports for the boot's next call. */
export function rememberTimeZone(timeZone: string): void {
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, timeZone);
  } catch {
    // Storage full or refused: the boot's next call looks the zone up itself.
  }
}
