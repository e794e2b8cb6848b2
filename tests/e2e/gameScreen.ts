import type { Page } from "@playwright/test";
import { expect, type Player, type ServerControl } from "./fixtures";

/** A signed-in player on /game over a pool of `pool` seeded anime, the first round on screen. */
export async function openGame(page: Page, backend: ServerControl, pool = 6): Promise<Player> {
  await backend.seedAnimePool(pool);
  const player = await backend.signIn(page);
  await page.goto("/game");
  await expect(page.getByRole("heading", { name: "Clue" })).toBeVisible();
  return player;
}

export const guessBox = (page: Page) => page.getByRole("combobox", { name: "Your guess" });
