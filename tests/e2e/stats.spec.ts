import type { Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, screenshots, test } from "../../testing/e2e/fixtures";
import { advanceBothClocks, guessBox, openGame, pageOnServerClock } from "./gameScreen";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

/**
 * The stats strip, /me, Share today and the guess box's suggestions; and the
 * midnight reset on the game screen.
 */

const DAY_MS = 86_400_000;

const strip = (page: Page) => page.getByRole("region", { name: "Your streak and today" });

/** Every seeded anime accepts "Test Show": a right guess without knowing which was dealt. */
async function solve(page: Page) {
  await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
  await guessBox(page).fill("Test Show");
  await guessBox(page).press("Escape");
  await guessBox(page).press("Enter");
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
}

test.describe("streak, stats and sharing", () => {
  test("a solve shows on the strip; Share today copies the spoiler-free text", async ({
    page,
    context,
    backend,
  }) => {
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.emulateMedia({ reducedMotion: "reduce" }); // no confetti in the screenshots
    await openGame(page, backend);
    await expect(strip(page)).toContainText("Streak: 0 days");
    await solve(page);
    await page.getByRole("button", { name: "Next Anime →" }).click();
    await guessBox(page).fill(WRONG_GUESS);
    await guessBox(page).press("Escape");
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(strip(page)).toContainText("Streak: 1 day");
    await expect(strip(page)).toContainText("Today: 1 solved");
    await screenshots(page, "game-stats-strip", { fullPage: true });

    await strip(page).getByRole("button", { name: "Share today" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page);
    await screenshots(page, "share");
    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Copied!")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(
      /^Anime Guess · \d{1,2} [A-Z][a-z]{2} · 1 solved · 150 pts · 🔥 1\n🟩⬜\nhttp:\/\/localhost:\d+$/,
    );
    expect(copied).toBe(await dialog.getByLabel("Your result").textContent());
    // Nothing names or describes the anime.
    expect(copied).not.toMatch(/Test Show|Tesuto|File \d|cover/i);
  });

  test("/me shows the streak, today, first-try solves, accuracy and the last 7 days", async ({
    page,
    backend,
  }) => {
    await openGame(page, backend);
    await solve(page);
    await page.getByRole("link", { name: "Your stats" }).first().click();
    await expect(page.getByRole("heading", { name: "Your stats", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Your stats · Anime Guess");
    await expect(page.getByText("Current streak")).toBeVisible();
    await expect(page.getByRole("definition").nth(1)).toHaveText("1");
    await expect(page.getByRole("definition").nth(2)).toHaveText("100 %");
    await expect(
      page.getByRole("list", { name: "Anime solved per day" }).getByRole("listitem"),
    ).toHaveCount(7);
    await expectNoSeriousViolations(page);
    await screenshots(page, "me", { fullPage: true });
  });
});

test.describe("the guess box's suggestions", () => {
  test("arrows and Enter pick a title, which Submit then sends; axe-clean while open", async ({
    page,
    backend,
  }) => {
    test.slow();
    await openGame(page, backend);
    const list = page.getByRole("listbox", { name: "Suggested titles" });
    // One character suggests nothing: titles start from the second.
    await guessBox(page).pressSequentially("t", { delay: 30 });
    await expect(guessBox(page)).toHaveAttribute("aria-expanded", "false");
    await guessBox(page).pressSequentially("es", { delay: 30 });
    await expect(list).toBeVisible();
    await expect(guessBox(page)).toHaveAttribute("aria-expanded", "true");
    await expect(list.getByRole("option")).toHaveCount(8);
    // The pool's own titles only (never the shorter "Test Show" the judge also accepts).
    await expect(list.getByRole("option").first()).toHaveText("Test Show 1");
    await expectNoSeriousViolations(page);
    await screenshots(page, "typeahead-open");

    await guessBox(page).press("ArrowDown");
    await guessBox(page).press("ArrowDown");
    const second = list.getByRole("option", { name: "Test Show 2", exact: true });
    await expect(second).toHaveAttribute("aria-selected", "true");
    await expect(guessBox(page)).toHaveAttribute(
      "aria-activedescendant",
      (await second.getAttribute("id"))!,
    );
    await guessBox(page).press("ArrowUp");
    await guessBox(page).press("Enter");
    await expect(guessBox(page)).toHaveValue("Test Show 1");
    await expect(list).toBeHidden();
    // Picking did not send it: every guess is still left.
    await expect(page.getByText("Anime Guesses: 5/5")).toBeVisible();
    // The next keystroke opens the list again, and Escape closes it.
    await guessBox(page).press("Backspace");
    await expect(list).toBeVisible();
    await guessBox(page).press("Escape");
    await expect(list).toBeHidden();
    await guessBox(page).pressSequentially("1");
    await guessBox(page).press("Escape");
    await expect(guessBox(page)).toHaveValue("Test Show 1");
    await guessBox(page).press("Enter");
    // Right or wrong, the guess was sent.
    await expect(page.getByText(/^(Correct! You got it!|Anime Guesses: 4\/5)$/)).toBeVisible();
  });

  test("on a phone, a tap picks a title", async ({ browser, backend }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await openGame(page, backend);
    await guessBox(page).tap();
    await guessBox(page).pressSequentially("tesuto", { delay: 30 });
    const option = page.getByRole("option", { name: "Tesuto Shou 3" });
    await expect(option).toBeVisible();
    await option.tap();
    await expect(guessBox(page)).toHaveValue("Tesuto Shou 3");
    await expect(page.getByRole("listbox", { name: "Suggested titles" })).toBeHidden();
    await expect(page.getByText("Anime Guesses: 5/5")).toBeVisible();
    await page.getByRole("button", { name: "Submit Guess" }).tap();
    // Right or wrong, the guess was sent: one of the anime's guesses is spent.
    await expect(page.getByText("Anime Guesses: 4/5")).toBeVisible();
    await context.close();
  });
});

test.describe("the midnight reset", () => {
  test.use({ timezoneId: "UTC" });

  test("New day!, a new anime, the half-typed guess kept, the old one's answer not called a skip", async ({
    page,
    backend,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    // A minute before midnight, before signing in: a session does not outlive a jump of hours.
    const { now } = await backend.advanceClock(0);
    await backend.advanceClock(Math.ceil(now / DAY_MS) * DAY_MS - now - 60_000);
    await pageOnServerClock(page, backend);
    await openGame(page, backend);
    const clue = page.getByText(/^File \d+\./);
    const shown = Number(/^File (\d+)\./.exec((await clue.textContent())!)![1]);
    await guessBox(page).fill("Half typ");
    await guessBox(page).press("Escape");

    // The page asks for the reset at midnight by its clock: the server's, moved on together.
    await advanceBothClocks(page, backend, 61_000);

    await expect(page.getByText("New day! Your guesses are back.")).toBeVisible();
    await expect(clue).not.toContainText(`File ${shown}.`);
    await expect(page.getByRole("region", { name: "Unfinished at midnight" })).toContainText(
      `It was Test Show ${shown}`,
    );
    await expect(page.getByRole("region", { name: "Previous anime" })).toHaveCount(0);
    await expect(guessBox(page)).toHaveValue("Half typ");
    await screenshots(page, "game-midnight");
  });
});
