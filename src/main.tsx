import { ConvexReactClient } from "convex/react";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "@/app/App";
import { routes } from "@/app/routes";
import "./index.css";

function render(convex: ConvexReactClient) {
  const router = createBrowserRouter(routes);
  const container = document.getElementById("root")!;
  const app = (
    <StrictMode>
      <App client={convex} router={router} />
    </StrictMode>
  );
  // The built index.html carries the landing page's HTML (scripts/prerender): React takes it over.
  // In a transition, hydration yields to the browser between components, so the page already
  // painted (the hero image included) keeps painting and scrolling meanwhile; an early click
  // makes React hydrate at once what it needs.
  if (container.hasChildNodes()) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
    replayEarlyClick();
  } else {
    createRoot(container).render(app);
  }
}

declare global {
  interface Window {
    /** Set by index.html's inline script: the button last clicked before this script ran. */
    __landingEarlyClick?: { button: HTMLButtonElement | null; stop: () => void };
  }
}

/** Clicks again what the visitor clicked while the page waited for its scripts. */
function replayEarlyClick() {
  const early = window.__landingEarlyClick;
  if (early === undefined) return;
  early.stop();
  // React hydrates the page at once to handle this click, so nothing clicked is lost.
  if (early.button?.isConnected) early.button.click();
}

// The e2e build runs the real Convex functions in the preview server (see src/testing/e2e).
// Vite fixes MODE at build time, so production bundles contain neither branch's test code.
if (import.meta.env.MODE === "e2e") {
  void import("@/testing/e2e/browserClient").then(({ createE2eClient }) =>
    render(createE2eClient()),
  );
} else {
  render(new ConvexReactClient(import.meta.env.VITE_CONVEX_URL));
}

// Vite replaces the setting at build time, so without it the reporter is not even bundled.
if (import.meta.env.VITE_REPORT_WEB_VITALS === "true") {
  void import("@/lib/reportWebVitals").then(({ reportWebVitals }) => reportWebVitals());
}
