import type { Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousViolations,
  screenshots,
  test,
  type ServerControl,
} from "../../testing/e2e/fixtures";
import { testAnime } from "../../testing/fixtures/anime";

// The first run's small pools: the Daily waits for its 5 anime and opens by itself, and a pool
// too small to deal says why, at the three sizes.

/** A refresh as the fill leaves it while it runs (the test seeds its anime itself). */
async function fillRunning(backend: ServerControl) {
  await backend.seed("catalogueRefreshes", [
    {
      trigger: "emptyPool",
      status: "running",
      startedAt: Date.now(),
      pagesFetched: 1,
      itemCount: 5,
      invalidCount: 0,
      errors: [],
    },
  ]);
}

/** Marks the page loaded now: the mark is gone if it reloads. */
async function markPage(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as { e2eMark?: boolean }).e2eMark = true));
  return async () => await page.evaluate(() => (window as { e2eMark?: boolean }).e2eMark === true);
}

test("the Daily waits for 5 ready anime, then opens by itself on the same page", async ({
  page,
  backend,
}) => {
  await fillRunning(backend);
  await backend.seedAnimePool(3);
  await backend.signIn(page);
  await page.goto("/daily");

  await expect(page.getByRole("heading", { name: "Today's Daily is on its way" })).toBeVisible();
  // The wait's own status line (the top bar's spinner, while its chunk loads, is a status too).
  await expect(page.getByRole("status").filter({ hasText: "anime ready" })).toHaveText(
    "3 of 5 anime ready",
  );
  await expectNoSeriousViolations(page);
  await screenshots(page, "daily-wait", { narrow: true });

  const samePage = await markPage(page);
  await backend.seed(
    "anime",
    [4, 5].map((n) =>
      testAnime(n, {
        english: `Test Show ${n}`,
        clue: `File ${n}. A lighthouse keeper writes letters to a ship that never docks.`,
        answers: [`Test Show ${n}`, "Test Show"],
      }),
    ),
  );
  await expect(page.getByRole("heading", { name: /^Daily #\d+$/ })).toBeVisible();
  await expect(page.getByText("Anime 1 of 5")).toBeVisible();
  expect(await samePage()).toBe(true);
});

test("a pool too small for the Daily says why", async ({ page, backend }) => {
  await backend.seedAnimePool(4);
  await backend.signIn(page);
  await page.goto("/daily");
  await expect(
    page.getByRole("heading", { name: "Not enough anime for a Daily yet" }),
  ).toBeVisible();
  await expect(page.getByText("Only 4 anime are ready, and the Daily needs 5.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "daily-pool-too-small", { narrow: true });
});

test("a pool the Daily holds whole: the game says why, and an admin is told how to fill it", async ({
  page,
  backend,
}) => {
  await backend.seedAnimePool(5);
  const player = await backend.signIn(page);
  await page.goto("/daily");
  await expect(page.getByText("Anime 1 of 5")).toBeVisible();

  await page.goto("/game");
  await expect(page.getByRole("heading", { name: "Not enough anime to play yet" })).toBeVisible();
  await expect(
    page.getByText("The game's pool is still being filled; check back later."),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "game-pool-too-small", { narrow: true });

  await backend.makeAdmin(player.email);
  await page.reload();
  await expect(page.getByText("npx convex run catalogue:fillPool")).toBeVisible();
  await screenshots(page, "game-pool-too-small-admin", { narrow: true });
});
