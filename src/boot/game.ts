/**
 * The /game boot script (built by scripts/prerender into assets/boot-game-<hash>.js; start.ts
 * loads it when the player has a stored token). On a fresh load of /game it asks for the round
 * beside the page rather than after the app's scripts: the same game:open call the game screen
 * makes, over Convex's HTTP API. With the answer it paints the round from the game screen's
 * template (roundTemplate.ts), inert: a read-only box and disabled buttons, the form marked busy.
 * Then it starts the app, whose download never competes with the round's; React's first render
 * replaces the painted round with the same screen, live (gameCall.ts hands it the answer). Any
 * failure or any other shape of game leaves everything to the app, at once; so does a call still
 * unanswered after OPEN_LIMIT_MS (openCall.ts), which then paints nothing.
 */
import {
  PAINTED_CLUE_TIMING,
  TIME_ZONE_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
  type BootGame,
} from "./protocol";
import { sendOpen } from "./openCall";
import { paintRound } from "./paintRound";
import type { RoundTemplate } from "./roundTemplate";
import { pageChunks, readBootData, startApp } from "./startApp";

/** Put in by the build: the game screen's template. */
declare const ROUND_TEMPLATE: RoundTemplate;

/** How long after painting the round the app waits for the browser to report the clue's paint. */
const PAINT_REPORT_LIMIT_MS = 500;
/** A token about to expire is not sent: the app signs in afresh instead. */
const TOKEN_MARGIN_MS = 30_000;

const data = readBootData();
const start = () => startApp(data, pageChunks(data));

/** The deployment's address as the app's client has it. */
function convexAddress(): string {
  return /^[a-z]+:/.test(data.convexUrl) ? data.convexUrl : location.origin + data.convexUrl;
}

function tokenExpiry(token: string): number {
  const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
  return (JSON.parse(atob(payload)) as { exp: number }).exp * 1000;
}

/** Sends game:open with the stored token, if there is one valid for a while; the call. */
function sendStoredOpen(): BootGame | null {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token === null || !(tokenExpiry(token) > Date.now() + TOKEN_MARGIN_MS)) return null;
  const timeZone =
    localStorage.getItem(TIME_ZONE_STORAGE_KEY) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return sendOpen(convexAddress(), token, timeZone);
}

/**
 * Opens a connection to the covers' host while the round and the app load: the cover is asked
 * for once React shows the round. A plain <img> request carries credentials, so no `crossorigin`.
 */
function preconnect(origin: string) {
  const link = document.createElement("link");
  link.rel = "preconnect";
  link.href = origin;
  document.head.append(link);
}

/**
 * Runs `then` once the browser has reported painting the clue paintRound marked (or soon anyway).
 * Element Timing reports that element's own paint, whatever else is larger on the page.
 */
function afterCluePainted(then: () => void) {
  let observer: PerformanceObserver | null = null;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  if (PerformanceObserver.supportedEntryTypes?.includes("element")) {
    observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
      if (entries.some(({ identifier }) => identifier === PAINTED_CLUE_TIMING)) once();
    });
    observer.observe({ type: "element", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once));
  }
  setTimeout(once, PAINT_REPORT_LIMIT_MS);
}

function open() {
  let call: BootGame | null = null;
  try {
    call = sendStoredOpen();
  } catch {
    // No storage, or a token that is not one: the app signs in as usual.
  }
  if (call === null) {
    start();
    return;
  }
  window.__boot = { ...window.__boot, game: call };
  if (data.convexSite !== null) preconnect(data.convexSite);
  const sent = call;
  void sent.promise.then(() => {
    let main: HTMLElement | null = null;
    try {
      main = paintRound(sent, ROUND_TEMPLATE);
    } catch {
      // Left to the app, as any other failure.
    }
    if (main === null) start();
    else afterCluePainted(start);
  });
}

// Once the first frame (the top bar) is out, so that nothing here delays it.
if (document.visibilityState === "hidden") open();
else requestAnimationFrame(() => setTimeout(open));
