// The /game boot script with a game:open call that is never answered: the page is left to the
// app as if there had been no early paint (nothing painted, the app started, the call settled as
// no answer so that the game screen opens the game itself), within OPEN_LIMIT_MS.
import { afterAll, expect, test, vi } from "vitest";
import { OPEN_LIMIT_MS } from "./openCall";
import { APP_SCRIPT_ID, BOOT_DATA_ID, TOKEN_STORAGE_KEY, type BootData } from "./protocol";

afterAll(() => {
  vi.useRealTimers();
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  document.head.replaceChildren();
  document.body.replaceChildren();
  window.__boot = undefined;
});

function tokenValidFor(ms: number): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor((Date.now() + ms) / 1000) }));
  return `header.${payload.replace(/=+$/, "")}.signature`;
}

test("a call that is never answered hands the page to the app within OPEN_LIMIT_MS", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "Date"] });
  const data: BootData = {
    entry: "/assets/index.js",
    entryImports: [],
    routes: {},
    session: [],
    convexUrl: "https://happy-otter-123.convex.cloud",
    convexSite: "https://happy-otter-123.convex.site",
    game: "/assets/boot-game.js",
  };
  document.body.innerHTML =
    '<div id="root"><header></header><main></main></div>' +
    `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data)}</script>`;
  localStorage.setItem(TOKEN_STORAGE_KEY, tokenValidFor(3_600_000));
  vi.stubGlobal("ROUND_TEMPLATE", { parts: ["<p>painted</p>"], slots: [] });
  const fetch = vi.fn(() => new Promise<Response>(() => {}));
  vi.stubGlobal("fetch", fetch);

  await import("./game");
  const appStarted = () => document.getElementById(APP_SCRIPT_ID) !== null;
  await vi.advanceTimersByTimeAsync(100);
  expect(fetch).toHaveBeenCalledOnce();
  expect(appStarted()).toBe(false);
  // The covers' host, which the game screen will ask for the round's cover.
  expect(document.head.querySelector('link[rel="preconnect"]')).toHaveAttribute(
    "href",
    data.convexSite,
  );

  await vi.advanceTimersByTimeAsync(OPEN_LIMIT_MS);
  expect(appStarted()).toBe(true);
  expect(document.querySelector("main")).toBeEmptyDOMElement();
  expect(await window.__boot?.game?.promise).toBeNull();
});
