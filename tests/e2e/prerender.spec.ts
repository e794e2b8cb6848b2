import type { Page } from "@playwright/test";
import { consoleProblems, expect, test } from "../../testing/e2e/fixtures";

test("the landing page paints from the HTML alone, before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Anime Guess" })).toBeVisible();
  // Signed-out-or-loading: the top bar's spinner and the Daily Challenge button's.
  await expect(
    page.getByRole("navigation", { name: "Account" }).getByRole("status", { name: "Loading" }),
  ).toBeVisible();
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
  await expect(page.getByRole("dialog", { name: "Welcome Back!" })).toBeVisible();
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
  await expect
    .poll(() =>
      page
        .locator("#root")
        .evaluate((root) => Object.keys(root).some((key) => key.startsWith("__reactContainer"))),
    )
    .toBe(true);
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

test("on the landing page the scripts start only once the browser has reported its first paint", async ({
  page,
}) => {
  // Observed before the page's own script observes it: the moment the paint is reported.
  await page.addInitScript(() => {
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      (window as Window & { paintReportedAt?: number }).paintReportedAt = performance.now();
    }).observe({ type: "paint", buffered: true });
  });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "How to Play" })).toBeEnabled();
  const { paintReportedAt, firstScriptAt } = await page.evaluate(() => ({
    paintReportedAt: (window as Window & { paintReportedAt?: number }).paintReportedAt ?? Infinity,
    firstScriptAt: Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/"))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(firstScriptAt).toBeGreaterThanOrEqual(paintReportedAt);
});
