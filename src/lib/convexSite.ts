/**
 * The origin of the Convex deployment's HTTP actions (where the covers are served): its site URL
 * when the build has one (VITE_CONVEX_SITE_URL, which the Convex CLI writes beside
 * VITE_CONVEX_URL: a custom domain's when the deployment has one); otherwise guessed from the
 * deployment's URL, which holds for Convex's own hosts only (`.convex.cloud` → `.convex.site`,
 * a local backend's next port); null with neither. Free of imports: the build reads it in Node
 * (scripts/prerender).
 */
export function convexSiteOrigin(
  convexUrl: string | undefined,
  siteUrl: string | undefined,
): string | null {
  if (siteUrl) return new URL(siteUrl).origin;
  if (!convexUrl) return null;
  const url = new URL(convexUrl);
  if (url.hostname.endsWith(".convex.cloud")) {
    url.hostname = url.hostname.replace(/\.convex\.cloud$/, ".convex.site");
  } else if (url.port !== "") {
    // A local deployment serves HTTP actions on the port after its API's (3210 → 3211).
    url.port = String(Number(url.port) + 1);
  }
  return url.origin;
}
