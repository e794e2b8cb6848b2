import { convexSiteOrigin } from "./convexSite";

/**
 * Where a round's cover is served from: the Convex deployment's HTTP actions (its site URL, see
 * convexSite.ts), or the e2e test server in that build.
 */
export function coverUrl(path: string): string {
  if (import.meta.env.MODE === "e2e") return `/__convex_test${path}`;
  const origin = convexSiteOrigin(
    import.meta.env.VITE_CONVEX_URL,
    import.meta.env.VITE_CONVEX_SITE_URL,
  );
  return origin === null ? path : `${origin}${path}`;
}
