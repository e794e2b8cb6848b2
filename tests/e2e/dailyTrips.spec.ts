import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  newPlayer,
  screenshotAs,
  test,
} from "../../testing/e2e/fixtures";
import { testAnime } from "../../testing/fixtures/anime";
import { testUser } from "../../testing/fixtures/users";
import { guessBox } from "./gameScreen";

/**
 * What a player tripped over (issue 43), at the three sizes: the Daily's first day after the
 * game (none of its anime already dealt), a real title beyond the pool (a wrong guess, not "too
 * general"), typos and punctuation in the typeahead, the Leaderboard dialog on a small phone,
 * and the finished Daily's landmarks and skip link. axe finds nothing on any screen visited.
 */

const SIZES = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "phone", width: 390, height: 844 },
  { label: "small-phone", width: 320, height: 640 },
] as const;

/** Real titles beside the test shows: the typeahead's typos and one show written twice. */
const REAL_SHOWS = [
  { english: "Spirited Away", romaji: "Sen to Chihiro no Kamikakushi" },
  { english: "Death Note", romaji: "DEATH NOTE" },
  { english: "Liar, Liar", romaji: "Liar Liar" },
].map((titles, i) =>
  testAnime(101 + i, {
    ...titles,
    clue: `File ${101 + i}. Someone keeps a secret that the whole town would pay to learn.`,
  }),
);

/** The test show on screen, by its clue's "File n." (game and Daily alike). */
async function fileOnScreen(page: Page): Promise<number> {
  const clue = page.getByRole("region", { name: "Clue" });
  await expect(clue).toContainText(/File \d+\./);
  return Number(/File (\d+)\./.exec((await clue.textContent())!)![1]);
}

async function typeInBox(page: Page, text: string) {
  await guessBox(page).fill("");
  await guessBox(page).pressSequentially(text);
}

for (const size of SIZES) {
  test(`what a player tripped over, at ${size.width}×${size.height}`, async ({ page, backend }) => {
    test.slow();
    await backend.seedAnimePool(16);
    await backend.seed("anime", REAL_SHOWS);
    await backend.seed(
      "users",
      ["sakura", "kenji", "mina", "haru", "yuki", "ren", "aoi", "sora", "kai", "emi"].map(
        (username, i) => testUser(username, { score: 2400 - i * 150 }),
      ),
    );
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await backend.signIn(page, newPlayer("trips"));

    // The Challenge first, on a deployment whose Daily is not chosen yet.
    await page.goto("/game");
    await expect(guessBox(page)).toBeEditable();
    const dealt = new Set([await fileOnScreen(page)]);

    // Typos the judge forgives suggest the title, a first letter's too; one show's two spellings
    // show once.
    await typeInBox(page, "spirted");
    const list = page.getByRole("listbox", { name: "Suggested titles" });
    await expect(list.getByRole("option", { name: "Spirited Away" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAs(page, `typeahead-typo-${size.label}`);
    await typeInBox(page, "deth note");
    await expect(list.getByRole("option", { name: "Death Note" })).toBeVisible();
    // A finger one key off on the first letter too.
    await typeInBox(page, "dpirited");
    await expect(list.getByRole("option", { name: "Spirited Away" })).toBeVisible();
    await typeInBox(page, "lia");
    await expect(list.getByRole("option", { name: /^Liar,? Liar$/ })).toHaveCount(1);
    await screenshotAs(page, `typeahead-once-${size.label}`);

    // A real title outside the pool: a wrong guess, used, not "too general".
    await typeInBox(page, "Mob Psycho 100");
    await guessBox(page).press("Escape");
    await guessBox(page).press("Enter");
    const history = page.getByRole("region", { name: "Your guesses" });
    await expect(history.getByRole("listitem")).toHaveText(["Mob Psycho 100Wrong"]);
    await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
    await expect(page.getByText(/Too general/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshotAs(page, `title-beyond-pool-${size.label}`);

    // The Leaderboard dialog: every row of the ten in view, none hidden in an inner scroll.
    await page.getByRole("button", { name: "Leaderboard" }).click();
    const dialog = page.getByRole("dialog", { name: "Leaderboard" });
    await expect(dialog.getByRole("row")).toHaveCount(11);
    await expect(dialog.getByRole("row").last()).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page);
    await screenshotAs(page, `leaderboard-dialog-${size.label}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // More anime dealt and skipped.
    const clue = page.getByRole("region", { name: "Clue" });
    for (let skips = 0; skips < 4; skips++) {
      const shown = await fileOnScreen(page);
      await page.getByRole("button", { name: /^(Skip|Next Anime →)$/ }).click();
      await expect(clue).not.toContainText(`File ${shown}.`);
      dealt.add(await fileOnScreen(page));
    }
    expect(dealt.size).toBe(5);

    // Then the Daily: none of its five was dealt in the game.
    await page.goto("/daily");
    const seenInDaily: number[] = [];
    for (let index = 1; index <= 5; index++) {
      await expect(page.getByText(`Anime ${index} of 5`)).toBeVisible();
      seenInDaily.push(await fileOnScreen(page));
      await page.getByRole("button", { name: "Give up" }).click();
      await page.getByRole("button", { name: /^(Next anime →|See your Daily result →)$/ }).click();
    }
    expect(seenInDaily.filter((file) => dealt.has(file))).toEqual([]);

    // The finished Daily: five "Everyone today" sections, each named by its anime.
    await expect(page.getByTestId("daily-share-text")).toBeVisible();
    for (let index = 1; index <= 5; index++) {
      await expect(
        page.getByRole("region", { name: `Everyone today on anime ${index}`, exact: true }),
      ).toBeVisible();
    }
    // The skip link leads to what is there: the day's result, its first button.
    await page.reload();
    await expect(page.getByTestId("daily-share-text")).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to the Daily" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#daily-main").locator("button").first()).toBeFocused();
    await expectNoAxeViolations(page);
    await screenshotAs(page, `daily-finished-${size.label}`);
  });
}
