/// <reference types="vitest/config" />
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { prerenderLanding } from "./scripts/prerender/vitePlugin";
import { e2eTestBackend } from "./src/testing/e2e/vitePlugin";

const alias = {
  "@": path.resolve(import.meta.dirname, "./src"),
  "@convex": path.resolve(import.meta.dirname, "./convex"),
};

export default defineConfig({
  plugins: [react(), tailwindcss(), e2eTestBackend(), prerenderLanding()],
  resolve: { alias },
  // dist/.vite/manifest.json maps each route's module to its chunks, for `npm run bench`.
  build: { manifest: true },
  test: {
    // Tests run the real Convex functions (Convex Auth hashes passwords with scrypt): seconds, not ms.
    testTimeout: 30_000,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: "convex",
          environment: "node",
          include: ["convex/**/*.test.ts"],
          setupFiles: ["./src/testing/convexEnv.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "app",
          environment: "jsdom",
          globals: true,
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/testing/convexEnv.ts", "./src/testing/domSetup.ts"],
        },
      },
    ],
  },
});
