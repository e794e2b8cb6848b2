import type { Browser, Page } from "@playwright/test";
import {
  expect,
  newPlayer,
  screenshots,
  SCREENS_DIR,
  test,
  type Player,
  type ServerControl,
} from "../../testing/e2e/fixtures";
import {
  ROOM_MAX_PLAYERS,
  ROOM_REVEAL_MS,
  ROOM_SECONDS_MIN,
} from "../../convex/model/shared/rules";
import { WRONG_GUESS } from "../../testing/fixtures/anime";

const PHONE = { width: 390, height: 844 };

/** A player signed in on a browser context of their own (a desktop, or a phone's `viewport`). */
async function playerPage(
  browser: Browser,
  backend: ServerControl,
  name: string,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const player = await backend.signIn(page, newPlayer(name));
  return { page, player };
}

const scoreRow = (page: Page, player: Player) =>
  page.getByTestId("score-row").filter({ hasText: player.username });

async function guess(page: Page, text: string) {
  const box = page.getByRole("combobox", { name: "Your guess" });
  await box.fill(text);
  await box.press("Enter");
}

test("three friends play a room to the podium, each scoreboard moving live", async ({
  browser,
  backend,
}) => {
  test.setTimeout(150_000);
  await backend.seedAnimePool(8);
  const host = await playerPage(browser, backend, "hana");
  const kai = await playerPage(browser, backend, "kai");
  const mio = await playerPage(browser, backend, "mio");

  // The host makes the room from the QR page's "Play with friends".
  await host.page.goto("/qr");
  await host.page.getByRole("link", { name: "Play with friends" }).click();
  await host.page.getByRole("button", { name: "Make a room" }).click();
  const code = (await host.page.getByTestId("room-code").textContent())!;
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
  await expect(host.page).toHaveURL(new RegExp(`/room/${code}$`));

  // Friends join by the link (Kai) and by typing the code (Mio).
  await kai.page.goto(`/room/${code}`);
  await mio.page.goto("/room");
  await mio.page.getByLabel("Or join with a code").fill(code.toLowerCase());
  await mio.page.getByRole("button", { name: "Join", exact: true }).click();
  const lobby = host.page.getByRole("list", { name: "Players in the room" });
  await expect(lobby.getByRole("listitem")).toHaveCount(3);
  await expect(kai.page.getByText("Waiting for the host to start")).toBeVisible();

  // The host picks 5 rounds of the shortest length and starts.
  await host.page.getByLabel(/Seconds per round/).focus();
  await host.page.keyboard.press("Home");
  await expect(host.page.getByLabel(/Seconds per round/)).toHaveValue(String(ROOM_SECONDS_MIN));
  await expect(kai.page.getByText(`5 rounds of ${ROOM_SECONDS_MIN} seconds`)).toBeVisible();
  await screenshots(host.page, "room-lobby");
  await host.page.getByRole("button", { name: "Start" }).click();

  const everyone = [host, kai, mio];
  for (const { page } of everyone) await expect(page.getByText("Round 1 / 5")).toBeVisible();
  // Everyone sees the same cover address and clue.
  const cover = (page: Page) => page.getByRole("img", { name: /cover/i });
  const src = await cover(host.page).getAttribute("src");
  expect(src).toMatch(/\/cover\/[0-9a-f]{32}\/\d$/);
  for (const { page } of [kai, mio]) await expect(cover(page)).toHaveAttribute("src", src!);

  // Kai solves: the other two scoreboards show it at once, without a reload.
  await guess(kai.page, WRONG_GUESS);
  await expect(kai.page.getByText(/Not it\. 4 left/)).toBeVisible();
  await kai.page.waitForTimeout(1_000); // one guess per second
  await guess(kai.page, "Test Show");
  await expect(kai.page.getByText(/Solved 1st/)).toBeVisible();
  for (const { page } of [host, mio]) {
    await expect(scoreRow(page, kai.player).getByLabel("solved")).toBeVisible();
    await expect(scoreRow(page, kai.player)).not.toContainText(/^.*\b0$/);
  }
  // On a phone the cover, the guess box and the scoreboard fit without scrolling.
  await mio.page.setViewportSize({ width: 390, height: 844 });
  const fits = await mio.page.evaluate(
    () => document.documentElement.scrollHeight <= window.innerHeight,
  );
  expect(fits).toBe(true);
  await screenshots(mio.page, "room-round");

  await guess(host.page, "Test Show");
  await guess(mio.page, "Test Show");
  for (const { page } of everyone) await expect(page.getByText(/^It was Test Show/)).toBeVisible();
  await expect(cover(mio.page)).toHaveAttribute("src", /\/clear$/);
  await screenshots(mio.page, "room-reveal");

  // The next round comes by itself after the reveal.
  for (const { page } of everyone) {
    await expect(page.getByText("Round 2 / 5")).toBeVisible({ timeout: ROOM_REVEAL_MS + 5_000 });
  }
  await guess(mio.page, "Test Show");
  await expect(scoreRow(host.page, mio.player).getByLabel("solved")).toBeVisible();
  await expect(scoreRow(kai.page, mio.player).getByLabel("solved")).toBeVisible();
  await guess(kai.page, "Test Show");
  await guess(host.page, "Test Show");
  await expect(host.page.getByText(/^It was Test Show/)).toBeVisible();

  // The last three rounds run out on the server's clock. It jumps 110 s in a few real seconds,
  // past the pages' 8-second heartbeats: after each jump every page beats, as a tab coming back
  // into view does, or the room would count everyone gone and pause (ROOM_EMPTY_PAUSE_MS).
  const jump = async (ms: number) => {
    await backend.advanceClock(ms);
    for (const { page } of everyone) {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    }
    await host.page.waitForTimeout(300);
  };
  for (let n = 3; n <= 5; n++) {
    await jump(ROOM_REVEAL_MS);
    await expect(host.page.getByText(`Round ${n} / 5`)).toBeVisible();
    await jump(ROOM_SECONDS_MIN * 1000);
    await expect(host.page.getByText(/^It was Test Show/)).toBeVisible();
  }
  await jump(ROOM_REVEAL_MS);
  for (const { page } of everyone) {
    await expect(page.getByRole("heading", { name: "Final standings" })).toBeVisible();
  }
  const stats = host.page.getByRole("table", { name: "Each player's stats" });
  await expect(stats.getByRole("row")).toHaveCount(4);
  // The host, or whoever took over while the server's clock jumped past their heartbeats,
  // offers Play again; the others wait for it.
  const count = (name: "offer" | "wait") =>
    Promise.all(
      everyone.map(({ page }) =>
        name === "offer"
          ? page.getByRole("button", { name: "Play again" }).count()
          : page.getByText("Waiting for the host to play again").count(),
      ),
    );
  await expect.poll(async () => (await count("offer")).reduce((a, b) => a + b)).toBe(1);
  await expect.poll(async () => (await count("wait")).reduce((a, b) => a + b)).toBe(2);
  const offers = await count("offer");
  await screenshots(kai.page, "room-podium");

  // Play again: same room, same players, a fresh game.
  await everyone[offers.indexOf(1)].page.getByRole("button", { name: "Play again" }).click();
  for (const { page } of everyone) await expect(page.getByText("Round 1 / 5")).toBeVisible();
});

test("a visitor opening a room's link logs in and lands in the room; an unknown one says so", async ({
  page,
  backend,
}) => {
  await backend.seedAnimePool(3);
  const visitor = newPlayer("visitor");
  await backend.createAccount(visitor);
  const host = newPlayer("host");
  await backend.createAccount(host);
  const { code } = await backend.run<{ code: string }>("mutation", "rooms:create", {}, host.email);
  await page.goto(`/room/${code}`);
  await expect(page.getByRole("heading", { name: `Join room ${code}` })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: "Welcome Back!" });
  await dialog.getByLabel("Email").fill(visitor.email);
  await dialog.getByLabel("Password", { exact: true }).fill(visitor.password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("room-code")).toHaveText(code);
  await expect(page).toHaveURL(new RegExp(`/room/${code}$`));
  await expect(page.getByRole("list", { name: "Players in the room" })).toContainText(
    visitor.username,
  );

  await page.goto("/room/ZZZZZZ");
  await expect(page.getByRole("alert")).toHaveText(/There is no room with that code/);
});

test("on a phone, a full room's round fits the screen: cover, guess box and all twelve scores", async ({
  page,
  backend,
}) => {
  test.setTimeout(90_000);
  await backend.seedAnimePool(3);
  const me = await backend.signIn(page, newPlayer("phone"));
  const { code } = await backend.run<{ code: string }>("mutation", "rooms:create", {}, me.email);
  for (let i = 0; i < ROOM_MAX_PLAYERS - 1; i++) {
    const friend = newPlayer(`friend${i}`);
    await backend.createAccount(friend);
    await backend.run("mutation", "rooms:join", { code }, friend.email);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/room/${code}`);
  await expect(
    page.getByRole("list", { name: "Players in the room" }).getByRole("listitem"),
  ).toHaveCount(ROOM_MAX_PLAYERS);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("score-row")).toHaveCount(ROOM_MAX_PLAYERS);
  await expect(page.getByRole("combobox", { name: "Your guess" })).toBeInViewport({ ratio: 1 });
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight),
  ).toBe(true);
  await expect
    .poll(() =>
      page
        .getByRole("img", { name: /cover/i })
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    )
    .toBe(true);
  await page.waitForTimeout(600); // the cross-fade
  await page.screenshot({ path: `${SCREENS_DIR}/room-round-12-players-mobile.png` });
});

/** The rooms screens at the desktop, phone and smallest phone sizes, to look at. */
async function shootAll(page: Page, name: string) {
  for (const [label, size] of [
    ["1280x800", { width: 1280, height: 800 }],
    ["390x844", { width: 390, height: 844 }],
    ["320x640", { width: 320, height: 640 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${label}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("on phones: a room found from the landing page, joined by link, a round with the whole clue and the typeahead, a guest removed for good, Leave back to the rooms page", async ({
  browser,
  backend,
}) => {
  test.setTimeout(120_000);
  await backend.seedAnimePool(4);
  const phone = (name: string) => playerPage(browser, backend, name, PHONE);
  const host = await phone("hostess");
  const guest = await phone("guest");

  // The host finds rooms from the landing page (and the top bar has them too).
  await host.page.goto("/");
  await expect(
    host.page.getByRole("banner").getByRole("link", { name: "Play with friends" }),
  ).toBeVisible();
  await shootAll(host.page, "landing");
  await host.page.getByRole("main").getByRole("link", { name: "Play with friends" }).click();
  await expect(host.page).toHaveURL(/\/room$/);
  await shootAll(host.page, "rooms-home");
  await host.page.getByRole("button", { name: "Make a room" }).click();
  const code = (await host.page.getByTestId("room-code").textContent())!;
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);

  // The guest opens the link: the lobby, with both players.
  await guest.page.goto(`/room/${code}`);
  await expect(guest.page.getByText("Waiting for the host to start")).toBeVisible();
  await expect(
    host.page.getByRole("list", { name: "Players in the room" }).getByRole("listitem"),
  ).toHaveCount(2);
  await shootAll(host.page, "rooms-lobby-host");
  await host.page.getByRole("button", { name: "Start" }).click();
  await expect(guest.page.getByText(/^Round 1 \//)).toBeVisible();

  // The whole clue: cut to three lines at first, all of it at a tap.
  const clue = guest.page.locator("#room-clue-text");
  const cut = () => clue.evaluate((p) => p.scrollHeight > p.clientHeight + 1);
  expect(await cut()).toBe(true);
  await guest.page.getByRole("button", { name: "Whole clue" }).click();
  expect(await cut()).toBe(false);
  await expect(clue).toContainText("Genres: Adventure, Drama");
  const dealt = /^File (\d+)\./.exec(await clue.innerText())![1];

  // A wrong guess, the same again (not sent: it would spend a guess), then the right title
  // picked from the typeahead's suggestions.
  const box = guest.page.getByRole("combobox", { name: "Your guess" });
  const history = guest.page.getByRole("region", { name: "Your guesses" });
  await box.fill(WRONG_GUESS);
  await box.press("Enter");
  await expect(history.getByRole("listitem").nth(0)).toHaveText(`${WRONG_GUESS}Wrong`);
  await box.fill(` ${WRONG_GUESS.toUpperCase()} `);
  await box.press("Enter");
  await expect(history.getByRole("listitem").nth(1)).toHaveText(
    `${WRONG_GUESS.toUpperCase()}Already tried — not counted`,
  );
  await expect(guest.page.getByText("4 / 5 guesses")).toBeVisible();
  await box.fill("Test Sh");
  const right = guest.page
    .getByRole("listbox", { name: "Suggested titles" })
    .getByRole("option", { name: `Test Show ${dealt}`, exact: true });
  await expect(right).toBeVisible();
  await shootAll(guest.page, "rooms-round-guest");
  await box.fill("Test Sh"); // the shots' resizing closed the list
  await right.click();
  await expect(box).toHaveValue(`Test Show ${dealt}`);
  await box.press("Enter");
  await expect(guest.page.getByText(/Solved 1st/)).toBeVisible();
  await expect(history.getByRole("listitem").nth(2)).toHaveText(`Test Show ${dealt}Correct`);
  await shootAll(guest.page, "rooms-round-solved");

  // The host removes the guest, who is told so, goes back to the rooms page, and stays out.
  await host.page.getByRole("button", { name: `Remove ${guest.player.username}` }).click();
  await host.page
    .getByRole("alertdialog")
    .getByRole("button", { name: `Remove ${guest.player.username}` })
    .click();
  await expect(host.page.getByTestId("score-row")).toHaveCount(1);
  await expect(
    guest.page.getByRole("heading", { name: `You were removed from ${code}` }),
  ).toBeVisible();
  await shootAll(guest.page, "rooms-removed");
  await guest.page.getByRole("link", { name: "Back to rooms" }).click();
  await expect(guest.page).toHaveURL(/\/room$/);
  await guest.page.goto(`/room/${code}`);
  await expect(guest.page.getByRole("alert")).toHaveText(
    "The host removed you from this room. Ask them for another one",
  );

  // Leave takes the host to the rooms page too.
  await host.page.getByRole("button", { name: "Leave" }).click();
  await expect(host.page).toHaveURL(/\/room$/);
  await expect(host.page.getByRole("heading", { name: "Play with friends" })).toBeVisible();
});

test("on phones: a private room is joined by its link only; its code typed alone is answered as no room", async ({
  browser,
  backend,
}) => {
  test.setTimeout(90_000);
  await backend.seedAnimePool(3);
  const phone = (name: string) => playerPage(browser, backend, name, PHONE);
  const host = await phone("keeper");
  const guest = await phone("friend");

  // The host makes the room private: with the keyboard, as anyone may.
  await host.page.goto("/room");
  const choice = host.page.getByRole("switch", {
    name: "Private: only people with the link can join",
  });
  await choice.focus();
  await host.page.keyboard.press("Space");
  await expect(choice).toBeChecked();
  await expect(host.page.getByText(/The code alone won't let anyone in/)).toBeVisible();
  await shootAll(host.page, "rooms-home-private");
  await host.page.getByRole("button", { name: "Make a private room" }).click();
  const code = (await host.page.getByTestId("room-code").textContent())!;
  await expect(
    host.page.getByText(/Private: only people with this link or QR code can join/),
  ).toBeVisible();
  await shootAll(host.page, "rooms-lobby-private");

  // The guest types the code: refused as a code no room has.
  await guest.page.goto("/room");
  await guest.page.getByLabel("Or join with a code").fill(code);
  await guest.page.getByRole("button", { name: "Join", exact: true }).click();
  await expect(guest.page.getByRole("alert")).toHaveText(
    "There is no room with that code. Check the code or ask for a new link",
  );
  await shootAll(guest.page, "rooms-private-by-code");

  // The host's link (as copied or in the QR code) lets the guest in.
  await host.page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await host.page.getByRole("button", { name: "Copy link" }).click();
  const link = await host.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/room/${code}#[0-9a-f]{32}$`));
  await guest.page.goto(link);
  await expect(guest.page.getByText("Waiting for the host to start")).toBeVisible();
  await expect(
    host.page.getByRole("list", { name: "Players in the room" }).getByRole("listitem"),
  ).toHaveCount(2);
});
