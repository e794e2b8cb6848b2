import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "./tests/support/browser.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);

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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `npm run build:e2e && npx vite preview --mode e2e --outDir dist-e2e --port ${port} --strictPort`,
    url: `http://localhost:${port}/__convex_test/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
  },
});
