import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import {
  expect,
  newPlayer,
  screenshots,
  SCREENS_DIR,
  test,
  type ServerControl,
  expectNoSeriousViolations,
} from "../../testing/e2e/fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The usual desktop and phone screenshots, and the narrowest phone (320 px) too, back at 1280. */
async function makeAdminScreenshots(page: Page, name: string) {
  await screenshots(page, name);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-narrow.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A fortnight of game use and a few testers' feedback, so the dashboard has something to chart. */
async function seedCommunity(backend: ServerControl) {
  // The e2e server keeps a clock of its own; its days are the ones the dashboard charts.
  const { now } = await backend.advanceClock(0);
  await backend.seed(
    "gameDailyStats",
    Array.from({ length: 14 }, (_, i) => {
      const sessions = 3 + ((i * 7) % 11);
      const guesses = sessions * (4 + (i % 5));
      return {
        day: new Date(now - (13 - i) * DAY_MS).toISOString().slice(0, 10),
        shard: i % 8,
        sessions,
        guesses,
        correctGuesses: Math.round(guesses * 0.35),
        // The Daily from its first day on (the days before it have no count).
        ...(i >= 6 ? { dailyAnime: 2 * sessions + (i % 4) } : {}),
      };
    }),
  );
  const earlier = [
    { rating: 4, difficulty: "easy", suggestions: "A streak counter would keep me coming back." },
    { rating: 5, difficulty: "medium", userExperience: "The blur fading away is so satisfying." },
    { rating: 3, difficulty: "hard", bugReport: "The keyboard covered the guess box on my phone." },
  ];
  for (const [i, feedback] of earlier.entries()) {
    const tester = newPlayer(`tester`);
    await backend.createAccount(tester);
    await backend.makeBetaTester(tester.email);
    await backend.run(
      "mutation",
      "beta:submitFeedback",
      { bugReport: "", suggestions: "", userExperience: "", ...feedback },
      tester.email,
    );
    if (i < earlier.length - 1) await backend.advanceClock(60_000);
  }
}

test("a player joins the beta and sends feedback; an admin sees it arrive live", async ({
  page,
  browser,
  backend,
}) => {
  test.slow(); // two browsers, two axe scans and four screenshots
  await seedCommunity(backend);

  // The admin watches the dashboard from another browser.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const admin = await backend.signIn(adminPage, newPlayer("keeper"));
  await backend.makeAdmin(admin.email);
  await adminPage.goto("/admin");
  await expect(
    adminPage.getByRole("heading", { name: "Beta Feedback Dashboard", level: 1 }),
  ).toBeVisible();
  const cards = adminPage
    .getByRole("list", { name: "Feedback, newest first" })
    .getByRole("listitem");
  await expect(cards).toHaveCount(3);

  const player = await backend.signIn(page, newPlayer("fan"));
  await page.goto("/");
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Join the beta program" }).click();
  await expect(
    page.getByText("Welcome to the beta program! Your feedback helps us improve."),
  ).toBeVisible();
  await banner.getByRole("button", { name: "Send beta feedback" }).click();

  const dialog = page.getByRole("dialog", { name: "Beta Feedback" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: "Just Right" })).toBeChecked();
  await expectNoSeriousViolations(page);
  await screenshots(page, "feedback-dialog");

  await dialog.locator("label", { has: page.getByRole("radio", { name: "4 stars" }) }).click();
  await expect(dialog.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await dialog.getByRole("radio", { name: "Too Hard" }).check();
  await dialog.getByLabel("Found any bugs?").fill("The skip button stayed grey after a cooldown.");
  await expect(dialog.getByText("45 / 5,000 characters")).toBeVisible();
  await dialog.getByLabel("Suggestions for Improvement").fill("A hint after three wrong guesses.");
  await dialog.getByLabel("User Experience").fill("Fast, and the covers look great.");
  await screenshots(page, "feedback-dialog-filled");
  await dialog.getByRole("button", { name: "Submit Feedback" }).click();

  await expect(page.getByText("Thank you for your feedback!")).toBeVisible();
  await expect(dialog).toBeHidden();

  // On the admin's screen, without a reload: the new card on top.
  await expect(cards).toHaveCount(4);
  const newest = cards.first();
  await expect(newest).toContainText("The skip button stayed grey after a cooldown.");
  await expect(newest).toContainText("A hint after three wrong guesses.");
  await expect(newest).toContainText(`From ${player.username}`);
  await expect(newest).toContainText("Version 1.0.0-beta");
  await expect(newest.getByText("Hard", { exact: true })).toBeVisible();
  await expect(newest.getByRole("img", { name: "Rated 3 out of 5" })).toBeVisible();
  await expect(adminPage.getByText("from 4 responses")).toBeVisible();
  await expect(adminPage.getByText("3.8", { exact: true })).toBeVisible();

  // The chart's table (for screen readers) has the Daily's column, and today's count in it.
  const gameUse = adminPage.getByRole("table", { name: /Game use per day/ });
  await expect(gameUse.getByRole("columnheader", { name: "Daily anime played" })).toBeAttached();
  await expect(gameUse.getByRole("row").last().getByRole("cell").last()).toHaveText(
    String(2 * (3 + ((13 * 7) % 11)) + (13 % 4)),
  );
  await expectNoSeriousViolations(adminPage);
  await makeAdminScreenshots(adminPage, "admin-dashboard");
  await adminPage.getByRole("list", { name: "Feedback, newest first" }).scrollIntoViewIfNeeded();
  await screenshots(adminPage, "admin-dashboard-cards");
  await adminContext.close();
});

test("the dashboard is for admins only: anyone else is sent back to / and told why", async ({
  page,
  backend,
}) => {
  const adminOnly = page.getByText("The Beta Feedback Dashboard is for admins only");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(adminOnly).toBeVisible();

  await backend.signIn(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(adminOnly).toBeVisible();
  await expect(page.getByRole("heading", { name: "Anime Guess", level: 1 })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin dashboard" })).toHaveCount(
    0,
  );
  await expect(page.getByRole("heading", { name: "Beta Feedback Dashboard" })).toHaveCount(0);
  await screenshots(page, "admin-only");
});

test("/make-admin grants admin for a claim code an operator created", async ({ page, backend }) => {
  // What `npx convex run admin:createClaimCode` prints for an operator.
  const { code, expiresAt } = await backend.run<{ code: string; expiresAt: string }>(
    "mutation",
    "admin:createClaimCode",
  );
  expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
  await backend.signIn(page, newPlayer("boss"));
  await page.goto("/make-admin");
  const field = page.getByRole("textbox", { name: "Claim code" });
  await expect(field).toBeVisible();
  await expectNoSeriousViolations(page);
  await makeAdminScreenshots(page, "make-admin");

  // Keyboard only: the field, then Enter.
  await field.fill(code.toLowerCase());
  await field.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(/Successfully made you an admin!/);
  await makeAdminScreenshots(page, "make-admin-success");

  await page.getByRole("banner").getByRole("link", { name: "Admin dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Beta Feedback Dashboard" })).toBeVisible();
});

test("/make-admin refuses a wrong code and says why", async ({ page, backend }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await backend.run("mutation", "admin:createClaimCode");
  await backend.signIn(page, newPlayer("hopeful"));
  await page.goto("/make-admin");
  await page.getByRole("textbox", { name: "Claim code" }).fill("ABCD-EFGH-JKLM");
  await page.getByRole("button", { name: "Make Me Admin" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Error making you admin: That is not a valid claim code",
  );
  await makeAdminScreenshots(page, "make-admin-wrong");
  expect(errors).toEqual([]);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
});

test("the QR page downloads anime-guess-qr.png, which scans to the game's address", async ({
  page,
  backend,
}) => {
  await page.goto("/qr");
  await expect(page.getByRole("dialog", { name: "Welcome Back!" })).toBeVisible();

  await backend.signIn(page);
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Share with a QR code" }).click();
  await expect(page.getByRole("heading", { name: "Scan to Play Anime Guess" })).toBeVisible();
  await expect(
    page.getByText("Share this QR code with friends to let them easily access the game!"),
  ).toBeVisible();
  const origin = await page.evaluate(() => window.location.origin);
  await expect(page.getByRole("img", { name: `QR code for ${origin}` })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "qr-page");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download QR Code" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("anime-guess-qr.png");
  const png = PNG.sync.read(await readFile(await download.path()));
  expect(png.width).toBeGreaterThanOrEqual(256);
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(origin);
});
