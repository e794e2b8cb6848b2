import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousViolations,
  screenshots,
  test,
  type ServerControl,
} from "../../testing/e2e/fixtures";
import { testUser } from "../../testing/fixtures/users";

/** Players who have been at it a while, their profiles (and all-time points) put straight in. */
async function seedVeterans(backend: ServerControl) {
  await backend.seed(
    "users",
    ["sakura", "kenji", "mina", "haru", "yuki"].map((username, i) =>
      testUser(username, { score: 2400 - i * 350 }),
    ),
  );
}

async function guessRight(page: Page) {
  const box = page.getByRole("combobox", { name: "Your guess" });
  await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
  await box.fill("Test Show");
  await box.press("Enter");
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
}

test("one player scores and another player's Today (UTC) board moves, live", async ({
  page,
  backend,
  browser,
}) => {
  test.slow(); // two browsers, two axe scans and screenshots
  await backend.seedAnimePool(4);
  await seedVeterans(backend);
  const watcherContext = await browser.newContext();
  try {
    const watcherPage = await watcherContext.newPage();
    const watcher = await backend.signIn(watcherPage);
    await watcherPage.goto("/leaderboard");

    // All time first: the veterans, and the watcher's own row below them.
    const allTime = watcherPage.getByRole("tab", { name: "All time" });
    await expect(allTime).toHaveAttribute("aria-selected", "true");
    await expect(watcherPage.getByRole("row").nth(1)).toContainText("🥇1sakura2,400");
    const standing = watcherPage.getByRole("region", { name: "Your standing" });
    await expect(standing).toHaveText("You: #6 · 0 points");

    // Today (UTC) by keyboard, as the tabs pattern has it: nobody has scored today yet.
    await allTime.focus();
    await watcherPage.keyboard.press("Home");
    const today = watcherPage.getByRole("tab", { name: "Today (UTC)" });
    await expect(today).toHaveAttribute("aria-selected", "true");
    await expect(today).toBeFocused();
    const todayPanel = watcherPage.getByRole("tabpanel", { name: "Today (UTC)" });
    await expect(todayPanel).toContainText("No points yet today (UTC).");
    await expect(standing).toHaveText("You: #1 · 0 points");

    const player = await backend.signIn(page);
    await page.goto("/game");
    await guessRight(page);

    // The scorer's first-try points are on the watcher's Today board without a reload.
    await expect(todayPanel.getByRole("row").nth(1)).toContainText(`🥇1${player.username}150`);
    await expect(standing).toHaveText("You: #2 · 0 points");
    await expectNoSeriousViolations(watcherPage);

    // The watcher scores too, and is on today's board as second, highlighted.
    await watcherPage.goto("/game");
    await guessRight(watcherPage);
    await watcherPage.goto("/leaderboard");
    await watcherPage.getByRole("tab", { name: "Today (UTC)" }).click();
    await expect(watcherPage.locator('tr[aria-current="true"]')).toContainText(
      `🥇1${watcher.username}You150`,
    );
    await expect(watcherPage.getByRole("region", { name: "Your standing" })).toHaveText(
      "You: #1 · 150 points",
    );
    await screenshots(watcherPage, "boards-today");
    await watcherPage.getByRole("tab", { name: "All time" }).click();
    await expect(watcherPage.getByRole("region", { name: "Your standing" })).toHaveText(
      "You: #6 · 150 points",
    );
    await screenshots(watcherPage, "boards-all-time");
  } finally {
    await watcherContext.close();
  }
});

test("the game's Leaderboard dialog: the same tabs, accessible", async ({ page, backend }) => {
  await backend.seedAnimePool(4);
  await seedVeterans(backend);
  await backend.signIn(page);
  await page.goto("/game");
  await guessRight(page);
  await page.getByRole("button", { name: "Leaderboard" }).click();
  const dialog = page.getByRole("dialog", { name: "Leaderboard" });
  await expect(dialog.getByRole("tab", { name: "All time" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await dialog.getByRole("tab", { name: "This week" }).click();
  await expect(dialog.getByRole("region", { name: "Your standing" })).toHaveText(
    "You: #1 · 150 points",
  );
  await expect(dialog.getByRole("row")).toHaveCount(2);
  await expectNoSeriousViolations(page);
  await screenshots(page, "boards-dialog-week");
});
