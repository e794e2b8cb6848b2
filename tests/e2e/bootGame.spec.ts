// On a signed-in player's fresh load of /game, the boot asks for the round and paints it, inert,
// from the game screen's template before the app's scripts arrive; React's first render then
// replaces it with the same screen, live (src/boot/game.ts, roundTemplate.ts, paintRound.ts).
import type { Locator, Page, Request } from "@playwright/test";
import { OPEN_LIMIT_MS } from "../../src/boot/openCall";
import { PAINTED_CLUE_TIMING, TOKEN_STORAGE_KEY } from "../../src/boot/protocol";
import {
  consoleProblems,
  expect,
  screenshots,
  test,
  type ServerControl,
} from "../../testing/e2e/fixtures";
import { guessBox } from "./gameScreen";

/** The game:open calls the page sends, in order. */
function gameOpens(page: Page): string[] {
  const opens: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/mutation") && request.postData()?.includes('"game:open"')) {
      opens.push(request.headers()["authorization"] ? "signed in" : "anonymous");
    }
  });
  return opens;
}

/** A signed-in player about to load /game over a small pool; the game:open calls it will send. */
async function playerBeforeGame(page: Page, backend: ServerControl): Promise<string[]> {
  await backend.seedAnimePool(3);
  await backend.signIn(page);
  return gameOpens(page);
}

/** Every script of the app but the boot's /game script. */
const APP_SCRIPT = /\/assets\/(?!boot-game-)[^/]+\.js$/;

/** Stops the app's scripts. */
async function blockAppScripts(page: Page): Promise<void> {
  await page.route(APP_SCRIPT, (route) => route.abort());
}

/** Holds the app's scripts until the returned function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_SCRIPT, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The answer to the boot's game:open call. */
function bootAnswer(page: Page) {
  return page
    .waitForResponse(
      (response) =>
        response.url().endsWith("/api/mutation") &&
        (response.request().postData()?.includes('"game:open"') ?? false),
    )
    .then(
      (response) =>
        response.json() as Promise<{ value: { round: { clue: string; coverColor: string } } }>,
    );
}

const clue = (page: Page) => page.getByRole("heading", { name: "Clue" }).locator("+ p");

const roundButtons = (page: Page) => page.locator("main form").getByRole("button");

/** The round as the boot paints it: its buttons inert, its form marked busy, its box taking keys. */
async function expectInert(page: Page, box: Locator) {
  await expect(box).toBeEditable();
  await expect(page.locator("main form")).toHaveAttribute("aria-busy", "true");
  await expect(roundButtons(page)).toHaveText(["Submit Guess", "Skip"]);
  for (const button of await roundButtons(page).all()) await expect(button).toBeDisabled();
}

test("a signed-in player's /game paints its round without the app's scripts", async ({
  page,
  backend,
}) => {
  const opens = await playerBeforeGame(page, backend);
  // None of the app's scripts runs: the call and the round come from the boot.
  await blockAppScripts(page);
  const answered = bootAnswer(page);
  await page.goto("/game");
  const { round } = (await answered).value;
  await expect(clue(page)).toHaveText(round.clue);
  await expect(page.getByRole("heading", { level: 1, name: "Guess the Anime" })).toBeVisible();
  await expect(page.getByText("Score: 0")).toBeVisible();
  await expect(page.getByText("Anime Guesses: 5/5")).toBeVisible();
  await expect(page.getByText("Daily Guesses: 20/20")).toBeVisible();
  await expectInert(page, guessBox(page));
  // The cover's box in the round's colour, waiting for its image.
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(round.coverColor.slice(at, at + 2), 16));
  await expect(page.getByTestId("cover")).toHaveCSS("background-color", `rgb(${r}, ${g}, ${b})`);
  expect(opens).toEqual(["signed in"]);
  await screenshots(page, "game-boot-round");
});

test("the app's scripts are requested only once the browser has shown the painted round", async ({
  page,
  backend,
}) => {
  await playerBeforeGame(page, backend);
  // Element Timing reports the paint of the clue the boot marked (paintRound.ts), however large
  // the rest of the page: the largest paint may be another element.
  await page.addInitScript((name) => {
    const painted: number[] = [];
    (window as Window & { painted?: number[] }).painted = painted;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string })[]) {
        if (entry.identifier === name) painted.push(entry.startTime);
      }
    }).observe({ type: "element", buffered: true });
  }, PAINTED_CLUE_TIMING);
  const answered = bootAnswer(page);
  await page.goto("/game");
  await answered;
  // Once React has the page, every script it needed has loaded.
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  const { roundPaintedAt, firstAppScriptAt } = await page.evaluate(() => {
    return {
      roundPaintedAt: Math.min(...(window as Window & { painted?: number[] }).painted!),
      firstAppScriptAt: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/(?!boot-game-)[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    };
  });
  // The boot's clue was on screen before any of the app's scripts was asked for.
  expect(roundPaintedAt).toBeLessThan(Infinity);
  expect(firstAppScriptAt).toBeGreaterThanOrEqual(roundPaintedAt);
});

test("React's round replaces the painted one in place, live, without a moment of anything else", async ({
  page,
  backend,
}) => {
  await playerBeforeGame(page, backend);
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  const answered = bootAnswer(page);
  await page.goto("/game", { waitUntil: "commit" });
  const { round } = (await answered).value;
  await expect(clue(page)).toHaveText(round.clue);
  await expectInert(page, guessBox(page));
  // From now on, note any moment the clue is not on screen.
  await page.evaluate((clueText) => {
    const w = window as Window & { clueGone?: boolean; samePage?: boolean };
    w.samePage = true;
    new MutationObserver(() => {
      if (!document.querySelector("main")?.textContent?.includes(clueText)) w.clueGone = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, round.clue);

  release();
  await expect(guessBox(page)).toBeEditable();
  await expect(page.locator("main form")).not.toHaveAttribute("aria-busy");
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  const shown = /^File (\d+)\./.exec(round.clue)![1];
  await guessBox(page).fill(`Test Show ${shown}`);
  await page.getByRole("button", { name: "Submit Guess" }).click();
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
  expect(
    await page.evaluate(() => {
      const w = window as Window & { clueGone?: boolean; samePage?: boolean };
      return { clueGone: w.clueGone ?? false, samePage: w.samePage ?? false };
    }),
  ).toEqual({ clueGone: false, samePage: true });
  expect(problems).toEqual([]);
});

test("keys typed into the painted round while the app starts are all kept, and Enter then submits", async ({
  page,
  backend,
}) => {
  await playerBeforeGame(page, backend);
  const release = await holdAppScripts(page);
  const answered = bootAnswer(page);
  await page.goto("/game", { waitUntil: "commit" });
  const { round } = (await answered).value;
  await expect(clue(page)).toHaveText(round.clue);
  const answer = `Test Show ${/^File (\d+)\./.exec(round.clue)![1]}`;
  await guessBox(page).click();
  // Some before the app's scripts have come, the rest a key at a time while the app starts.
  await page.keyboard.type(answer.slice(0, 5));
  release();
  for (const key of answer.slice(5)) {
    await page.keyboard.type(key);
    await page.waitForTimeout(40);
  }
  await expect(page.locator("main form")).not.toHaveAttribute("aria-busy");
  await expect(guessBox(page)).toHaveValue(answer);
  await expect(guessBox(page)).toBeFocused();
  await expect(page.getByRole("button", { name: "Submit Guess" })).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
});

test("coming from another page, the painted round is replaced once, and the visit opened once", async ({
  page,
  backend,
}) => {
  // The leaderboard leaves saved scroll positions, which the router restores on the next load.
  const opens = await playerBeforeGame(page, backend);
  await page.goto("/leaderboard");
  await expect(page.getByRole("tab", { name: "All time" })).toBeVisible();
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  await page.goto("/game", { waitUntil: "commit" });
  await expectInert(page, guessBox(page));
  release();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  await guessBox(page).fill("Test Show");
  await page.getByRole("button", { name: "Submit Guess" }).click();
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
  expect(opens).toEqual(["signed in"]);
  expect(problems).toEqual([]);
});

test("the round the boot asked for is the one the game shows, and the visit opens once", async ({
  page,
  backend,
}) => {
  const opens = await playerBeforeGame(page, backend);
  const answered = bootAnswer(page);
  await page.goto("/game");
  const { round } = (await answered).value;
  // The client has signed in (the top bar's spinner is gone) and the live state has taken over.
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  await expect(clue(page)).toHaveText(round.clue);
  expect(opens).toEqual(["signed in"]);
});

test("an open call that is never answered is given up, and the app opens the game itself", async ({
  page,
  backend,
}) => {
  const opens = await playerBeforeGame(page, backend);
  const problems = consoleProblems(page);
  // The boot's call (the first game:open) is held for good; the app's own goes through.
  let held = false;
  let bootCallSentAt: number | null = null;
  let appOpenSentAt: number | null = null;
  let bootCallGivenUp = false;
  await page.route(/\/api\/mutation$/, async (route) => {
    if (!held && route.request().postData()?.includes('"game:open"')) {
      held = true;
      bootCallSentAt = Date.now();
      return;
    }
    if (route.request().postData()?.includes('"game:open"')) appOpenSentAt = Date.now();
    await route.fallback();
  });
  page.on("requestfailed", (request) => {
    if (request.url().endsWith("/api/mutation")) bootCallGivenUp = true;
  });
  await page.goto("/game");

  // The round shows, live, and nothing said it had failed.
  await expect(clue(page)).toHaveText(/^File \d+\./);
  await expect(guessBox(page)).toBeEditable();
  await expect(page.getByText(/Failed to load|Error loading/)).toHaveCount(0);
  // The app waited out the boot's limit before it opened the game itself (the browser reports
  // the aborted request on its own schedule, so only its having happened is checked).
  await expect.poll(() => bootCallGivenUp).toBe(true);
  expect(bootCallSentAt).not.toBeNull();
  expect(appOpenSentAt).not.toBeNull();
  expect(appOpenSentAt! - bootCallSentAt!).toBeGreaterThanOrEqual(OPEN_LIMIT_MS - 50);
  expect(opens).toEqual(["signed in", "signed in"]);
  expect(problems).toEqual([]);
});

test("a visitor who is not signed in gets the app at once, without the round's script", async ({
  page,
}) => {
  const requested: Request[] = [];
  page.on("request", (request) => requested.push(request));
  await page.goto("/game");
  // The game's way in for a newcomer, which the app opens at once over its "Log in to play" (a
  // modal: that button is then out of the accessibility tree, so it is no sign to wait for).
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
  expect(requested.filter((request) => request.url().includes("/boot-game-"))).toEqual([]);
});

test("with a token about to expire the page asks for nothing before the app's scripts run", async ({
  page,
  backend,
}) => {
  const opens = await playerBeforeGame(page, backend);
  // The page's clock is set to 10 s before the token expires (by the server's clock, which
  // other tests may have moved ahead); the server would still accept it.
  await page.addInitScript((key) => {
    const token = localStorage.getItem(key);
    if (token === null) return;
    const payload = token.split(".")[1];
    const { exp } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      exp: number;
    };
    const realNow = Date.now;
    const skew = exp * 1000 - 10_000 - realNow();
    Date.now = () => realNow() + skew;
  }, TOKEN_STORAGE_KEY);
  await blockAppScripts(page);
  const appScriptAsked = page.waitForRequest(APP_SCRIPT);
  await page.goto("/game");
  // The script has decided: it lets the app start (which signs in afresh) and sends nothing.
  await appScriptAsked;
  const asked = await page.evaluate(
    () => (window as Window & { __boot?: { game?: unknown } }).__boot?.game !== undefined,
  );
  expect(asked).toBe(false);
  expect(opens).toEqual([]);
});
