import { convexSiteOrigin } from "../../src/lib/convexSite.ts";

/** The Convex deployment's origins as the build knows them. */
export type ConvexOrigins = {
  /** The API's: the client's WebSocket, the boot's game:open call. */
  deployment: string;
  /** The HTTP actions': the covers (null if unknown). */
  site: string | null;
};

/**
 * The deployment's origins, from its URL as the app's client has it and VITE_CONVEX_SITE_URL;
 * null for a deployment on the page's own origin (a path: the e2e build), which needs no
 * connection of its own.
 */
export function convexOrigins(
  convexUrl: string,
  siteUrl: string | undefined,
): ConvexOrigins | null {
  if (!/^https?:\/\//.test(convexUrl)) return null;
  return { deployment: new URL(convexUrl).origin, site: convexSiteOrigin(convexUrl, siteUrl) };
}

/**
 * index.html's preconnect to the deployment, built in (no script: the browser's preload scanner
 * sees it with the first bytes). Every page talks to the deployment; on /game the boot's
 * game:open call (src/boot/openCall.ts) is the first request, a cross-origin fetch without
 * credentials, which uses the connections of a `crossorigin` (anonymous) preconnect. The site
 * host is preconnected by the /game boot script only (src/boot/game.ts): no other page shows a
 * cover.
 */
export function preconnectLink(origins: ConvexOrigins): string {
  return `<link rel="preconnect" href="${origins.deployment}" crossorigin>`;
}
