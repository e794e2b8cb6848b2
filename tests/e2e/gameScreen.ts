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
  // The app's round in place of the one the boot painted (its form marked busy, its buttons inert).
  await expect(page.locator("main form").first()).not.toHaveAttribute("aria-busy");
  await expect(guessBox(page)).toBeEditable();
  return player;
}

/**
 * The page's clock set to the e2e server's (which tests move ahead), and running on from there:
 * the page asks the server for the midnight reset and the cooldown's end at the instants its own
 * clock reaches (the server schedules nothing per player). Before `openGame`.
 */
export async function pageOnServerClock(page: Page, backend: ServerControl) {
  const { now } = await backend.advanceClock(0);
  await page.clock.install({ time: now });
}

/** Moves the server's clock and the page's (see `pageOnServerClock`) ahead together. */
export async function advanceBothClocks(page: Page, backend: ServerControl, ms: number) {
  await backend.advanceClock(ms);
  await page.clock.fastForward(ms);
}

export const guessBox = (page: Page) => page.getByRole("combobox", { name: "Your guess" });
