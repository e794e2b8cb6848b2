import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

/** The Convex half of `npm run bench`: kept out of `npm test`, whose projects never include it. */
export default defineConfig({
  root,
  resolve: {
    alias: {
      "@": path.join(root, "src"),
      "@convex": path.join(root, "convex"),
    },
  },
  test: {
    include: ["scripts/bench/**/*.bench.ts"],
    environment: "node",
    setupFiles: ["./testing/convex/env.ts"],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
