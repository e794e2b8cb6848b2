import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

const canAsk = () => typeof window.matchMedia === "function";

function subscribe(onChange: () => void): () => void {
  if (!canAsk()) return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

// A browser that cannot tell us the preference gets no animation rather than an unwanted one.
const getSnapshot = () => !canAsk() || window.matchMedia(QUERY).matches;

/** Whether the player asked their system for less motion; follows changes live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => true);
}
