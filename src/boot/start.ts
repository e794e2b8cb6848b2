/**
 * index.html's script after the root (scripts/prerender builds and inlines it): it runs as soon as
 * the root is parsed, and starts the app.
 *
 * On any path but the landing page it empties the page's main part and lifts head.ts's mark in the
 * same task, so that page never shows the landing page's content but paints the top bar (the same
 * on every page) at once; then it starts the app with everything that page needs preloaded. On
 * /game, when the player has a stored token, it loads game.ts instead, which paints the round
 * and starts the app once that paint is out (at most APP_WAIT_LIMIT_MS later here): the round's
 * few kilobytes then never share the connection with the app's 160.
 *
 * On the landing page it starts the app only once the browser reports the first paint (two
 * animation frames later where paint timing is missing; at most PAINT_WAIT_LIMIT_MS later), so no
 * download competes with that paint and no script takes the main thread before it. Two animation
 * frames alone were not always enough: the paint is shown a little after its frame, and a fast
 * download could end before it. Until React has hydrated the page it remembers the last button
 * clicked, which src/main.tsx clicks again then (links need nothing: they work as plain links
 * meanwhile). It listens on the document in the capture phase: React, once started, stops clicks
 * on the parts it has not hydrated yet.
 */
import {
  APP_WAIT_LIMIT_MS,
  GAME_ROUTE,
  OTHER_PATH_ATTRIBUTE,
  TOKEN_STORAGE_KEY,
  type BootData,
} from "./protocol";
import { appPath, pageChunks, readBootData, startApp } from "./startApp";

/** How long the landing page waits for its first paint to be reported before it starts anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

function hasToken(): boolean {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false; // storage refused: the app signs in as usual
  }
}

function otherPath(data: BootData) {
  const root = document.getElementById("root");
  const main = root?.querySelector("main");
  if (main) main.replaceChildren();
  else root?.replaceChildren();
  document.documentElement.removeAttribute(OTHER_PATH_ATTRIBUTE);
  const more = pageChunks(data);
  if (appPath() !== GAME_ROUTE || !hasToken()) {
    startApp(data, more);
    return;
  }
  const game = document.createElement("script");
  game.src = data.game;
  game.onerror = () => startApp(data, more);
  document.head.append(game);
  setTimeout(() => startApp(data, more), APP_WAIT_LIMIT_MS);
}

function rememberClicks() {
  const root = document.getElementById("root");
  const remember = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button !== null && root?.contains(button)) click.button = button;
  };
  const click = {
    button: null as HTMLButtonElement | null,
    stop: () => document.removeEventListener("click", remember, true),
  };
  document.addEventListener("click", remember, true);
  window.__boot = { ...window.__boot, landingClick: click };
}

function landing(data: BootData) {
  rememberClicks();
  const start = () => startApp(data, []);
  if (document.visibilityState === "hidden") {
    start();
  } else if (!(PerformanceObserver.supportedEntryTypes ?? []).includes("paint")) {
    requestAnimationFrame(() => requestAnimationFrame(start));
  } else {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
    setTimeout(start, PAINT_WAIT_LIMIT_MS);
  }
}

const data = readBootData();
if (location.pathname !== import.meta.env.BASE_URL) otherPath(data);
else landing(data);
