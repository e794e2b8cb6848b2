import { expect, newPlayer, SCREENS_DIR, test } from "../../testing/e2e/fixtures";

/** Every page, as an admin and beta tester sees it (the fullest top bar), on a 320 px phone. */
const pages = [
  { path: "/", ready: { name: "Anime Guess", level: 1 } },
  { path: "/game", ready: { name: "Clue" } },
  { path: "/leaderboard", ready: { name: "Leaderboard", level: 1 } },
  { path: "/admin", ready: { name: "Beta Feedback Dashboard", level: 1 } },
  { path: "/make-admin", ready: undefined },
  { path: "/qr", ready: undefined },
  { path: "/me", ready: { name: "Your stats", level: 1 } },
  { path: "/no-such-page", ready: undefined },
] as const;

test("at 320 px, no page scrolls sideways and the top bar fits", async ({ page, backend }) => {
  test.slow();
  await backend.seedAnimePool(4);
  await page.setViewportSize({ width: 320, height: 640 });
  const player = await backend.signIn(page, newPlayer("narrow"));
  await backend.makeAdmin(player.email);
  await backend.makeBetaTester(player.email);
  for (const { path, ready } of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    if (ready) await expect(page.getByRole("heading", ready)).toBeVisible();
    else await expect(page.getByRole("main")).toBeVisible();
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    const widest = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("body *"))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 3)
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
    );
    expect(overflow, `${path} scrolls sideways: ${widest.join(" | ")}`).toBe(0);
    // Every control of the top bar keeps clear of the screen's edges.
    for (const control of await page.getByRole("banner").getByRole("button").all()) {
      const box = await control.boundingBox();
      if (box === null) continue;
      expect(box.x, `${path}: ${await control.getAttribute("aria-label")}`).toBeGreaterThanOrEqual(
        8,
      );
      expect(
        box.x + box.width,
        `${path}: ${await control.getAttribute("aria-label")}`,
      ).toBeLessThanOrEqual(312);
    }
    if (path === "/game") {
      // The score pill keeps to one line beside the title (32 px tall; two lines are 52).
      const score = await page.getByText(/^Score: /).boundingBox();
      expect(score?.height, "/game: the score on one line").toBeLessThan(40);
    }
    const name = path === "/" ? "home" : path.slice(1);
    await page.screenshot({
      path: `${SCREENS_DIR}/narrow-320-${name}.png`,
      fullPage: true,
    });
  }
});
