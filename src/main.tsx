import { ConvexReactClient } from "convex/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { App } from "@/app/App";
import { routes } from "@/app/routes";
import "./index.css";

function render(convex: ConvexReactClient) {
  const router = createBrowserRouter(routes);
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App client={convex} router={router} />
    </StrictMode>,
  );
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
