/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Convex deployment's URL, e.g. https://happy-otter-123.convex.cloud (set by `convex dev`). */
  readonly VITE_CONVEX_URL: string;
  /** "true" to log Core Web Vitals to the console; anything else leaves the reporter out. */
  readonly VITE_REPORT_WEB_VITALS?: string;
  /** The game's public address, for the /qr page's code; the page's own origin when unset. */
  readonly VITE_PUBLIC_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
