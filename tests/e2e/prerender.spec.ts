import { expect, test } from "./fixtures";

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
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/");
  await page.getByRole("button", { name: "Start Playing" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome Back!" })).toBeVisible();
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

test("another path never shows the landing page's HTML while its scripts load", async ({
  page,
}) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/leaderboard");
  await expect(page.locator("#root")).toBeEmpty();
});

test("another path preloads its own page's code from the HTML, and never the landing page's hero", async ({
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

test("the landing page shows its hero image before its scripts run", async ({ page }) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/");
  // Preloaded from the head, on "/" only (another path's test above checks that it never is).
  await expect(
    page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]'),
  ).toHaveCount(1);
  const hero = page.locator("#root img").first();
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain("landing-sky");
});

test("without JavaScript the landing page still shows its hero image", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const loaded = () =>
    page
      .locator("#root img")
      .evaluateAll((images: HTMLImageElement[]) =>
        images
          .filter((img) => img.complete && img.naturalWidth > 0 && img.offsetWidth > 0)
          .map((img) => img.currentSrc),
      );
  await expect.poll(loaded).toEqual([expect.stringContaining("landing-sky")]);
  await context.close();
});
