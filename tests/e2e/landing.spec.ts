// The landing page as a visitor meets it at a desktop's, a phone's and the narrowest phone's size:
// the Daily and the Challenge told apart, How to Play short and grouped, a first visit's card opening
// sign-up (log-in once someone has signed in on the device), and its dialogs (the top bar's Login's
// too) opening before the app's scripts have come (src/components/NativeDialog.tsx, src/boot/start.ts).
import type { Page } from "@playwright/test";
import { SIGNED_IN_HERE_STORAGE_KEY } from "../../src/boot/protocol";
import {
  consoleProblems,
  expect,
  expectNoAxeViolations,
  expectNoSeriousViolations,
  newPlayer,
  SCREENS_DIR,
  test,
} from "../../testing/e2e/fixtures";

const SIZES = [
  { label: "desktop", width: 1280, height: 800 },
  { label: "mobile", width: 390, height: 844 },
  { label: "narrow", width: 320, height: 640 },
] as const;

const card = (page: Page, title: string) =>
  page.locator("[data-slot=card]").filter({ has: page.getByRole("heading", { name: title }) });

/** Nothing wider than the screen: no sideways scroll. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

for (const size of SIZES) {
  test(`the landing page at ${size.width}×${size.height}: the Daily and the Challenge, How to Play, a first visit's sign-up`, async ({
    page,
  }) => {
    test.slow(); // several axe scans and screenshots
    const problems = consoleProblems(page);
    await page.setViewportSize(size);
    await page.goto("/");

    // The spec's card word for word, and the Daily beside it plainly another kind of thing.
    const challenge = card(page, "Daily Challenge");
    await expect(challenge).toContainText(
      "20 new anime challenges every day. Can you guess them all?",
    );
    await expect(challenge).toContainText("Score points");
    const daily = card(page, "The Daily");
    await expect(daily).toContainText("One puzzle for everyone");
    await expect(daily).toContainText("The same 5 anime for everyone, once a day.");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS_DIR}/landing-${size.label}.png`, fullPage: true });

    // How to Play: a heading per way to play, within the screen, closed with Got it!
    await page.getByRole("button", { name: "How to Play" }).click();
    const rules = page.getByRole("dialog", { name: "How to Play" });
    await expect(rules).toBeVisible();
    for (const heading of [/^Daily Challenge/, /^The Daily/, /^Party Rooms/]) {
      await expect(rules.getByRole("heading", { name: heading })).toBeVisible();
    }
    const box = (await rules.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS_DIR}/landing-how-to-play-${size.label}.png` });
    await rules.getByRole("button", { name: "Got it!" }).click();
    await expect(rules).toBeHidden();
    await expect(page.getByRole("button", { name: "How to Play" })).toBeFocused();

    // A first visit: the featured card opens sign-up, not log-in.
    await daily.getByText("Play today's Daily").click();
    const signUp = page.getByRole("dialog", { name: "Create Account" });
    await expect(signUp).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Welcome Back!" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS_DIR}/landing-first-card-${size.label}.png` });
    await page.keyboard.press("Escape");
    await expect(signUp).toBeHidden();

    // Someone has signed in on this device: log-in, from either card.
    await page.evaluate((key) => localStorage.setItem(key, "1"), SIGNED_IN_HERE_STORAGE_KEY);
    await page.reload();
    await card(page, "The Daily").getByText("Play today's Daily").click();
    const login = page.getByRole("dialog", { name: "Welcome Back!" });
    await expect(login).toBeVisible();
    await expectNoSeriousViolations(page);
    await login.getByRole("button", { name: "Sign up here" }).click();
    await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
    await expect(login).toBeHidden();
    expect(problems).toEqual([]);
  });
}

/** Holds the app's scripts back until the returned function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("before the app's scripts have come, How to Play and a card's sign-up open, and what is typed is kept", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  await page.goto("/");
  await page.getByRole("button", { name: "How to Play" }).click();
  const rules = page.getByRole("dialog", { name: "How to Play" });
  await expect(rules).toBeVisible();
  await rules.getByRole("button", { name: "Got it!" }).click();
  await expect(rules).toBeHidden();

  await page.getByRole("button", { name: "Start Playing" }).click();
  const signUp = page.getByRole("dialog", { name: "Create Account" });
  await expect(signUp).toBeVisible();
  await signUp.getByLabel("Email").fill("early@example.com");
  await signUp.getByLabel("Username").fill("early");
  await signUp.getByLabel("Password", { exact: true }).fill("abc");
  // Sent before React has the form: held, not sent to the page's own address.
  await signUp.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/$/);
  release();
  // React has the form with what was typed: its check of the short password answers.
  await expect(signUp.getByText(/Password must be at least \d+ characters long/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(signUp.getByLabel("Email")).toHaveValue("early@example.com");
  await expect(signUp.getByLabel("Username")).toHaveValue("early");
  await expect(signUp.getByLabel("Password", { exact: true })).toHaveValue("abc");
  expect(problems).toEqual([]);
});

test("before the app's scripts have come, the top bar's Login opens the log-in; React then takes it over with what was typed", async ({
  page,
  backend,
}) => {
  const player = newPlayer("early");
  await backend.createAccount(player);
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const logIn = page.getByRole("dialog", { name: "Welcome Back!" });
  await expect(logIn).toBeVisible();
  // The way to the other dialog and back, before React too.
  await logIn.getByRole("button", { name: "Sign up here" }).click();
  const signUp = page.getByRole("dialog", { name: "Create Account" });
  await expect(signUp).toBeVisible();
  await expect(logIn).toBeHidden();
  await signUp.getByRole("button", { name: "Login here" }).click();
  await expect(logIn).toBeVisible();
  await expect(signUp).toBeHidden();
  await logIn.getByLabel("Email").fill(player.email);
  await logIn.getByLabel("Password", { exact: true }).fill(player.password);
  release();
  // React's form, with what was typed, signs the player in.
  await expect(logIn.locator("form:not([method=dialog])")).toHaveAttribute("data-live", "", {
    timeout: 20_000,
  });
  await expect(logIn.getByLabel("Email")).toHaveValue(player.email);
  await logIn.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("Successfully logged in!")).toBeVisible();
  await expect(logIn).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("Forgot password? tapped before the app's scripts have come opens the reset once they have", async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const logIn = page.getByRole("dialog", { name: "Welcome Back!" });
  await logIn.getByRole("button", { name: "Forgot password?" }).click();
  release();
  await expect(page.getByRole("dialog", { name: "Reset Password" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(logIn).toBeHidden();
  expect(problems).toEqual([]);
});
