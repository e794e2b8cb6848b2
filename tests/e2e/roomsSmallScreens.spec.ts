import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import {
  axeViolations,
  expect,
  newPlayer,
  SCREENS_DIR,
  test,
  type ServerControl,
} from "../../testing/e2e/fixtures";
import { testAnime, WRONG_GUESS } from "../../testing/fixtures/anime";
import { parseCataloguePage } from "../../convex/model/catalogue/anilist";
import { errorMessages } from "../../convex/model/shared/errors";
import { ROOM_SECONDS_MAX } from "../../convex/model/shared/rules";

// A room at the desktop, phone and smallest phone sizes, as issue 43 found it: each screen with
// no sideways scroll and nothing for axe; on a phone the whole clue beside the guess box and the
// suggestions clear of the clue; Remove asks first; a refused Start says why and stays.

type Size = readonly [label: string, size: { width: number; height: number }];
const SIZES: readonly Size[] = [
  ["1280x800", { width: 1280, height: 800 }],
  ["390x844", { width: 390, height: 844 }],
  ["320x640", { width: 320, height: 640 }],
];
const PHONES = SIZES.slice(1);

/** Elements that scroll sideways, or stick out past the screen's right edge: none, anywhere. */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page: ${root.scrollWidth} px wide`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const name = `${element.tagName}.${String(element.className).slice(0, 80)}`;
      const { overflowX } = getComputedStyle(element);
      const scrolls = overflowX === "auto" || overflowX === "scroll";
      if (scrolls && element.scrollWidth > element.clientWidth + 1) found.push(`scrolls: ${name}`);
      if (element.getBoundingClientRect().right > window.innerWidth + 1)
        found.push(`wide: ${name}`);
    }
    return found.slice(0, 5);
  });
}

/** At each size: no sideways scroll, axe-clean, and a screenshot `<name>-<size>.png`. */
async function everySize(page: Page, name: string, sizes = SIZES, show?: Locator) {
  for (const [label, size] of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(250);
    await show?.scrollIntoViewIfNeeded();
    expect(await sidewaysScroll(page), `${name} at ${label}`).toEqual([]);
    expect(await axeViolations(page), `${name} at ${label}`).toEqual([]);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${label}.png` });
  }
}

async function playerPage(browser: Browser, backend: ServerControl, name: string, phone = false) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const player = await backend.signIn(page, newPlayer(name));
  return { page, player };
}

/** A pool whose clues are as long as the offline preview's longest (a real AniList one). */
async function seedLongClues(backend: ServerControl, count: number) {
  // The offline preview's sample (testing/fixtures/offlinePool.ts), read as its refresh reads it.
  const sample: unknown = JSON.parse(
    readFileSync(
      new URL("../../testing/fixtures/anilist/offline-sample.json", import.meta.url),
      "utf8",
    ),
  );
  const story = parseCataloguePage(sample)
    .items.map((item) => item.clue.split("\nGenres: ")[0])
    .sort((a, b) => b.length - a.length)[0];
  await backend.seed(
    "anime",
    Array.from({ length: count }, (_, i) =>
      testAnime(i + 1, {
        english: `Test Show ${i + 1}`,
        clue: `File ${i + 1}. ${story}\nGenres: Action, Mystery, Comedy`,
        answers: [`Test Show ${i + 1}`, "Test Show"],
        randomRank: (i + 0.5) / count,
      }),
    ),
  );
}

async function guess(page: Page, text: string) {
  const box = page.getByRole("combobox", { name: "Your guess" });
  await box.fill(text);
  await box.press("Enter");
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

test("a room at 1280, 390 and 320 px: never a sideways scroll, nothing for axe; on phones the whole clue sits beside the guess box and the suggestions leave the clue in view; a player who left says so", async ({
  browser,
  backend,
}) => {
  test.setTimeout(240_000);
  await seedLongClues(backend, 6);
  const host = await playerPage(browser, backend, "hostess");
  const guest = await playerPage(browser, backend, "guest", true);
  const third = newPlayer("third");
  await backend.createAccount(third);

  await host.page.goto("/room");
  await host.page.getByRole("button", { name: "Make a room" }).click();
  const code = (await host.page.getByTestId("room-code").textContent())!;
  await guest.page.goto(`/room/${code}`);
  await backend.run("mutation", "rooms:join", { code }, third.email);
  const lobby = host.page.getByRole("list", { name: "Players in the room" });
  await expect(lobby.getByRole("listitem")).toHaveCount(3);
  await everySize(host.page, "rooms-small-lobby-host");
  await everySize(guest.page, "rooms-small-lobby-guest");

  await host.page.setViewportSize({ width: 1280, height: 800 });
  // The longest rounds: the checks below take real time, and the server's clock runs meanwhile.
  await host.page.getByLabel(/Seconds per round/).focus();
  await host.page.keyboard.press("End");
  await host.page.getByRole("button", { name: "Start" }).click();
  await expect(guest.page.getByText(/^Round 1 \//)).toBeVisible();

  // The third player leaves mid-game: their row says so, in words.
  await backend.run("mutation", "rooms:leave", { code }, third.email);
  const thirdRow = guest.page.getByTestId("score-row").filter({ hasText: third.username });
  await expect(thirdRow).toContainText("left");
  await expect(
    host.page.getByTestId("score-row").filter({ hasText: third.username }),
  ).toContainText("left");
  await everySize(guest.page, "rooms-small-round");

  // On each phone: the whole clue, then the suggestions, and the guess box in view throughout.
  const clue = guest.page.locator("#room-clue-text");
  const guessBox = guest.page.getByRole("combobox", { name: "Your guess" });
  const suggestions = guest.page.getByRole("listbox", { name: "Suggested titles" });
  for (const [label, size] of PHONES) {
    await guest.page.setViewportSize(size);
    await guest.page.getByRole("button", { name: "Whole clue" }).click();
    await expect(clue).toContainText("Genres: Action, Mystery, Comedy");
    expect(await clue.evaluate((p) => p.scrollHeight <= p.clientHeight + 1)).toBe(true);
    await expect(clue).toBeInViewport({ ratio: 1 });
    await expect(guessBox).toBeInViewport({ ratio: 1 });
    await everySize(guest.page, "rooms-small-whole-clue", [[label, size]]);

    await guessBox.fill("Test Sh");
    await expect(suggestions).toBeVisible();
    expect((await box(suggestions)).y).toBeGreaterThanOrEqual(
      (await box(clue)).y + (await box(clue)).height,
    );
    await expect(clue).toBeInViewport({ ratio: 1 });
    await expect(guessBox).toBeInViewport({ ratio: 1 });
    expect(await axeViolations(guest.page)).toEqual([]);
    await guest.page.screenshot({ path: `${SCREENS_DIR}/rooms-small-suggestions-${label}.png` });
    await guessBox.fill("");
    await guest.page.getByRole("button", { name: "Less of the clue" }).click();
  }
  // At 1280 the clue is whole beside the cover; the list opens below the box, clear of it too.
  await guest.page.setViewportSize({ width: 1280, height: 800 });
  await guessBox.fill("Test Sh");
  await expect(suggestions).toBeVisible();
  const clueBox = await box(clue);
  const listBox = await box(suggestions);
  expect(listBox.y >= clueBox.y + clueBox.height || listBox.y + listBox.height <= clueBox.y).toBe(
    true,
  );
  await guest.page.screenshot({ path: `${SCREENS_DIR}/rooms-small-suggestions-1280x800.png` });
  expect(await axeViolations(guest.page)).toEqual([]);

  // A wrong guess, then the right one: the outcomes' colours read on the dark theme too.
  await guessBox.fill(WRONG_GUESS);
  await guessBox.press("Enter");
  await expect(guest.page.getByText(/Not it\. 4 left/)).toBeVisible();
  expect(await axeViolations(guest.page)).toEqual([]);
  await guest.page.waitForTimeout(1_000); // one guess per second
  await guessBox.fill("Test Show");
  await guessBox.press("Enter");
  await expect(guest.page.getByText(/Solved 1st/)).toBeVisible();
  await everySize(guest.page, "rooms-small-solved");
  await guess(host.page, "Test Show");
  await expect(guest.page.getByText(/^It was Test Show/)).toBeVisible();
  await everySize(guest.page, "rooms-small-reveal");

  // The rest of the game runs out on the server's clock (as in rooms.spec.ts), to the podium.
  const jump = async (ms: number) => {
    await backend.advanceClock(ms);
    for (const { page } of [host, guest]) {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    }
    await host.page.waitForTimeout(300);
  };
  // Each jump ends a round or its reveal, whichever is on (the checks above take real time).
  const podium = guest.page.getByRole("heading", { name: "Final standings" });
  await expect(async () => {
    await jump(ROOM_SECONDS_MAX * 1000);
    await expect(podium).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(guest.page.getByRole("list", { name: "Podium" }).getByRole("listitem")).toHaveCount(
    3,
  );
  await everySize(guest.page, "rooms-small-podium");
  await everySize(host.page, "rooms-small-podium-host");
});

test("removing a player asks first and says it is permanent; Keep changes nothing; the target is at least 24 px", async ({
  browser,
  backend,
}) => {
  test.setTimeout(120_000);
  await backend.seedAnimePool(3);
  const host = await playerPage(browser, backend, "keeper");
  const guest = await playerPage(browser, backend, "visitor", true);
  await host.page.goto("/room");
  await host.page.getByRole("button", { name: "Make a room" }).click();
  const code = (await host.page.getByTestId("room-code").textContent())!;
  await guest.page.goto(`/room/${code}`);
  const players = host.page.getByRole("list", { name: "Players in the room" });
  await expect(players.getByRole("listitem")).toHaveCount(2);

  const name = guest.player.username;
  const remove = host.page.getByRole("button", { name: `Remove ${name}` });
  const dialog = host.page.getByRole("alertdialog", { name: `Remove ${name} from the room?` });
  for (const [label, size] of SIZES) {
    await host.page.setViewportSize(size);
    const target = await box(remove);
    expect(Math.min(target.width, target.height), label).toBeGreaterThanOrEqual(24);
    await remove.click();
    await expect(dialog).toContainText("This is permanent");
    await expect(dialog).toContainText("can never join this room again");
    await expect(dialog.getByRole("button", { name: `Keep ${name}` })).toBeFocused();
    await everySize(host.page, "rooms-small-remove-dialog", [[label, size]]);
    // Keep: nothing happens, and the focus is back on Remove.
    await dialog.getByRole("button", { name: `Keep ${name}` }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(players.getByRole("listitem")).toHaveCount(2);
  }

  // Removed during a round, from the scoreboard: its button is 24 px too.
  await host.page.getByRole("button", { name: "Start" }).click();
  await expect(host.page.getByTestId("score-row")).toHaveCount(2);
  for (const [label, size] of SIZES) {
    await host.page.setViewportSize(size);
    const target = await box(remove);
    expect(Math.min(target.width, target.height), label).toBeGreaterThanOrEqual(24);
  }
  await remove.click();
  await dialog.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(host.page.getByTestId("score-row")).toHaveCount(1);
  await expect(
    guest.page.getByRole("heading", { name: `You were removed from ${code}` }),
  ).toBeVisible();
});

test("a Start with nothing to deal says why and what to do, and stays on screen until Try again starts the game", async ({
  page,
  backend,
}) => {
  test.setTimeout(120_000);
  // Five anime, all held by today's Daily (opened first): nothing a room may be dealt.
  await backend.seedAnimePool(5);
  const host = await backend.signIn(page, newPlayer("starter"));
  await page.goto("/daily");
  await expect(page.getByText("Anime 1 of 5")).toBeVisible();
  await page.goto("/room");
  await page.getByRole("button", { name: "Make a room" }).click();
  await page.getByRole("button", { name: "Start" }).click();

  const refusal = page.getByRole("alert").filter({ hasText: "The game did not start" });
  await expect(refusal).toContainText(errorMessages.ROOM_POOL_TOO_SMALL);
  // Still there once any toast would have gone.
  await page.waitForTimeout(6_000);
  await expect(refusal).toBeVisible();
  await expect(page.getByRole("button", { name: "Start" })).toHaveCount(0);
  await everySize(page, "rooms-small-start-refused", SIZES, refusal);

  // An admin host is also told how to fill the pool.
  await backend.makeAdmin(host.email);
  await page.reload();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(refusal).toContainText("npx convex run catalogue:fillPool");
  await everySize(page, "rooms-small-start-refused-admin", SIZES, refusal);

  // The pool grows: Try again starts the game.
  await backend.seed(
    "anime",
    [6, 7, 8].map((n) => testAnime(n, { english: `Test Show ${n}`, answers: ["Test Show"] })),
  );
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Round 1 / 5")).toBeVisible();
});
