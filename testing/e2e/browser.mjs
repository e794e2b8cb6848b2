// What every browser run here shares: Playwright's tests and the Lighthouse benchmark.

/** The machine's Chromium (never a download), unless PLAYWRIGHT_BUNDLED asks for Playwright's own. */
export const chromiumExecutablePath = process.env.PLAYWRIGHT_BUNDLED
  ? undefined
  : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");

/** Headless-friendly flags; without the networking ones Chromium keeps calling home on a closed network. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
