/// <reference types="vitest/config" />
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { e2eTestBackend } from "./src/testing/e2e/vitePlugin";

const alias = {
  "@": path.resolve(import.meta.dirname, "./src"),
  "@convex": path.resolve(import.meta.dirname, "./convex"),
};

export default defineConfig({
  plugins: [react(), tailwindcss(), e2eTestBackend()],
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "convex",
          environment: "node",
          include: ["convex/**/*.test.ts"],
          setupFiles: ["./src/testing/convexEnv.ts"],
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
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
