import type { Page } from "@playwright/test";
import { expect, type Player, type ServerControl } from "../../testing/e2e/fixtures";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

export type GameState = {
  round: { number: number; status: string; guessesUsed: number } | null;
};

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

/** Spends `count` of the player's daily guesses through the real functions, as another tab would. */
export async function spendGuesses(backend: ServerControl, email: string, count: number) {
  const { round } = await backend.run<GameState>("query", "game:state", {}, email);
  let roundNumber = round!.number;
  let attempt = round!.guessesUsed;
  let roundOver = round!.status !== "playing";
  for (let spent = 0; spent < count; spent++) {
    if (roundOver) {
      const dealt = await backend.run<{ kind: string }>(
        "mutation",
        "game:next",
        { roundNumber },
        email,
      );
      expect(dealt.kind).toBe("dealt");
      roundNumber += 1;
      attempt = 0;
    }
    const outcome = await backend.run<{ kind: string }>(
      "mutation",
      "game:guess",
      // A new text each time: a text the round was already sent costs nothing.
      { roundNumber, attempt, guess: `${WRONG_GUESS} ${spent}` },
      email,
    );
    expect(outcome.kind).toMatch(/^(wrong|outOfGuesses)$/);
    attempt += 1;
    roundOver = outcome.kind === "outOfGuesses";
  }
}
