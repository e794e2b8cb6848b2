import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "./testing/e2e/browser.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);
/** `npm run preview:offline`'s own server, for its spec: the e2e build, with its sample pool. */
// A thousand above, so that runs on neighbouring E2E_PORTs never share a server.
const offlinePort = port + 1000;
const offlineSpec = /offline-preview\.spec\.ts$/;

/**
 * Browser tests run the production build in e2e mode: the real React app,
 * whose Convex client talks to the project's real functions run by
 * convex-test inside the preview server. Chromium comes from the machine
 * (Debian's /usr/bin/chromium, or CHROMIUM_PATH); set PLAYWRIGHT_BUNDLED=1 to
 * use a browser installed with `npx playwright install chromium` instead.
 */

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: offlineSpec,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "offline-preview",
      testMatch: offlineSpec,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: `http://localhost:${offlinePort}`,
      },
    },
  ],
  // One after the other: the first builds dist-e2e/, which the offline preview then finds fresh.
  webServer: [
    {
      command: `npm run build:e2e && npx vite preview --mode e2e --outDir dist-e2e --port ${port} --strictPort`,
      url: `http://localhost:${port}/__convex_test/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
    },
    {
      command: `node scripts/preview-offline.mjs --port ${offlinePort}`,
      url: `http://localhost:${offlinePort}/__convex_test/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: "pipe",
    },
  ],
});
