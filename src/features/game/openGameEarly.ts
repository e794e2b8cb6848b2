/**
 * index.html's /game script (built by scripts/prerender into assets/open-game-<hash>.js; no
 * imports at run time but these two small modules). On a signed-in player's fresh load of /game it
 * asks for the round beside the page rather than after the app's scripts: the same game:open call
 * the game screen makes, over Convex's HTTP API with the token Convex Auth keeps in localStorage.
 * With the answer it paints the round from the game screen's template (roundTemplate.ts), then
 * lets the app's scripts start: their download never competes with the round's, and React's
 * first render replaces the template with the same screen (earlyOpen.ts takes the answer). Any
 * failure or any other shape of game leaves everything to the app, at once.
 */
import type { GameView } from "@convex/model/game/view";
import { AUTH_TOKEN_KEY_PREFIX, TIME_ZONE_STORAGE_KEY, type EarlyCall } from "./earlyOpenProtocol";
import { fillRoundTemplate, type RoundTemplate } from "./roundTemplate";

/** Put in by the build: the game screen's template. */
declare const ROUND_TEMPLATE: RoundTemplate;

/** How long after painting the round the app waits for the browser to report that paint. */
const PAINT_REPORT_LIMIT_MS = 500;
/** A token about to expire is not sent: the app signs in afresh instead. */
const TOKEN_MARGIN_MS = 30_000;

function startApp() {
  window.__startGameApp?.();
}

/** The deployment's address as the app's client has it, from the data the HTML carries. */
function convexAddress(): string {
  const data = JSON.parse(document.getElementById("boot-data")?.textContent ?? "{}") as {
    convexUrl?: string;
  };
  const url = data.convexUrl ?? "";
  return /^[a-z]+:/.test(url) ? url : location.origin + url;
}

function tokenExpiry(token: string): number {
  const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
  return (JSON.parse(atob(payload)) as { exp: number }).exp * 1000;
}

/** Sends game:open with the stored token, if there is one valid for a while; the call. */
function sendOpen(): EarlyCall | null {
  const address = convexAddress();
  const token = localStorage.getItem(AUTH_TOKEN_KEY_PREFIX + address.replace(/[^a-zA-Z0-9]/g, ""));
  if (token === null || !(tokenExpiry(token) > Date.now() + TOKEN_MARGIN_MS)) return null;
  const timeZone =
    localStorage.getItem(TIME_ZONE_STORAGE_KEY) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const call: EarlyCall = { answer: null, timeZone, promise: Promise.resolve(null) };
  call.promise = fetch(`${address.replace(/[/]+$/, "")}/api/mutation`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      path: "game:open",
      format: "convex_encoded_json",
      args: [{ timeZone }],
    }),
  })
    .then((response) => response.json() as Promise<EarlyCall["answer"]>)
    .then(
      (answer) => (call.answer = answer),
      () => null,
    );
  return call;
}

/**
 * Paints the answer's round in the page's <main>, which the inline script emptied, unless React
 * has rendered the page meanwhile or the game has no template; whether it did.
 */
function paintRound(call: EarlyCall): HTMLElement | null {
  const main = document.querySelector<HTMLElement>("#root main");
  if (call.claimed || main === null || main.firstChild !== null) return null;
  const answer = call.answer;
  const game = answer?.status === "success" ? (answer.value as GameView | null) : null;
  const markup = fillRoundTemplate(ROUND_TEMPLATE, game);
  if (markup === null) return null;
  main.innerHTML = markup;
  // Its buttons act once React has taken over (earlyOpen.ts clicks the last one again); Enter,
  // which clicks Submit, must not reload the page meanwhile.
  main.querySelector("form")?.addEventListener("submit", (event) => event.preventDefault());
  main.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button !== null) call.clickedButton = [...main.querySelectorAll("button")].indexOf(button);
  });
  const input = main.querySelector("input");
  if (input !== null) {
    call.input = input;
    input.addEventListener("focusin", () => (call.inputFocused = true));
    // Chromium blurs a focused element as it is removed: a blur the box outlives is the
    // player's; one from React's commit (which reads this in the same task) is not.
    input.addEventListener("focusout", () =>
      queueMicrotask(() => {
        if (input.isConnected) call.inputFocused = false;
      }),
    );
  }
  return main;
}

/** Runs `then` once the browser has reported painting something in `main` (or soon anyway). */
function afterPaintIn(main: HTMLElement, then: () => void) {
  let observer: PerformanceObserver | null = null;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  if (PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {
    observer = new PerformanceObserver((list) => {
      const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
      if (entries.some(({ element }) => element != null && main.contains(element))) once();
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once));
  }
  setTimeout(once, PAINT_REPORT_LIMIT_MS);
}

function open() {
  let call: EarlyCall | null = null;
  try {
    call = sendOpen();
  } catch {
    // No storage, or a token that is not one: the app signs in as usual.
  }
  if (call === null) {
    startApp();
    return;
  }
  window.__earlyGameOpen = call;
  const sent = call;
  void sent.promise.then(() => {
    let main: HTMLElement | null = null;
    try {
      main = paintRound(sent);
    } catch {
      // Left to the app, as any other failure.
    }
    if (main === null) startApp();
    else afterPaintIn(main, startApp);
  });
}

// Once the first frame (the top bar) is out, so that nothing here delays it.
if (document.visibilityState === "hidden") open();
else requestAnimationFrame(() => setTimeout(open));
