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
 * On the landing page, a visitor's (no stored token) page is complete as the HTML paints it: the
 * build prerendered it signed out, its links are plain links, and the app's scripts are neither run
 * nor needed to read it. They start when the visitor reaches for one of its controls (a pointer
 * down on it or over it, a touch, a key, a focus: the first of them), and a button clicked before
 * the app has taken the page is clicked again then (src/main.tsx). So the page's main thread does
 * the page alone, and the app's code runs for a visitor who needs it. Once the page has loaded and
 * the browser is idle, it fetches the app's files into the cache (fetched, not run), so that
 * reaching for a control waits for no download.
 *
 * A returning player's page (a stored token: head.ts has hidden the visitor's controls) needs the
 * app at once: it starts once the browser reports the first paint (two animation frames later
 * where paint timing is missing; at most PAINT_WAIT_LIMIT_MS later), so no download competes with
 * that paint and no script takes the main thread before it. Two animation frames alone were not
 * always enough: the paint is shown a little after its frame, and a fast download could end before
 * it.
 *
 * The landing page's dialogs open before React: How to Play by its invoker button (the browser's
 * own), a card's sign-up or log-in by rememberClicks here. Until React has taken the page, it
 * remembers the last other button clicked, which src/main.tsx clicks again then (links need
 * nothing: they work as plain links meanwhile). It listens on the document
 * in the capture phase: React, once started, stops clicks on the parts it has not hydrated yet.
 */
import {
  APP_SCRIPT_ID,
  APP_WAIT_LIMIT_MS,
  DIALOG_SWITCH_ATTRIBUTE,
  GAME_ROUTE,
  LOGIN_OPENER_ATTRIBUTE,
  NEEDS_APP_ATTRIBUTE,
  OTHER_PATH_ATTRIBUTE,
  RETURNING_PLAYER_ATTRIBUTE,
  SIGNED_IN_HERE_STORAGE_KEY,
  WELCOME_ATTRIBUTE,
  WELCOME_DIALOG_IDS,
  FORM_HELD_ATTRIBUTE,
  FORM_LIVE_ATTRIBUTE,
  type BootData,
} from "./protocol";
import { appPath, pageChunks, readBootData, startApp } from "./startApp";
import { hasStoredToken } from "./storedToken";

/** How long the landing page waits for its first paint to be reported before it starts anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

/** Events by which a visitor reaches for a control of the page: the app starts at the first. */
const INTENT_EVENTS = ["pointerdown", "pointerover", "touchstart", "focusin", "keydown", "click"];

/** The page's controls: an event on one of them (or inside it) shows the visitor reaching for it. */
const CONTROLS = "a[href], button, input, select, textarea, [tabindex]";

function otherPath(data: BootData) {
  const root = document.getElementById("root");
  const main = root?.querySelector("main");
  if (main) main.replaceChildren();
  else root?.replaceChildren();
  document.documentElement.removeAttribute(OTHER_PATH_ATTRIBUTE);
  const more = pageChunks(data);
  if (appPath() !== GAME_ROUTE || !hasStoredToken()) {
    startApp(data, more);
    return;
  }
  const game = document.createElement("script");
  game.src = data.game;
  game.onerror = () => startApp(data, more);
  document.head.append(game);
  setTimeout(() => startApp(data, more), APP_WAIT_LIMIT_MS);
}

/**
 * Until React has the page: a card's sign-up (WELCOME_ATTRIBUTE) opens the landing page's own
 * dialog at once (sign-up, or log-in on a device someone has signed in on), the top bar's Login
 * (LOGIN_OPENER_ATTRIBUTE) its log-in (on another path, with no such dialog, it is remembered as
 * any other button), and a dialog's way to the other (DIALOG_SWITCH_ATTRIBUTE) switches them; a
 * form in it sent
 * meanwhile is held and sent again once React has the form (React's own handler sends it); any other
 * button clicked is remembered for src/main.tsx to click again. A button the browser handles
 * itself (an invoker, `commandfor`, as How to Play's) or one inside a dialog is left alone, unless
 * it needs the app (NEEDS_APP_ATTRIBUTE: "Forgot password?").
 */
function rememberClicks() {
  const root = document.getElementById("root");
  const welcomeDialogs: string[] = Object.values(WELCOME_DIALOG_IDS);
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const opener = target?.closest(`[${WELCOME_ATTRIBUTE}]`);
    if (opener && root?.contains(opener)) {
      event.preventDefault();
      openWelcome(opener.getAttribute(WELCOME_ATTRIBUTE) ?? undefined);
      return;
    }
    const login = target?.closest(`[${LOGIN_OPENER_ATTRIBUTE}]`);
    if (login && root?.contains(login) && showDialog(WELCOME_DIALOG_IDS.login)) {
      event.preventDefault();
      return;
    }
    const switcher = target?.closest(`[${DIALOG_SWITCH_ATTRIBUTE}]`);
    const from = switcher?.closest("dialog");
    const to = switcher?.getAttribute(DIALOG_SWITCH_ATTRIBUTE);
    if (from && welcomeDialogs.includes(from.id) && (to === "login" || to === "signUp")) {
      from.close();
      showDialog(WELCOME_DIALOG_IDS[to]);
      return;
    }
    const button = target?.closest("button");
    if (!button || !root?.contains(button)) return;
    if (button.closest("dialog") !== null && !button.hasAttribute(NEEDS_APP_ATTRIBUTE)) return;
    if (button.hasAttribute("commandfor") && "command" in HTMLButtonElement.prototype) return;
    click.button = button;
    click.label = button.textContent ?? "";
  };
  // Until React has the form itself, which comes after the page (its code is a chunk of its own,
  // src/features/landing/loadCredentialsForm.ts): then it marks the form live and sends what was
  // held (src/components/CredentialsForm.tsx).
  const hold = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method === "dialog") return;
    if (!root?.contains(form) || form.hasAttribute(FORM_LIVE_ATTRIBUTE)) return;
    if (!welcomeDialogs.includes(form.closest("dialog")?.id ?? "")) return;
    // Not to the page's own address, which would put the password in it.
    event.preventDefault();
    form.setAttribute(FORM_HELD_ATTRIBUTE, "");
  };
  const click = {
    button: null as HTMLButtonElement | null,
    label: "",
    stop: () => {
      document.removeEventListener("click", remember, true);
    },
  };
  document.addEventListener("click", remember, true);
  document.addEventListener("submit", hold, true);
  window.__boot = { ...window.__boot, landingClick: click };
}

function openWelcome(next: string | undefined) {
  let signedInHere = false;
  try {
    signedInHere = localStorage.getItem(SIGNED_IN_HERE_STORAGE_KEY) !== null;
  } catch {
    // No storage: a new visitor (src/lib/auth/deviceMemory.ts).
  }
  window.__boot = { ...window.__boot, welcomeNext: next };
  showDialog(WELCOME_DIALOG_IDS[signedInHere ? "login" : "signUp"]);
}

/** Opens the page's dialog `id` (already open: left so); whether the page has it. */
function showDialog(id: string): boolean {
  const dialog = document.getElementById(id);
  if (!(dialog instanceof HTMLDialogElement)) return false;
  if (!dialog.open) dialog.showModal();
  return true;
}

/** Calls `start` once the visitor reaches for one of the page's controls. */
function whenReachedFor(start: () => void) {
  const reach = (event: Event) => {
    if (!(event.target instanceof Element) || event.target.closest(CONTROLS) === null) return;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, reach, true);
    // After the next frame: a tap's dialog (opened by the browser or by rememberClicks, in the
    // same frame as the touch) is painted before the app's evaluation takes the main thread.
    requestAnimationFrame(() => requestAnimationFrame(start));
  };
  for (const type of INTENT_EVENTS) {
    document.addEventListener(type, reach, { capture: true, passive: true });
  }
}

/**
 * Once the page has loaded and the browser is idle, fetches `urls` into the cache without running
 * them, unless the app has started meanwhile (its own requests then fetch them).
 */
function prefetchWhenIdle(urls: string[]) {
  const prefetch = () => {
    if (document.getElementById(APP_SCRIPT_ID) !== null) return;
    for (const href of urls) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.as = "script";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(prefetch);
    else setTimeout(prefetch);
  };
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

function whenPainted(start: () => void) {
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

function landing(data: BootData) {
  rememberClicks();
  // The Convex session comes with the app: the page's buttons sign in, and a player is signed in.
  const start = () => startApp(data, data.session);
  if (document.documentElement.hasAttribute(RETURNING_PLAYER_ATTRIBUTE)) {
    whenPainted(start);
  } else {
    whenReachedFor(start);
    prefetchWhenIdle([data.entry, ...data.entryImports, ...data.session]);
  }
}

const data = readBootData();
if (location.pathname !== import.meta.env.BASE_URL) otherPath(data);
else landing(data);
