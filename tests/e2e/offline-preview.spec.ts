import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

/**
 * `npm run preview:offline`, as a newcomer uses it (its own project in playwright.config.ts,
 * served by the command itself): the banner, sign-up through the dialog, one round of the
 * bundled AniList sample played to a right answer, the boards, beta feedback, and admin by the
 * printed way (a claim code).
 */

type Media = { title: { english: string | null; romaji?: string | null }; description: string };
const sample = JSON.parse(
  readFileSync(
    new URL("../../testing/fixtures/anilist/offline-sample.json", import.meta.url),
    "utf8",
  ),
) as { data: { Page: { media: Media[] } } };

/** The sample entry whose description the clue on screen was made from: the most words shared. */
function animeOfClue(clue: string): Media {
  const words = new Set(clue.toLowerCase().match(/\p{L}{5,}/gu) ?? []);
  const shared = (media: Media) =>
    [...words].filter((word) => media.description.toLowerCase().includes(word)).length;
  return sample.data.Page.media.reduce((best, media) =>
    shared(media) > shared(best) ? media : best,
  );
}

async function signUp(page: Page, username: string) {
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Sign up here" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Account" });
  await dialog.getByLabel("Email").fill(`${username}@example.com`);
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Password", { exact: true }).fill("secret123");
  await dialog.getByRole("button", { name: "Sign Up" }).click();
  await expect(dialog).toBeHidden();
}

test("a newcomer signs up, plays a round of real anime, sees the boards, sends beta feedback and becomes admin", async ({
  page,
  request,
}) => {
  // Six pages, each loaded afresh: on a busy machine the journey passes the default 30 s.
  test.setTimeout(60_000);
  const username = `offline${Date.now() % 100_000}`;
  await page.goto("/");
  // A visitor's landing page starts the app (whose client shows the banner) once a control is
  // reached for (src/boot/start.ts).
  await page.getByRole("banner").getByRole("button", { name: "Login" }).hover();
  await expect(
    page.getByText("Offline preview: data lives in memory and is lost on restart"),
  ).toBeVisible();
  await signUp(page, username);

  await page.goto("/game");
  const clue = page.getByRole("region", { name: "Clue" }).locator("p");
  await expect(clue).not.toBeEmpty();
  const anime = animeOfClue(await clue.innerText());
  await page.getByRole("combobox", { name: "Your guess" }).fill(anime.title.english ?? "");
  await page.getByRole("button", { name: "Submit Guess" }).click();
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
  await expect(page.getByText("+150 points")).toBeVisible();

  await page.goto("/leaderboard");
  await expect(page.getByRole("main").getByText(username)).toBeVisible();

  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Join the beta program" }).click();
  await banner.getByRole("button", { name: "Send beta feedback" }).click();
  const feedback = page.getByRole("dialog", { name: "Beta Feedback" });
  await feedback.getByLabel("Found any bugs?").fill("Tried it offline.");
  await feedback.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(page.getByText("Thank you for your feedback!")).toBeVisible();

  const claim = await request.post("/__convex_test/control/claim-code");
  const { value } = (await claim.json()) as { value: { code: string } };
  await page.goto("/make-admin");
  await page.getByLabel("Claim code").fill(value.code);
  await page.getByRole("button", { name: "Make Me Admin" }).click();
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Admin dashboard" }),
  ).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Beta Feedback Dashboard" })).toBeVisible();
  await expect(page.getByText("Tried it offline.")).toBeVisible();
});
