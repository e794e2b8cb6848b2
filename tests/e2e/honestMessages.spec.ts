import { expect, expectNoAxeViolations, screenshotAs, test } from "../../testing/e2e/fixtures";
import { WRONG_GUESS } from "../../testing/fixtures/anime";
import { guessBox, openGame, spendGuesses, type GameState } from "./gameScreen";

/**
 * Counters and messages that say what is so (issue 43), at the three sizes: an anime dealt near
 * the end of the day counts out of what it got, and /admin tells someone who is not an admin why
 * they are back on the landing page.
 */

const SIZES = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "phone", width: 390, height: 844 },
  { label: "small-phone", width: 320, height: 640 },
] as const;

test("an anime dealt with 4 guesses left today counts out of 4, at 1280, 390 and 320 px", async ({
  page,
  backend,
}) => {
  test.slow();
  const player = await openGame(page, backend);
  // Nothing subscribed while another tab spends 16 of the day's 20, then skips to a new anime.
  await page.goto("about:blank");
  await spendGuesses(backend, player.email, 16);
  const { round } = await backend.run<GameState>("query", "game:state", {}, player.email);
  await backend.run("mutation", "game:next", { roundNumber: round!.number }, player.email);

  for (const [index, size] of SIZES.entries()) {
    const left = 4 - index;
    await page.setViewportSize(size);
    await page.goto("/game");
    await expect(page.getByText(`Anime Guesses: ${left}/4`)).toBeVisible();
    await expect(page.getByText(`Daily Guesses: ${left}/20`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
    await guessBox(page).fill(`${WRONG_GUESS} ${index}`);
    await guessBox(page).press("Enter");
    await expect(page.getByText(`Anime Guesses: ${left - 1}/4`)).toBeVisible();
    await expect(page.getByText(`Daily Guesses: ${left - 1}/20`)).toBeVisible();
    await expect(page.getByText(/^Wrong! /)).toBeInViewport();
    await expectNoAxeViolations(page);
    await screenshotAs(page, `counter-of-four-${size.label}`);
  }
});

test("/admin tells someone who is not an admin why they are back on /, at 1280, 390 and 320 px", async ({
  page,
  backend,
}) => {
  await backend.signIn(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    const told = page.getByText("The Beta Feedback Dashboard is for admins only");
    await expect(told).toBeInViewport();
    await expect(told).toHaveCount(1);
    await expectNoAxeViolations(page);
    await screenshotAs(page, `admin-only-${size.label}`);
  }
});
