// Issue 14: on a signed-in player's fresh load of /game, index.html's script asks for the round
// and paints it from the game screen's template before the app's scripts arrive; React then
// replaces it with the same screen (src/features/game/openGameEarly.ts, roundTemplate.ts).
import type { Page, Request } from "@playwright/test";
import { consoleProblems, expect, test, type ServerControl } from "../../testing/e2e/fixtures";
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

/** Every script of the app but the /game script that index.html loads. */
const APP_SCRIPT = /\/assets\/(?!open-game-)[^/]+\.js$/;

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

/** The answer to the HTML's game:open call. */
function earlyAnswer(page: Page) {
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

test("a signed-in player's /game paints its round without the app's scripts", async ({
  page,
  backend,
}) => {
  const opens = await playerBeforeGame(page, backend);
  // None of the app's scripts runs: the call and the round come from the HTML's script.
  await blockAppScripts(page);
  const answered = earlyAnswer(page);
  await page.goto("/game");
  const { round } = (await answered).value;
  await expect(clue(page)).toHaveText(round.clue);
  await expect(page.getByRole("heading", { level: 1, name: "Guess the Anime" })).toBeVisible();
  await expect(page.getByText("Score: 0")).toBeVisible();
  await expect(page.getByText("Anime Guesses: 5/5")).toBeVisible();
  await expect(page.getByText("Daily Guesses: 20/20")).toBeVisible();
  await expect(guessBox(page)).toBeEditable();
  // The cover's box in the round's colour, waiting for its image.
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(round.coverColor.slice(at, at + 2), 16));
  await expect(page.getByTestId("cover")).toHaveCSS("background-color", `rgb(${r}, ${g}, ${b})`);
  expect(opens).toEqual(["signed in"]);
});

test("the app's scripts are requested only once the browser has shown the painted round", async ({
  page,
  backend,
}) => {
  await playerBeforeGame(page, backend);
  await page.addInitScript(() => {
    const painted: { at: number; text: string }[] = [];
    (window as Window & { painted?: typeof painted }).painted = painted;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element })[]) {
        painted.push({ at: entry.startTime, text: entry.element?.textContent ?? "" });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const answered = earlyAnswer(page);
  await page.goto("/game");
  const { round } = (await answered).value;
  // Once React has the page, every script it needed has loaded.
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  const { roundPaintedAt, firstAppScriptAt } = await page.evaluate((clueText) => {
    const painted = (window as Window & { painted?: { at: number; text: string }[] }).painted!;
    return {
      roundPaintedAt: painted.find(({ text }) => text === clueText)?.at ?? Infinity,
      firstAppScriptAt: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/(?!open-game-)[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    };
  }, round.clue);
  // The clue is the page's largest paint, before any of the app's scripts was asked for.
  expect(roundPaintedAt).toBeLessThan(Infinity);
  expect(firstAppScriptAt).toBeGreaterThanOrEqual(roundPaintedAt);
});

test("React takes the painted round over in place, with the typed guess and the focus", async ({
  page,
  backend,
}) => {
  await playerBeforeGame(page, backend);
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  const answered = earlyAnswer(page);
  await page.goto("/game", { waitUntil: "commit" });
  const { round } = (await answered).value;
  await expect(clue(page)).toHaveText(round.clue);
  // From now on, note any moment the clue is not on screen.
  await page.evaluate((clueText) => {
    const w = window as Window & { clueGone?: boolean; samePage?: boolean };
    w.samePage = true;
    new MutationObserver(() => {
      if (!document.querySelector("main")?.textContent?.includes(clueText)) w.clueGone = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, round.clue);
  await guessBox(page).click();
  await guessBox(page).pressSequentially("Test Sh");

  // The game screen takes the early call once it has rendered (earlyOpen.ts).
  const reactStarted = page.waitForFunction(
    () => (window as Window & { __earlyGameOpen?: unknown }).__earlyGameOpen === undefined,
  );
  release();
  await reactStarted;
  await expect(guessBox(page)).toHaveValue("Test Sh");
  await expect(guessBox(page)).toBeFocused();
  // The caret stayed at the end: typing goes on where it stopped.
  await page.keyboard.type("ow 2");
  await expect(guessBox(page)).toHaveValue("Test Show 2");
  expect(
    await page.evaluate(() => {
      const w = window as Window & { clueGone?: boolean; samePage?: boolean };
      return { clueGone: w.clueGone ?? false, samePage: w.samePage ?? false };
    }),
  ).toEqual({ clueGone: false, samePage: true });
  await expect(clue(page)).toHaveText(round.clue);
  expect(problems).toEqual([]);
});

test("a guess sent in the painted round is judged once the app has come, once", async ({
  page,
  backend,
}) => {
  await playerBeforeGame(page, backend);
  const guesses: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/mutation") && request.postData()?.includes('"game:guess"')) {
      guesses.push(request.postData()!);
    }
  });
  const release = await holdAppScripts(page);
  const answered = earlyAnswer(page);
  await page.goto("/game", { waitUntil: "commit" });
  const { round } = (await answered).value;
  await expect(clue(page)).toHaveText(round.clue);
  await page.evaluate(() => ((window as Window & { samePage?: boolean }).samePage = true));
  const shown = /^File (\d+)\./.exec(round.clue)![1];
  await guessBox(page).fill(`Test Show ${shown}`);
  // Enter clicks Submit; nothing happens yet, and the page does not reload.
  await guessBox(page).press("Enter");
  await page.getByRole("button", { name: "Submit Guess" }).click();
  expect(guesses).toEqual([]);

  release();
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
  await expect(page.getByText(/^Score: [1-9]/)).toBeVisible();
  expect(guesses).toHaveLength(1);
  expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBe(
    true,
  );
});

test("coming from another page, the painted round is taken over once, the typed guess kept", async ({
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
  await guessBox(page).fill("Test Show");
  release();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  await expect(guessBox(page)).toHaveValue("Test Show");
  // No list of suggestions opens by itself over the buttons: Submit is there to click.
  await page.getByRole("button", { name: "Submit Guess" }).click();
  await expect(page.getByText("Correct! You got it!")).toBeVisible();
  expect(opens).toEqual(["signed in"]);
  expect(problems).toEqual([]);
});

test("the round the HTML asked for is the one the game shows, and the visit opens once", async ({
  page,
  backend,
}) => {
  const opens = await playerBeforeGame(page, backend);
  const answered = earlyAnswer(page);
  await page.goto("/game");
  const { round } = (await answered).value;
  // The client has signed in (the top bar's spinner is gone) and the live state has taken over.
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("status")).toHaveCount(
    0,
  );
  await expect(clue(page)).toHaveText(round.clue);
  expect(opens).toEqual(["signed in"]);
});

test("a visitor who is not signed in gets the app at once, without the round's script", async ({
  page,
}) => {
  const requested: Request[] = [];
  page.on("request", (request) => requested.push(request));
  await page.goto("/game");
  await expect(page.getByRole("button", { name: "Log in to play" })).toBeVisible();
  expect(requested.filter((request) => request.url().includes("/open-game-"))).toEqual([]);
});

test("with a token about to expire the page asks for nothing before the app's scripts run", async ({
  page,
  backend,
}) => {
  const opens = await playerBeforeGame(page, backend);
  // The page's clock is set to 10 s before the token expires (by the server's clock, which
  // other tests may have moved ahead); the server would still accept it.
  await page.addInitScript(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith("__convexAuthJWT_"));
    if (key === undefined) return;
    const payload = localStorage.getItem(key)!.split(".")[1];
    const { exp } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as {
      exp: number;
    };
    const realNow = Date.now;
    const skew = exp * 1000 - 10_000 - realNow();
    Date.now = () => realNow() + skew;
  });
  await blockAppScripts(page);
  const appScriptAsked = page.waitForRequest(APP_SCRIPT);
  await page.goto("/game");
  // The script has decided: it lets the app start (which signs in afresh) and sends nothing.
  await appScriptAsked;
  const asked = await page.evaluate(
    () => (window as Window & { __earlyGameOpen?: unknown }).__earlyGameOpen !== undefined,
  );
  expect(asked).toBe(false);
  expect(opens).toEqual([]);
});
