import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousViolations,
  newPlayer,
  SCREENS_DIR,
  test,
  type ServerControl,
} from "../../testing/e2e/fixtures";
import { testAnime, WRONG_GUESS } from "../../testing/fixtures/anime";
import { GUESSES_PER_ANIME } from "../../convex/model/shared/rules";
import { guessBox } from "./gameScreen";

// Contested guesses (issue 39): a name the judge refused, contested once the round is over,
// reaches the admins live; accepted, it scores for the next player dealt that anime.

/** A show AniList knows by its Japanese title only... */
const SHOW = "Toshokan Sensou";
/** ...and the name its fans type: everyday words the pool does not know, refused for free. */
const FAN_NAME = "Library Wars";

async function seedShow(backend: ServerControl) {
  await backend.seed("anime", [
    testAnime(1, {
      english: SHOW,
      romaji: SHOW,
      clue:
        "File 1. In a future where books are censored, a young recruit joins the armed " +
        "librarians who defend them, and looks for the officer who once saved her.\nGenres: Action",
      genres: ["Action"],
    }),
  ]);
}

/** The card at desktop (1280×800) and phone (390×844) sizes, scrolled to the top of each. */
async function cardScreenshots(page: Page) {
  for (const [label, size] of [
    ["desktop", { width: 1280, height: 800 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page
      .getByRole("heading", { name: "Contested guesses" })
      .evaluate((heading) =>
        heading.closest("[data-slot=card]")?.scrollIntoView({ block: "center" }),
      );
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SCREENS_DIR}/contests-card-${label}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function guess(page: Page, text: string) {
  await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
  await guessBox(page).fill(text);
  await guessBox(page).press("Enter");
}

/** A new signed-in player on /game in a browser of their own, the round on screen. */
async function playerPage(browser: Browser, backend: ServerControl, name: string) {
  const page = await (await browser.newContext()).newPage();
  await backend.signIn(page, newPlayer(name));
  await page.goto("/game");
  await expect(page.getByRole("heading", { name: "Clue" })).toBeVisible();
  await expect(guessBox(page)).toBeEditable();
  return page;
}

test("a refused guess, contested after the round, is accepted by an admin and scores for the next player", async ({
  page,
  browser,
  backend,
}) => {
  test.slow(); // three browsers, an axe scan and screenshots
  await seedShow(backend);

  // The admin watches the dashboard from a browser of their own.
  const admin = await backend.signIn(page, newPlayer("curator"));
  await backend.makeAdmin(admin.email);
  await page.goto("/admin");
  const card = page.getByRole("heading", { name: "Contested guesses" });
  await expect(card).toBeVisible();
  await expect(page.getByText("No contested guesses waiting.")).toBeVisible();

  const fan = await playerPage(browser, backend, "fan");
  await guess(fan, FAN_NAME);
  await expect(
    fan.getByText("Too general: type a title, or a word only its title has. Not counted."),
  ).toBeVisible();
  // In play there is nothing to contest.
  await expect(fan.getByRole("button", { name: /^Contest “/ })).toHaveCount(0);
  for (let i = 1; i <= GUESSES_PER_ANIME; i++) await guess(fan, `${WRONG_GUESS} ${i}`);
  await expect(fan.getByRole("button", { name: "Next Anime →" })).toBeVisible();
  await fan.getByRole("button", { name: `Contest “${FAN_NAME}”: it names the anime` }).click();
  await expect(fan.getByText("Sent to the admins")).toBeVisible();
  await expect(
    fan.getByRole("button", { name: `“${FAN_NAME}” sent to the admins` }),
  ).toBeDisabled();

  await fan.getByRole("region", { name: "Your guesses" }).scrollIntoViewIfNeeded();
  await fan.screenshot({ path: `${SCREENS_DIR}/contest-sent-desktop.png` });

  // On the admin's screen, without a reload.
  const names = page.getByRole("list", { name: `Names contested for ${SHOW}` });
  await expect(names.getByRole("listitem")).toHaveText([`“${FAN_NAME}” 1 playerAcceptDismiss`]);
  await expectNoSeriousViolations(page);
  await cardScreenshots(page);

  await names
    .getByRole("button", { name: `Accept “${FAN_NAME}” as a title of this anime` })
    .click();
  await expect(page.getByText(`“${FAN_NAME}” is now an alternative title`)).toBeVisible();
  await expect(page.getByText("No contested guesses waiting.")).toBeVisible();

  // Another player is dealt the show: the fans' name scores now.
  const next = await playerPage(browser, backend, "next");
  await guess(next, FAN_NAME);
  await expect(next.getByText("Correct! You got it!")).toBeVisible();
});
