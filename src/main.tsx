import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "@/app/App";
import type { ClientSource } from "@/app/providers";
import { routes } from "@/app/routes";
import { importWithReload } from "@/lib/lazyWithReload";
import { prepareClassMerging } from "@/lib/utils";
import "./index.css";

function render(client: ClientSource) {
  const router = createBrowserRouter(routes);
  const container = document.getElementById("root")!;
  // The built index.html carries the landing page's HTML (scripts/prerender): React takes it over.
  // In a transition, hydration yields to the browser between components, so the page already
  // painted (the hero image included) keeps painting and scrolling meanwhile. It completes once
  // the Convex chunk has arrived (src/app/providers.tsx); a button clicked before then is
  // clicked again at that point.
  if (container.hasChildNodes()) {
    const app = (
      <StrictMode>
        <App client={client} router={router} onReady={replayEarlyClick} />
      </StrictMode>
    );
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(
      <StrictMode>
        <App client={client} router={router} />
      </StrictMode>,
    );
  }
}

declare global {
  interface Window {
    /** Set by index.html's inline script: the button last clicked before React took the page. */
    __landingEarlyClick?: { button: HTMLButtonElement | null; stop: () => void };
  }
}

/** Clicks again what the visitor clicked while the page waited for its scripts. */
function replayEarlyClick() {
  const early = window.__landingEarlyClick;
  if (early === undefined) return;
  early.stop();
  window.__landingEarlyClick = undefined;
  // After the commit that hydrated the page, so React handles the click as any other.
  setTimeout(() => {
    if (early.button?.isConnected) early.button.click();
  });
}

// Convex's client is not in this chunk: it loads beside it, and the pages wait for it inside
// src/app/providers.tsx. The e2e build runs the real Convex functions in the preview server (see
// src/testing/e2e); Vite fixes MODE at build time, so production bundles contain neither branch's
// test code.
const client =
  import.meta.env.MODE === "e2e"
    ? importWithReload(() => import("@/testing/e2e/browserClient")).then((module) =>
        module.createE2eClient(),
      )
    : importWithReload(() => import("@/app/convexClient")).then((module) =>
        module.createConvexClient(),
      );
// Each in a task of its own, after this chunk's evaluation: on a slow phone the three together
// blocked the page (and a tap on it) for the longest stretch of its load.
setTimeout(prepareClassMerging);
setTimeout(() => render(client));

// Vite replaces the setting at build time, so without it the reporter is not even bundled.
if (import.meta.env.VITE_REPORT_WEB_VITALS === "true") {
  void import("@/lib/reportWebVitals").then(({ reportWebVitals }) => reportWebVitals());
}
