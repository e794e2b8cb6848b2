import { useMemo, useState, useSyncExternalStore } from "react";
import { COOLDOWN_MS } from "@convex/model/shared/rules";

type Countdown = { subscribe: (onTick: () => void) => () => void; getSnapshot: () => number };

/**
 * A countdown to `cooldownEnd` timed on this device's clock, which may disagree with the
 * server's by minutes: a cooldown seen starting is timed from that moment, and one already
 * running is never shown as longer than a whole cooldown. The server ends the cooldown itself;
 * the screen learns it from the live game state, so this only drives the display.
 */
function createCountdown(cooldownEnd: number, startedWhileWatching: boolean): Countdown {
  const now = Date.now();
  const left = startedWhileWatching
    ? COOLDOWN_MS
    : Math.min(COOLDOWN_MS, Math.max(0, cooldownEnd - now));
  const deadline = now + left;
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

/** Seconds left in the cooldown, ticking each second; null when there is none. */
export function useCooldownCountdown(cooldownEnd: number | null): number | null {
  const [seen, setSeen] = useState({ cooldownEnd, startedWhileWatching: false });
  if (seen.cooldownEnd !== cooldownEnd) {
    setSeen({ cooldownEnd, startedWhileWatching: seen.cooldownEnd === null });
  }
  const countdown = useMemo(
    () =>
      seen.cooldownEnd === null
        ? null
        : createCountdown(seen.cooldownEnd, seen.startedWhileWatching),
    [seen],
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
