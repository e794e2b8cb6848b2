/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The Convex deployment's URL, e.g. https://happy-otter-123.convex.cloud (set by `convex dev`). */
  readonly VITE_CONVEX_URL: string;
  /** "true" to log Core Web Vitals (spec §7's metrics reporter); anything else leaves it out. */
  readonly VITE_REPORT_WEB_VITALS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
