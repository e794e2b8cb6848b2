import type { Page } from "@playwright/test";
import {
  consoleProblems,
  expect,
  expectNoSeriousViolations,
  screenshots,
  test,
} from "../../testing/e2e/fixtures";

// A fresh deployment: no anime yet. The first visit to /game starts the catalogue refresh, which
// meets the e2e server's stand-in for AniList (testing/e2e/aniListStandIn.ts), held or answering
// as each test says.

/** Marks the page loaded now: the mark is gone if it reloads. */
async function markPage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as { e2eMark?: boolean }).e2eMark = true));
  return async () => await page.evaluate(() => (window as { e2eMark?: boolean }).e2eMark === true);
}

const preparing = (page: Page) => page.getByRole("heading", { name: "Preparing the anime pool" });

test("the first visit shows the pool being prepared, then the round, on the same page", async ({
  page,
  backend,
}) => {
  await backend.aniList({ catalogue: "held", covers: "held" });
  const player = await backend.signIn(page);
  const problems = consoleProblems(page);
  await page.goto("/game");

  await expect(preparing(page)).toBeVisible();
  const samePage = await markPage(page);
  await expect(page.getByRole("status").getByText("Preparing the anime pool: 0 of 50")).toHaveCount(
    1,
  );
  await expect(page.getByText("Failed to load anime")).toHaveCount(0);

  // AniList sends the first page (3 anime): the screen follows, live.
  await backend.aniList({ catalogue: "up" });
  await expect(page.getByText("0 of 3 anime ready", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "pool-preparing");

  // The covers are made: the first one ready deals the round, with no reload.
  await backend.aniList({ covers: "up" });
  await expect(page.getByRole("heading", { name: "Clue" })).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByRole("img", { name: "Blurred cover of the anime to guess" }),
  ).toBeVisible();
  await expect(preparing(page)).toHaveCount(0);
  expect(await samePage()).toBe(true);

  // The rest of the page's covers, before the next test resets the server.
  await expect
    .poll(
      async () =>
        (await backend.run<{ ready: number }>("query", "catalogue:poolStatus", {}, player.email))
          .ready,
      { timeout: 15_000 },
    )
    .toBe(3);
  expect(problems).toEqual([]);
});

test("with AniList down, the screen says the pool could not be filled, and Try again tries again", async ({
  page,
  backend,
}) => {
  await backend.signIn(page);
  await page.goto("/game");

  // The first page is tried 3 times, 2.5 s and more apart, then the refresh fails.
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The anime pool could not be filled", { timeout: 15_000 });
  await expect(page.getByText("Failed to load anime")).toHaveCount(0);
  await screenshots(page, "pool-failed");

  await backend.aniList({ catalogue: "held" });
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(preparing(page)).toBeVisible();
});

test("covers the image host refuses are retried: the screen says when, and the round comes once it answers", async ({
  page,
  backend,
}) => {
  await backend.aniList({ catalogue: "up", covers: "down" });
  await backend.signIn(page);
  await page.goto("/game");

  const retrying = page.getByText(/^The image host is not answering: trying the covers again at /);
  await expect(retrying).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("0 of 3 anime ready", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await screenshots(page, "pool-covers-retrying");

  // The host answers again by the first retry, 30 s on.
  await backend.aniList({ covers: "up" });
  await backend.advanceClock(31_000);
  await expect(page.getByRole("heading", { name: "Clue" })).toBeVisible({ timeout: 15_000 });
});

test("a refresh that died says so, and Try again starts a new one", async ({ page, backend }) => {
  await backend.signIn(page);
  await page.goto("/game");
  await expect(page.getByRole("alert")).toContainText("The anime pool could not be filled", {
    timeout: 15_000,
  });

  // What the refresh's watch records of one whose job was lost: no progress for 2 minutes.
  const now = Date.now();
  await backend.seed("catalogueRefreshes", [
    {
      trigger: "emptyPool",
      status: "failed",
      startedAt: now,
      finishedAt: now,
      progressAt: now,
      pagesFetched: 0,
      itemCount: 0,
      invalidCount: 0,
      errors: ["no progress for 2 minutes"],
    },
  ]);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The anime pool stopped filling");
  await expectNoSeriousViolations(page);
  await screenshots(page, "pool-stalled");

  await backend.aniList({ catalogue: "held" });
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(preparing(page)).toBeVisible();
});

test("a room's Start on an empty pool waits for it in the lobby, then the game starts by itself", async ({
  page,
  backend,
}) => {
  await backend.aniList({ catalogue: "held", covers: "held" });
  await backend.signIn(page);
  await page.goto("/room");
  await page.getByRole("button", { name: "Make a room" }).click();
  await expect(page.getByTestId("room-code")).toBeVisible();

  await page.getByRole("button", { name: "Start" }).click();
  await expect(preparing(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Start" })).toHaveCount(0);
  await backend.aniList({ catalogue: "up" });
  await expect(page.getByText("0 of 3 anime ready", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "room-pool-wait");

  await backend.aniList({ covers: "up" });
  await expect(page.getByText(/^Round 1 \/ 5/)).toBeVisible({ timeout: 15_000 });
});
