import { lazy, type ComponentType } from "react";

/**
 * After a deploy, the chunks an open tab refers to may be gone from the host. Loading one then
 * fails; reloading the page fetches the new build. We reload once, and remember when in
 * sessionStorage, so a chunk that keeps failing shows the error screen instead of looping.
 */
const RELOADED_AT_KEY = "anime-guess:chunk-reload-at";
const RELOAD_GUARD_MS = 60_000;

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's CSS preloader
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    chunkErrorPatterns.some((pattern) => pattern.test(error.message))
  );
}

function reloadedRecently(now: number): boolean {
  try {
    const reloadedAt = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    return Number.isFinite(reloadedAt) && now - reloadedAt < RELOAD_GUARD_MS;
  } catch {
    // Storage blocked: we cannot guard a reload, so never reload.
    return true;
  }
}

function rememberReload(now: number): void {
  sessionStorage.setItem(RELOADED_AT_KEY, String(now));
}

/**
 * Where a reload goes. A route's chunk loads before the router commits the navigation, so the
 * address bar still shows the page the player is leaving: reload into where they were going.
 */
let pendingDestination: string | null = null;

type NavigatingRouter = {
  subscribe(
    listener: (state: { navigation: { location?: RouterLocation | undefined } }) => void,
  ): () => void;
  createHref(location: RouterLocation): string;
};
type RouterLocation = { pathname: string; search: string; hash: string };

/** Follows the router's navigations, so that a reload lands on the page being opened. */
export function trackNavigation(router: NavigatingRouter): () => void {
  return router.subscribe(({ navigation }) => {
    pendingDestination = navigation.location ? router.createHref(navigation.location) : null;
  });
}

/** The page reload; an object so that tests can watch it (jsdom cannot navigate). */
export const pageReload = {
  to(href: string | null): void {
    const here = window.location.pathname + window.location.search + window.location.hash;
    if (href === null || href === here) window.location.reload();
    else window.location.assign(href);
  },
};

/**
 * Runs a dynamic import; if its chunk cannot be loaded, reloads the page once (the promise then
 * never settles, so nothing broken renders meanwhile). Any other failure, or a second chunk
 * failure soon after a reload, is rethrown for the error screen.
 */
export async function importWithReload<T>(
  load: () => Promise<T>,
  reload: () => void = () => pageReload.to(pendingDestination),
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const now = Date.now();
    if (!isChunkLoadError(error) || reloadedRecently(now)) throw error;
    rememberReload(now);
    reload();
    return new Promise<never>(() => {});
  }
}

/** `React.lazy` for a module's default export, reloading once when the chunk is gone. */
export function lazyWithReload<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(() => importWithReload(load));
}

/** Starts loading a chunk ahead of need (on hover or focus); a failure shows when it is needed. */
export function prefetch(load: () => Promise<unknown>): void {
  load().catch(() => {});
}
