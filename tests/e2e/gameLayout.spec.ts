import type { Locator, Page } from "@playwright/test";
import { expect, test, type ServerControl } from "../../testing/e2e/fixtures";
import { testAnime, WRONG_GUESS } from "../../testing/fixtures/anime";
import { guessBox, openGame } from "./gameScreen";

/** Where these screenshots go, to be looked at (the game screen's phone-first layout). */
const SHOTS = process.env.SCREENS_DIR ?? "test-results/screenshots";

/** A clue as long as the catalogue's longest: two long sentences and the genres. */
const LONG_CLUE =
  "File 1. After a failed exam, a quiet student who can read the last thoughts of the dead " +
  "is drawn into a secret society that trades memories for favours, and must decide whether " +
  "the friend who vanished three summers ago wanted to be found at all, or had a reason to " +
  "disappear that the whole harbour town has been hiding from everyone who asked. Each " +
  "answer costs a memory of their own, and the memories they give away start to come back " +
  "wrong, rewritten by someone who knows exactly what they are looking for.\n" +
  "Genres: Mystery, Drama, Supernatural, Psychological";

/** A pool of 4 anime, all with the long clue, "Test Show 1" to "Test Show 4". */
async function seedLongClues(backend: ServerControl) {
  await backend.seed(
    "anime",
    [1, 2, 3, 4].map((n) =>
      testAnime(n, {
        english: `Test Show ${n}`,
        romaji: `Tesuto Shou ${n}`,
        clue: LONG_CLUE.replace("File 1.", `File ${n}.`),
        answers: [`Test Show ${n}`, `Tesuto Shou ${n}`, "Test Show"],
        randomRank: (n - 0.5) / 4,
      }),
    ),
  );
}

const submit = (page: Page) => page.getByRole("button", { name: "Submit Guess" });
const skip = (page: Page) => page.getByRole("button", { name: "Skip" });
const next = (page: Page) => page.getByRole("button", { name: "Next Anime →" });
const clueText = (page: Page) => page.getByRole("heading", { name: "Clue" }).locator("+ p");

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  return box!;
}

/** The element lies wholly inside the viewport, as the page first shows it (not scrolled). */
async function expectInViewport(page: Page, locator: Locator, name: string) {
  const { height, width } = page.viewportSize()!;
  const box = await boxOf(locator);
  expect(box.y, `${name}: top`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${name}: left`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name}: bottom within ${height}`).toBeLessThanOrEqual(height);
  expect(box.x + box.width, `${name}: right within ${width}`).toBeLessThanOrEqual(width);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const size of [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
]) {
  test(`at ${size.width}×${size.height}, the clue's start, the guess box and Submit show without scrolling; the suggestions never cover Submit or Skip`, async ({
    page,
    backend,
  }) => {
    await page.setViewportSize(size);
    await seedLongClues(backend);
    await openGame(page, backend, 0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await expectInViewport(page, guessBox(page), "the guess box");
    await expectInViewport(page, submit(page), "Submit");
    await expectInViewport(page, skip(page), "Skip");
    await expectInViewport(page, page.getByTestId("cover"), "the cover");
    // The clue's first lines: its heading and the top of its text.
    await expectInViewport(page, page.getByRole("heading", { name: "Clue" }), "the clue heading");
    const clue = await boxOf(clueText(page));
    expect(clue.y + 3 * 24).toBeLessThanOrEqual(size.height);
    // The cover is a thumbnail the clue wraps around, still big enough to see.
    const cover = await boxOf(page.getByTestId("cover"));
    expect(cover.width).toBeGreaterThanOrEqual(96);
    expect(cover.x + cover.width).toBeLessThan(clue.x + clue.width);

    // The long clue is cut with a way to read it all, which keeps the box where it was.
    const whole = page.getByRole("button", { name: "Show the whole clue" });
    await expect(whole).toBeVisible();
    const boxAt = (await boxOf(guessBox(page))).y;
    await whole.click();
    const less = page.getByRole("button", { name: "Show less of the clue" });
    await expect(less).toBeFocused();
    await expect(clueText(page)).toContainText("Genres: Mystery");
    expect((await boxOf(guessBox(page))).y).toBeGreaterThan(boxAt);
    await less.click();
    await expect(whole).toBeFocused();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await boxOf(guessBox(page))).y).toBe(boxAt);

    // Suggestions open above the box: a tap at Submit's place sends the typed guess.
    await guessBox(page).click();
    await guessBox(page).pressSequentially("Tesuto");
    const list = page.getByRole("listbox", { name: "Suggested titles" });
    await expect(list.getByRole("option").first()).toBeVisible();
    const listBox = await boxOf(list);
    expect(overlaps(listBox, await boxOf(submit(page))), "the list covers Submit").toBe(false);
    expect(overlaps(listBox, await boxOf(skip(page))), "the list covers Skip").toBe(false);
    expect(listBox.y, "the list stays below the top bar").toBeGreaterThanOrEqual(56);
    await page.screenshot({ path: `${SHOTS}/game-typeahead-${size.width}x${size.height}.png` });

    const at = await boxOf(submit(page));
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
    const history = page.getByRole("region", { name: "Your guesses" });
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history.getByRole("listitem").first()).toContainText("Tesuto");
    await expect(history.getByRole("listitem").first()).not.toContainText("Tesuto Shou");
  });
}

test("a round's guesses stay listed with their outcomes; the answer then needs a deliberate Next", async ({
  page,
  backend,
}) => {
  await openGame(page, backend, 4);
  // A desktop: the box has the focus at once.
  await expect(guessBox(page)).toBeFocused();
  const shown = Number(/^File (\d+)\./.exec((await clueText(page).textContent())!)![1]);

  for (const text of [WRONG_GUESS, "the show", WRONG_GUESS.toLowerCase()]) {
    await expect(submit(page)).toBeEnabled();
    await guessBox(page).fill(text);
    await guessBox(page).press("Enter");
    await expect(
      page.getByRole("region", { name: "Your guesses" }).getByRole("listitem"),
    ).toHaveCount([WRONG_GUESS, "the show", WRONG_GUESS.toLowerCase()].indexOf(text) + 1);
  }
  const items = page.getByRole("region", { name: "Your guesses" }).getByRole("listitem");
  await expect(items).toHaveText([
    `${WRONG_GUESS}Wrong`,
    "the showToo general — not counted",
    `${WRONG_GUESS.toLowerCase()}Already tried — not counted`,
  ]);
  await expect(page.getByText("Anime Guesses: 4/5")).toBeVisible();
  await expect(page.getByText("Daily Guesses: 19/20")).toBeVisible();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/game-history-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A reload shows the same list: it is the server's.
  await page.reload();
  await expect(items).toHaveCount(3);

  // Enter, Enter: the first sends the right guess, the second must not pass the reveal.
  await guessBox(page).fill("Test Show");
  await guessBox(page).press("Enter");
  await page.keyboard.press("Enter");
  const reveal = page.getByRole("region", { name: "Solved" });
  await expect(reveal).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(reveal).toContainText(`It was Test Show ${shown}`);
  await expect(clueText(page)).toContainText(`File ${shown}.`);
  await expect(items.last()).toHaveText("Test ShowCorrect");
  await page.waitForTimeout(800);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/game-reveal-${size.width}x${size.height}.png` });
    // On a phone too, the answer and Next Anime → show together.
    if (size.width === 390) await expectInViewport(page, next(page), "Next Anime →");
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Tab past the AniList link to Next Anime →, and Enter deals the next anime, ready to type.
  await page.keyboard.press("Tab");
  await expect(reveal.getByRole("link", { name: "View on AniList" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(next(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(skip(page)).toBeVisible();
  await expect(guessBox(page)).toBeFocused();
  await expect(clueText(page)).not.toContainText(`File ${shown}.`);
  await expect(items).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Previous anime" })).toHaveCount(0);
});

test("Skip to guess is the first Tab, and leads to the guess box", async ({ page, backend }) => {
  // A phone's width: the box does not take the focus by itself there.
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, backend, 4);
  await expect(guessBox(page)).not.toBeFocused();
  await page.keyboard.press("Tab");
  const link = page.getByRole("link", { name: "Skip to guess" });
  await expect(link).toBeFocused();
  await expect(link).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(guessBox(page)).toBeFocused();

  // Skip: the anime it replaced is named under the next clue.
  const shown = Number(/^File (\d+)\./.exec((await clueText(page).textContent())!)![1]);
  await skip(page).click();
  await expect(page.getByRole("region", { name: "Previous anime" })).toHaveText(
    new RegExp(`^Previous anime: Test Show ${shown}Tesuto Shou ${shown}View on AniList`),
  );
});
