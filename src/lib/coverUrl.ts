/**
 * Where a round's cover is served from: the Convex deployment's HTTP actions (its `.convex.site`
 * host, or the local backend's next port), or the e2e test server in that build.
 */
export function coverUrl(path: string): string {
  if (import.meta.env.MODE === "e2e") return `/__convex_test${path}`;
  const convexUrl = import.meta.env.VITE_CONVEX_URL as string | undefined;
  if (!convexUrl) return path;
  const url = new URL(convexUrl);
  if (url.hostname.endsWith(".convex.cloud")) {
    url.hostname = url.hostname.replace(/\.convex\.cloud$/, ".convex.site");
  } else if (url.port !== "") {
    // A local deployment serves HTTP actions on the port after its API's (3210 → 3211).
    url.port = String(Number(url.port) + 1);
  }
  return `${url.origin}${path}`;
}
