import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousViolations,
  newPlayer,
  screenshotAs,
  test,
  type ServerControl,
} from "../../testing/e2e/fixtures";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

/**
 * The Daily (/daily): one puzzle for everyone each day, played to its share card at the three
 * sizes; everyone's results moving live while a second player plays; the guess history.
 */

const SIZES = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "phone", width: 390, height: 844 },
  { label: "small-phone", width: 320, height: 640 },
] as const;

type Size = (typeof SIZES)[number];

const guessBox = (page: Page) => page.getByRole("combobox", { name: "Your guess" });
const summary = (page: Page) => page.getByTestId("daily-results-summary").first();

async function guess(page: Page, text: string) {
  // As a player sees it: the last guess judged (Submit, spinning meanwhile, is usable again), else
  // Enter would do nothing, as it does for a form whose submit button is disabled.
  await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
  await guessBox(page).fill(text);
  await guessBox(page).press("Escape"); // the suggestions' list closes; Enter then submits
  await guessBox(page).press("Enter");
}

/** A signed-in player's page at `size`; `share`: a device with a share sheet (recorded). */
async function playerAt(browser: Browser, backend: ServerControl, size: Size, share: boolean) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await context.addInitScript((withShare) => {
    const recorded = window as unknown as { shared: string[] };
    recorded.shared = [];
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: withShare
        ? (data: { text: string }) => {
            recorded.shared.push(data.text);
            return Promise.resolve();
          }
        : undefined,
    });
  }, share);
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: "reduce" });
  await backend.signIn(page, newPlayer("daily"));
  return page;
}

for (const size of SIZES) {
  test(`a Daily played to its share card at ${size.width}×${size.height}`, async ({
    browser,
    backend,
  }) => {
    test.slow();
    await backend.seedAnimePool(16);
    const phone = size.label !== "desktop";
    const page = await playerAt(browser, backend, size, phone);

    // The landing page's card leads to it.
    await page.goto("/");
    const card = page.locator("[data-slot=card]").filter({ hasText: "The Daily" });
    await expect(card).toBeVisible();
    // Signed in: the Challenge's card offers Play Now (and the top bar has settled).
    await expect(page.getByRole("link", { name: "Play Now" })).toBeVisible();
    await screenshotAs(page, `landing-${size.label}`, { fullPage: true });
    await card.getByRole("link", { name: "Play today's Daily" }).click();
    await expect(page).toHaveURL(/\/daily$/);
    await expect(page.getByRole("heading", { name: /^Daily #\d+$/ })).toBeVisible();
    await expect(page.getByText("Anime 1 of 5")).toBeVisible();
    await expect(page.getByText(/^Next Daily at .+ your time \(in /)).toBeVisible();
    // On a phone too, the guess box and Submit are in view without scrolling.
    await expect(guessBox(page)).toBeInViewport();
    await expect(page.getByRole("button", { name: "Submit Guess" })).toBeInViewport();

    // The guess history: a wrong guess, a free one, then the right one.
    await guess(page, WRONG_GUESS);
    await expect(page.getByText("Wrong! 4 guesses left on this anime.")).toBeVisible();
    await guess(page, "another world");
    const history = page.getByRole("region", { name: "Your guesses" });
    await expect(history.getByRole("listitem")).toHaveText([
      `${WRONG_GUESS}Wrong`,
      "another worldToo general — not counted",
    ]);
    await expect(page.getByRole("img", { name: /Blurred cover/ })).toHaveAttribute(
      "src",
      /\/cover\/[0-9a-f]{32}\/1$/,
    );
    await expectNoSeriousViolations(page);
    await screenshotAs(page, `daily-playing-${size.label}`, { fullPage: true });
    await guess(page, "Test Show");
    await expect(page.getByText("🟨 Solved with 2 guesses!")).toBeVisible();
    await expect(page.getByText(/^It was Test Show \d+/)).toBeVisible();
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(summary(page)).toHaveText("1 player, 100% solved");
    await expect(page.getByRole("img", { name: /^Cover of Test Show/ })).toHaveAttribute(
      "src",
      /\/clear$/,
    );

    // The rest by keyboard: Next anime, a solve at the first guess, give up, two more.
    const next = page.getByRole("button", { name: "Next anime →" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Anime 2 of 5")).toBeVisible();
    await expect(guessBox(page)).toBeFocused();
    await guessBox(page).fill("Test Show");
    await guessBox(page).press("Escape");
    await page.keyboard.press("Enter");
    await expect(page.getByText("🟩 Solved with 1 guess!")).toBeVisible();
    await next.click();
    await expect(page.getByText("Anime 3 of 5")).toBeVisible();
    await page.getByRole("button", { name: "Give up" }).click();
    await expect(page.getByText("⬛ You gave up on this one.")).toBeVisible();
    await next.click();
    await guess(page, "Test Show");
    await next.click();
    await expect(page.getByText("Anime 5 of 5")).toBeVisible();
    await guess(page, "Test Show");
    await page.getByRole("button", { name: "See your Daily result →" }).click();

    // The share card, its text read back from where it went.
    const text = page.getByTestId("daily-share-text");
    await expect(text).toHaveText(
      /^Anime Guess Daily #\d+ 4\/5\n🟨🟩⬛🟩🟩\nhttp:\/\/localhost:\d+\/daily$/,
    );
    await expect(page.getByText("Streak 1")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Today's anime" }).getByRole("listitem"),
    ).toHaveCount(5);
    await expectNoSeriousViolations(page);
    await screenshotAs(page, `daily-finished-${size.label}`, { fullPage: true });
    if (phone) {
      await page.getByRole("button", { name: "Share…" }).click();
      const shared = await page.evaluate(() => (window as unknown as { shared: string[] }).shared);
      expect(shared).toEqual([await text.textContent()]);
    } else {
      await expect(page.getByRole("button", { name: "Share…" })).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Copied! Paste it anywhere.")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await text.textContent());
    // Nothing of the share names or describes an anime.
    expect(copied).not.toMatch(/Test Show|Tesuto|File \d|cover/i);

    // A reload opens on the result.
    await page.reload();
    await expect(page.getByTestId("daily-share-text")).toHaveText(copied);
    await page.context().close();
  });
}

test("everyone's results move live while a second player plays", async ({ browser, backend }) => {
  test.slow();
  await backend.seedAnimePool(16);
  const first = await playerAt(browser, backend, SIZES[0], false);
  const second = await playerAt(browser, backend, SIZES[1], false);
  await first.goto("/daily");
  await expect(first.getByText("Anime 1 of 5")).toBeVisible();
  await first.getByRole("button", { name: "Give up" }).click();
  await expect(summary(first)).toHaveText("1 player, 0% solved");

  // The same Daily, the same first anime: the same clue, its own cover address.
  await second.goto("/daily");
  await expect(second.getByText("Anime 1 of 5")).toBeVisible();
  const clue = (page: Page) => page.getByRole("region", { name: "Clue" }).locator("p");
  await expect(clue(second)).toHaveText((await clue(first).textContent())!);
  await guess(second, WRONG_GUESS);
  await guess(second, "Test Show");
  await expect(summary(second)).toHaveText("2 players, 50% solved");
  // The first player's page follows, without a reload.
  await expect(summary(first)).toHaveText("2 players, 50% solved");
  const bars = first.getByRole("list", { name: "Guesses it took" });
  await expect(bars.getByRole("listitem").nth(1)).toContainText("1");
  await screenshotAs(first, "daily-results-live-desktop", { fullPage: true });
  await first.context().close();
  await second.context().close();
});
