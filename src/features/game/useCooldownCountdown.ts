import { useMemo, useState, useSyncExternalStore } from "react";
import { COOLDOWN_MS } from "@convex/model/shared/rules";

/**
 * When, on this device's clock, the cooldown ending at `cooldownEnd` (the server's clock) is over.
 * The two clocks may disagree by minutes: a cooldown seen starting is timed from that moment,
 * and one already running is never taken as longer than a whole cooldown.
 */
export function cooldownDeadline(cooldownEnd: number, startedWhileWatching: boolean): number {
  const now = Date.now();
  const left = startedWhileWatching
    ? COOLDOWN_MS
    : Math.min(COOLDOWN_MS, Math.max(0, cooldownEnd - now));
  return now + left;
}

/**
 * The local deadline of the cooldown `cooldownEnd` (null without one). `shown` says whether a
 * game was on screen: a cooldown that appears on a game already shown without one was seen
 * starting; one on the first game shown (the page opened during it) was not.
 */
export function useCooldownDeadline(cooldownEnd: number | null, shown: boolean): number | null {
  const [seen, setSeen] = useState({ cooldownEnd, shown, startedWhileWatching: false });
  if (seen.cooldownEnd !== cooldownEnd || seen.shown !== shown) {
    const startedWhileWatching =
      seen.cooldownEnd !== cooldownEnd && seen.shown && seen.cooldownEnd === null;
    setSeen({ cooldownEnd, shown, startedWhileWatching });
  }
  return useMemo(
    () =>
      seen.cooldownEnd === null
        ? null
        : cooldownDeadline(seen.cooldownEnd, seen.startedWhileWatching),
    [seen],
  );
}

type Countdown = { subscribe: (onTick: () => void) => () => void; getSnapshot: () => number };

/**
 * A countdown to `deadline` on this device's clock (see `useCooldownDeadline`). The server ends
 * the cooldown (the page asks it to at the deadline, see liveGame.ts) and the screen learns it
 * from the live game state, so this only drives the display.
 */
function createCountdown(deadline: number): Countdown {
  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  let snapshot = secondsLeft();
  return {
    subscribe(onTick) {
      const timer = setInterval(() => {
        snapshot = secondsLeft();
        onTick();
      }, 1000);
      return () => clearInterval(timer);
    },
    getSnapshot: () => snapshot,
  };
}

const idle: Countdown = { subscribe: () => () => {}, getSnapshot: () => 0 };

/** Seconds left until `deadline`, ticking each second; null when there is none. */
export function useCooldownCountdown(deadline: number | null): number | null {
  const countdown = useMemo(
    () => (deadline === null ? null : createCountdown(deadline)),
    [deadline],
  );
  // The server render (the /game template, scripts/prerender) counts from the same snapshot.
  const seconds = useSyncExternalStore(
    (countdown ?? idle).subscribe,
    (countdown ?? idle).getSnapshot,
    (countdown ?? idle).getSnapshot,
  );
  return countdown === null ? null : seconds;
}

/** 90 → "01:30". */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}
