// A friend opening a room's link: the time from the navigation's start to the room's lobby on
// screen, on the offline preview (`vite preview --mode e2e` with ANIME_GUESS_PREVIEW=offline, the
// project's real functions in convex-test), in headless Chromium without throttling (and, for a
// phone's slower processor, again with the CPU slowed 4×, as Lighthouse's mobile preset). Each run is
// a new signed-in player in a fresh browser context (nothing cached, as a first visit) opening a
// new room's link, so that it joins: the room page's whole path, join mutation included.
/* global window, document, requestAnimationFrame, MutationObserver -- page scripts */
import { chromium } from "playwright-core";
import { chromiumArgs } from "../../testing/e2e/browser.mjs";
import { control, createAccount } from "./lighthouse.mjs";
import { median } from "./median.mjs";

const E2E = "/__convex_test";
const LOBBY = '[data-testid="room-code"]';

/** A room made by a new host (the host's own call, through the test server's control route). */
async function newRoom(origin, host) {
  const made = await control(origin, "run", {
    kind: "mutation",
    path: "rooms:create",
    args: {},
    email: `${host}@example.com`,
  });
  return made.code;
}

/**
 * Runs in the page before any of its scripts: the first paint, and the frame in which the lobby
 * (the room's code) is first on screen, both in ms since the navigation started.
 */
function watchForLobby({ selector, tokens, base }) {
  const namespace = `${window.location.origin}${base}`.replace(/[^a-zA-Z0-9]/g, "");
  window.localStorage.setItem(`__convexAuthJWT_${namespace}`, tokens.token);
  window.localStorage.setItem(`__convexAuthRefreshToken_${namespace}`, tokens.refreshToken);
  window.localStorage.setItem("animeGuess.token", tokens.token);
  const marks = {};
  window.__roomLinkMarks = marks;
  new MutationObserver((_, observer) => {
    if (marks.lobbyInDom === undefined && document.querySelector(selector)) {
      marks.lobbyInDom = performance.now();
      // Painted in the frame after the one it was inserted in.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          marks.lobbyPainted = performance.now();
        }),
      );
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Opens a new room's link `runs` times, the CPU `cpuSlowdown` times slower; the median of each figure (ms since the navigation
 * started): first contentful paint, the lobby in the DOM and painted, and the first request to
 * the backend's API (how long the page spent before it asked for anything).
 */
export async function measureRoomLink({ chromiumPath, origin, runs, cpuSlowdown = 1 }) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
  const perRun = [];
  try {
    // The same pool as the offline preview's; a page that warms up the server's module loader.
    await fetch(`${origin}/`);
    for (let run = 0; run < runs; run++) {
      const stamp = `${Date.now().toString(36)}${run}`;
      await createAccount(origin, `host${stamp}`);
      const code = await newRoom(origin, `host${stamp}`);
      const tokens = await createAccount(origin, `guest${stamp}`);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      if (cpuSlowdown > 1) {
        const devtools = await context.newCDPSession(page);
        await devtools.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
      }
      await page.addInitScript(watchForLobby, { selector: LOBBY, tokens, base: E2E });
      await page.goto(`${origin}/room/${code}`, { waitUntil: "commit" });
      await page.locator(LOBBY).waitFor({ state: "visible", timeout: 30_000 });
      await page.waitForFunction(() => window.__roomLinkMarks.lobbyPainted !== undefined);
      const figures = await page.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
        const api = performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.includes("/__convex_test/api/"))
          .map((entry) => ({ name: entry.name, start: entry.startTime, end: entry.responseEnd }));
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => entry.initiatorType === "script" || entry.name.endsWith(".js"));
        return {
          fcpMs: fcp,
          lobbyInDomMs: window.__roomLinkMarks.lobbyInDom,
          lobbyMs: window.__roomLinkMarks.lobbyPainted,
          firstApiCallMs: api.length === 0 ? null : Math.min(...api.map((entry) => entry.start)),
          apiCalls: api.length,
          lastScriptMs:
            scripts.length === 0 ? null : Math.max(...scripts.map((e) => e.responseEnd)),
        };
      });
      perRun.push(figures);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const figure = (name) => {
    const values = perRun.map((run) => run[name]).filter((value) => value !== null);
    return values.length === 0 ? null : median(values);
  };
  return {
    runs,
    cpuSlowdown,
    lobbyMs: figure("lobbyMs"),
    lobbyInDomMs: figure("lobbyInDomMs"),
    fcpMs: figure("fcpMs"),
    firstApiCallMs: figure("firstApiCallMs"),
    lastScriptMs: figure("lastScriptMs"),
    perRun,
  };
}
