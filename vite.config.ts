/// <reference types="vitest/config" />
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { prerenderLanding } from "./scripts/prerender/vitePlugin.ts";
import { e2eTestBackend } from "./testing/e2e/vitePlugin.ts";

const alias = {
  "@": path.resolve(import.meta.dirname, "./src"),
  "@convex": path.resolve(import.meta.dirname, "./convex"),
  "@testing": path.resolve(import.meta.dirname, "./testing"),
};

export default defineConfig({
  plugins: [react(), tailwindcss(), e2eTestBackend(), prerenderLanding()],
  resolve: { alias },
  build: {
    // dist/.vite/manifest.json maps each route's module to its chunks, for `npm run bench`.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: Rolldown's default gave /game some twenty small ones, and a
        // phone on HTTP/1.1 fetches six at a time, a round trip each, while the entry waits
        // for its share of the bandwidth. Everything the entry imports goes into the entry's
        // chunk; the code lazy pages share goes into chunks by the set of pages that use it,
        // and a set's code under 3 kB joins its nearest neighbour's (a few bytes more for
        // some pages, measured by `npm run bench`).
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 2 },
            {
              name: "shared",
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
              priority: 1,
            },
          ],
        },
        // A shared chunk's name lists the pages that use it; the hash names it well enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("shared~") ? "assets/shared-[hash].js" : "assets/[name]-[hash].js",
      },
    },
  },
  test: {
    // Tests run the real Convex functions: on a busy machine a test can take seconds.
    testTimeout: 30_000,
    // Processed by Vite, not loaded by Node, so that testing/convex/cheapPasswordHash.ts reaches its
    // import of Lucia's (slow) Scrypt.
    server: { deps: { inline: ["@convex-dev/auth"] } },
    // Only failures are printed, in full, and the summary. Unlike the reporter's own default, a
    // passing test's console output is still shown: a quiet run is one that logs nothing.
    reporters: [["minimal", { silent: false }]],
    // Vitest's default leaves a core free (one worker on a 2-core machine): the test files are
    // independent and CPU-bound, so use them all.
    maxWorkers: "100%",
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: "convex",
          environment: "node",
          // The backend's tests, and the harness's own (the test client on the real functions).
          include: ["convex/**/*.test.ts", "testing/**/*.test.ts"],
          // The backend tests share no module state that matters (each makes its own backend,
          // globals are unstubbed after each test): one module graph per worker saves loading
          // convex-test and the functions again for every file.
          isolate: false,
          setupFiles: ["./testing/convex/env.ts", "./testing/convex/cheapPasswordHash.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "scripts",
          environment: "node",
          include: ["scripts/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          globals: true,
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: [
            "./testing/convex/env.ts",
            "./testing/convex/cheapPasswordHash.ts",
            "./testing/client/domSetup.ts",
          ],
        },
      },
    ],
  },
});
