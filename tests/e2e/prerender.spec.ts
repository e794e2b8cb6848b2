import type { Page } from "@playwright/test";
import { TOKEN_STORAGE_KEY } from "../../src/boot/protocol";
import { consoleProblems, expect, test } from "../../testing/e2e/fixtures";

/** Whether React has taken the page's root (rendered or hydrated it). */
function reactStarted(page: Page) {
  return page
    .locator("#root")
    .evaluate((root) => Object.keys(root).some((key) => key.startsWith("__reactContainer")));
}

test("the landing page paints from the HTML alone, as a visitor's, before any script runs", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Anime Guess" })).toBeVisible();
  // Signed out, complete: the visitor's controls, no spinner anywhere.
  await expect(
    page.getByRole("navigation", { name: "Account" }).getByRole("button", { name: "Login" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Playing" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "View Rankings" })).toBeVisible();
  // Styled by the inlined stylesheet: the heading has its size, not the browser's default.
  const fontSize = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
    return getComputedStyle(heading).fontSize;
  });
  expect(fontSize).toBe("60px");
  await context.close();
});

test("React takes the landing page over without a hydration mismatch", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Start Playing" }).click();
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("another path renders its page over the top bar without an error", async ({ page }) => {
  const problems = consoleProblems(page);
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(1);
  expect(problems).toEqual([]);
});

test("a button clicked before the scripts arrive is acted on once they do", async ({ page }) => {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("button", { name: "How to Play" }).click();
  await expect(page.getByRole("dialog", { name: "How to Play" })).toBeVisible({ timeout: 20_000 });
});

test("a button clicked after React started but before the Convex session arrived is acted on", async ({
  page,
}) => {
  // The landing page hydrates once the Convex session's chunk is there (src/app/providers.tsx);
  // meanwhile React stops clicks on the page, and index.html's script remembers them.
  await page.route("**/assets/ConvexSession-*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  // A pointer over a control starts the app.
  await page.getByRole("link", { name: "View Rankings" }).hover();
  await expect.poll(() => reactStarted(page)).toBe(true);
  await page.getByRole("button", { name: "How to Play" }).click();
  await expect(page.getByRole("dialog", { name: "How to Play" })).toBeVisible({ timeout: 20_000 });
});

test("another path shows the top bar at once and never the landing page's content while its scripts load", async ({
  page,
}) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/leaderboard");
  await expect(page.getByRole("link", { name: "Anime Guess" })).toBeVisible();
  await expect(page.locator("main")).toBeEmpty();
  await expect(page.getByRole("heading", { name: "Daily Challenge" })).toHaveCount(0);
});

test("another path preloads its own page's code from the HTML, and never the landing page's sky", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  // No script but the inline one runs: the preload comes from the HTML itself.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/leaderboard");
  await expect(
    page.locator('head link[rel="modulepreload"][href*="/assets/LeaderboardPage-"]'),
  ).toHaveCount(1);
  expect(requested.some((path) => path.includes("/assets/LeaderboardPage-"))).toBe(true);
  expect(requested.filter((path) => path.includes("landing-sky"))).toEqual([]);
});

test("another path hides the landing page's content and sky even before its script empties them", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  // The HTML without the boot's script after the root (src/boot/start.ts): the page as it is
  // when the parser paints before reaching that script.
  await page.route("**/leaderboard", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script type="application\/json" id="boot-data">[\s\S]*?<\/script>)<script>[\s\S]*?<\/script>/,
      "$1",
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto("/leaderboard");
  await expect(page.getByRole("link", { name: "Anime Guess" })).toBeVisible();
  const landingContent = page.locator("main h2", { hasText: "Daily Challenge" });
  await expect(landingContent).toBeAttached();
  await expect(landingContent).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage)).toBe("none");
  expect(requested.filter((path) => path.includes("landing-sky"))).toEqual([]);
});

/** The image files the body's background shows, once each has loaded. */
async function skyBackdrop(page: Page) {
  return await page.evaluate(async () => {
    const urls = [
      ...getComputedStyle(document.body).backgroundImage.matchAll(/url\("([^"]+)"\)/g),
    ].map(([, url]) => url);
    await Promise.all(
      urls.map(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
      }),
    );
    return urls.map((url) => new URL(url).pathname);
  });
}

test("the landing page shows its sky before its scripts run, and its largest paint is its text", async ({
  page,
}) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/");
  expect(await skyBackdrop(page)).toEqual([expect.stringMatching(/^\/landing-sky-\d+\.webp$/)]);
  // The page's backdrop, not its content: the largest paint is the prerendered text.
  const largest = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
          resolve(entry.element?.tagName ?? "none");
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  expect(["H1", "P", "DIV", "H2", "A", "BUTTON"]).toContain(largest);
});

test("the sky goes when the visitor leaves the landing page in the app", async ({ page }) => {
  await page.goto("/");
  await expect.poll(() => skyBackdrop(page)).toHaveLength(1);
  // Once the app has started (a focus on a control starts it), the link is the router's.
  await page.getByRole("link", { name: "View Rankings" }).focus();
  await expect.poll(() => reactStarted(page)).toBe(true);
  await page.getByRole("link", { name: "View Rankings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  await expect.poll(() => skyBackdrop(page)).toEqual([]);
});

test("without JavaScript the landing page still shows its sky", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
  expect(background).toContain("landing-sky");
  await context.close();
});

test("a visitor's landing page runs no app script until a control is reached for, and has it fetched by then", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  await page.goto("/");
  // Loaded and idle: the app's files are fetched into the cache, none of them run.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .some((entry) => /\/assets\/index-[^/]*\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  await expect(page.locator('link[rel="prefetch"][href*="/assets/index-"]')).toHaveCount(1);
  await page.waitForTimeout(500);
  expect(await page.locator("#app-entry").count()).toBe(0);
  expect(await reactStarted(page)).toBe(false);
  // A keyboard visitor's first Tab focuses a control: the app starts and takes the page over.
  await page.keyboard.press("Tab");
  await expect.poll(() => reactStarted(page)).toBe(true);
  await expect(page.locator("#app-entry")).toHaveCount(1);
  await page.getByRole("button", { name: "Start Playing" }).click();
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a returning player's landing page hides the visitor's controls and starts once the browser has reported its first paint", async ({
  page,
}) => {
  // A stored token (src/boot/protocol.ts) whose session Convex Auth no longer has: once the app
  // has rendered the page anew, the player is a visitor after all.
  await page.addInitScript((key) => localStorage.setItem(key, "stale-token"), TOKEN_STORAGE_KEY);
  // The moment of the first paint, as the browser reports it. Not the moment this observer hears
  // of it: the page's own observer may hear first, and start the app a moment before.
  await page.addInitScript(() => {
    new PerformanceObserver((list, observer) => {
      observer.disconnect();
      (window as Window & { firstPaintAt?: number }).firstPaintAt = Math.min(
        ...list.getEntries().map((entry) => entry.startTime),
      );
    }).observe({ type: "paint", buffered: true });
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  // Not until "load": the app's script, started once the paint is reported, may be added before
  // the page's last file has come, and then holds the load event as long as its request is held.
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Anime Guess" })).toBeVisible();
  // Not theirs: in the page (nothing moves when the app renders), but hidden.
  await expect(page.getByRole("button", { name: "Start Playing" })).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeHidden();
  release();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start Playing" })).toBeVisible();
  const { firstPaintAt, firstScriptAt } = await page.evaluate(() => ({
    firstPaintAt: (window as Window & { firstPaintAt?: number }).firstPaintAt ?? Infinity,
    firstScriptAt: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
        .map((entry) => entry.startTime),
    ),
  }));
  // No download of the app's competes with that paint.
  expect(firstScriptAt).toBeGreaterThanOrEqual(firstPaintAt);
});
