/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Convex deployment's URL, e.g. https://happy-otter-123.convex.cloud (set by `convex dev`). */
  readonly VITE_CONVEX_URL: string;
  /**
   * The deployment's HTTP actions (the covers), e.g. https://happy-otter-123.convex.site or a custom
   * domain (written by the Convex CLI beside VITE_CONVEX_URL). When unset, guessed from
   * VITE_CONVEX_URL, which only works for Convex's own hosts (src/lib/convexSite.ts).
   */
  readonly VITE_CONVEX_SITE_URL?: string;
  /** "true" to log Core Web Vitals to the console; anything else leaves the reporter out. */
  readonly VITE_REPORT_WEB_VITALS?: string;
  /** The game's public address, for the /qr page's code; the page's own origin when unset. */
  readonly VITE_PUBLIC_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
