import type { Page } from "@playwright/test";
import { expect, type Player, type ServerControl } from "../../testing/e2e/fixtures";

/**
 * A signed-in player on /game over a pool of `pool` seeded anime, the first round on screen and
 * the app in charge of it: the boot paints the round, inert, before the app's scripts have come
 * (tests/e2e/bootGame.spec.ts), and the client has signed in.
 */
export async function openGame(page: Page, backend: ServerControl, pool = 6): Promise<Player> {
  await backend.seedAnimePool(pool);
  const player = await backend.signIn(page);
  await page.goto("/game");
  await expect(page.getByRole("heading", { name: "Clue" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  // The boot's painted round is display-only (its box read-only): keys typed before the app's
  // round replaces it would be lost, as a test's would.
  await expect(guessBox(page)).toBeEditable();
  return player;
}

export const guessBox = (page: Page) => page.getByRole("combobox", { name: "Your guess" });
