import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "@/app/App";
import { loadConvexSession, type ConvexSessionComponent } from "@/app/convexSessionChunk";
import type { ClientSource } from "@/app/providers";
import { routes } from "@/app/routes";
import { importWithReload } from "@/lib/lazyWithReload";
import { prepareClassMerging } from "@/lib/utils";
import { RETURNING_PLAYER_ATTRIBUTE } from "@/boot/protocol";
import { loadCredentialsForm } from "@/features/landing/loadCredentialsForm";
import "./index.css";

function isLandingPage() {
  return window.location.pathname === import.meta.env.BASE_URL;
}

/**
 * The landing page as prerendered (a visitor's) is hydrated when it is a visitor's: no stored
 * token (src/boot/head.ts marks a returning player's page).
 */
function isVisitorsLandingPage() {
  return (
    isLandingPage() &&
    !document.documentElement.hasAttribute(RETURNING_PLAYER_ATTRIBUTE) &&
    document.getElementById("root")!.hasChildNodes()
  );
}

function render(client: ClientSource, session?: ConvexSessionComponent) {
  const router = createBrowserRouter(routes);
  const container = document.getElementById("root")!;
  // The built index.html carries the landing page's HTML as a visitor sees it (scripts/prerender):
  // React takes it over, the viewer signed out from the start (as prerendered). In a transition,
  // hydration yields to the browser between components, so the page already painted (its sky
  // included) keeps painting and scrolling meanwhile. It completes once the Convex chunk has
  // arrived (src/app/providers.tsx); a button clicked before then is clicked again at that point.
  // A returning player's landing page, whose prerendered controls are not theirs, and other paths
  // (which keep only the top bar of that HTML, src/boot/start.ts) are replaced by a fresh render.
  if (isVisitorsLandingPage()) {
    const app = (
      <StrictMode>
        <App client={client} router={router} visitor onReady={replayLandingClick} />
      </StrictMode>
    );
    // With the landing's account forms' code in first (a chunk of its own, out of the page's first
    // JavaScript): hydrated with the page, they keep what a visitor typed before React came; left
    // to hydrate later, the page's first update would render them anew, empty.
    const hydrate = () => startTransition(() => void hydrateRoot(container, app));
    loadCredentialsForm().then(hydrate, hydrate);
  } else {
    // Once the page's own code (a lazy route) is in, so that the first render replaces what the
    // HTML shows (the top bar; on /game the round the boot painted, src/boot/game.ts) with the
    // page, never with the loading screen. In a transition too: the first render yields to the browser as it goes.
    whenInitialized(router, () => {
      startTransition(() => {
        createRoot(container).render(
          <StrictMode>
            <App
              client={client}
              router={router}
              session={session}
              onReady={isLandingPage() ? replayLandingClick : undefined}
            />
          </StrictMode>,
        );
      });
    });
  }
}

function whenInitialized(router: ReturnType<typeof createBrowserRouter>, then: () => void) {
  if (router.state.initialized) {
    then();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    then();
  });
}

/**
 * Clicks again what the visitor clicked while the page waited for its scripts (src/boot/start.ts),
 * and shows a returning player's controls (src/boot/head.ts hid the prerendered ones).
 */
function replayLandingClick() {
  document.documentElement.removeAttribute(RETURNING_PLAYER_ATTRIBUTE);
  const click = window.__boot?.landingClick;
  if (click === undefined) return;
  click.stop();
  window.__boot = { ...window.__boot, landingClick: undefined };
  // No button remembered (the landing page's dialogs open without React): nothing to click.
  if (click.button === null) return;
  // After the commit that took the page over, so React handles the click as any other. A page
  // rendered anew (a returning player's) has the same button under the same text.
  setTimeout(() => {
    const button = click.button?.isConnected
      ? click.button
      : [...document.querySelectorAll("#root button")].find(
          (candidate) => candidate.textContent === click.label,
        );
    // A dialog's button whose dialog has closed meanwhile was handled by React already.
    if (button instanceof HTMLButtonElement && button.closest("dialog")?.open !== false) {
      button.click();
    }
  });
}

// Convex's client is not in this chunk: it loads beside it, and the pages wait for it inside
// src/app/providers.tsx. The e2e build runs the real Convex functions in the preview server (see
// testing/e2e); Vite fixes MODE at build time, so production bundles contain neither branch's
// test code.
const client =
  import.meta.env.MODE === "e2e"
    ? importWithReload(() => import("@testing/e2e/browserClient")).then((module) =>
        module.createE2eClient(),
      )
    : importWithReload(() => import("@/app/convexClient")).then((module) =>
        module.createConvexClient(),
      );
// Each in a task of its own, after this chunk's evaluation: on a slow phone the three together
// blocked the page (and a tap on it) for the longest stretch of its load.
setTimeout(prepareClassMerging);
if (isVisitorsLandingPage()) {
  setTimeout(() => render(client));
} else {
  // Nothing of these pages shows before Convex does: render once the session is there (the
  // HTML preloads its chunk beside this one), so that it mounts at once (src/app/providers.tsx).
  // A failure is left for the session's boundary to meet as before.
  Promise.all([client, loadConvexSession()]).then(
    ([resolved, session]) => render(resolved, session.default),
    () => render(client),
  );
}

// Vite replaces the setting at build time, so without it the reporter is not even bundled.
if (import.meta.env.VITE_REPORT_WEB_VITALS === "true") {
  void import("@/lib/reportWebVitals").then(({ reportWebVitals }) => reportWebVitals());
}
