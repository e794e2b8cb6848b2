import type { ConvexReactClient } from "convex/react";
import { ConvexTestClient } from "../client/ConvexTestClient";
import { HttpBackend } from "./httpBackend";
import { E2E_BASE_PATH } from "./protocol";

export const OFFLINE_BANNER_TEXT = "Offline preview: data lives in memory and is lost on restart";

/** The app's Convex client in the e2e build: the real functions, run by convex-test in the preview server. */
export function createE2eClient(): ConvexReactClient {
  const address = `${window.location.origin}${E2E_BASE_PATH}`;
  void showBannerIfOffline(address);
  return new ConvexTestClient(new HttpBackend(address), address).asReactClient();
}

/**
 * `npm run preview:offline` serves this same build; its server says so on the health route, and
 * the page then says where its data lives. Outside the React tree, above it: no screen changes,
 * and only e2e builds carry this module at all.
 */
async function showBannerIfOffline(address: string): Promise<void> {
  try {
    const response = await fetch(`${address}/health`);
    const health = (await response.json()) as { preview?: string };
    if (health.preview !== "offline") return;
  } catch {
    return;
  }
  const banner = document.createElement("aside");
  banner.setAttribute("aria-label", "Offline preview");
  banner.className =
    "border-b border-amber-400/40 bg-amber-400/15 px-4 py-1.5 text-center text-sm text-amber-100";
  banner.textContent = OFFLINE_BANNER_TEXT;
  document.body.prepend(banner);
}
