import type { Page } from "@playwright/test";
import {
  expect,
  newPlayer,
  screenshots,
  test,
  type Player,
  expectNoSeriousViolations,
} from "../../testing/e2e/fixtures";

async function openSignUp(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Sign up here" }).click();
  return page.getByRole("dialog", { name: "Create Account" });
}

async function fillSignUp(page: Page, { email, username, password }: Partial<Player>) {
  const dialog = page.getByRole("dialog", { name: "Create Account" });
  await dialog.getByLabel("Email").fill(email ?? "");
  await dialog.getByLabel("Username").fill(username ?? "");
  await dialog.getByLabel("Password", { exact: true }).fill(password ?? "");
  await dialog.getByRole("button", { name: "Sign Up" }).click();
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole("dialog", { name: "Welcome Back!" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Login", exact: true }).click();
}

test("a visitor sees the landing page and is asked to sign up or log in to play", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Anime Guess", level: 1 })).toBeVisible();
  await expect(
    page.getByText("Test your anime knowledge with our daily guessing game!"),
  ).toBeVisible();
  await expect(
    page.getByText("20 new anime challenges every day. Can you guess them all?"),
  ).toBeVisible();
  await expect(page.getByText("Compete with other players and climb the rankings!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await screenshots(page, "landing-signed-out");

  // Nobody has signed in on this browser: the way in is Sign Up (tests/e2e/profile.spec.ts).
  await page.getByRole("button", { name: /start playing/i }).click();
  await expect(page.getByRole("dialog", { name: "Create Account" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Welcome Back!" });
  await expect(login).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, "login-dialog");
  await page.keyboard.press("Escape");
  await expect(login).toBeHidden();

  await page.getByRole("link", { name: "View Rankings" }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);
});

test("How to Play explains the rules and closes with Got it!", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "How to Play" }).click();
  const dialog = page.getByRole("dialog", { name: "How to Play" });
  await expect(dialog).toContainText("+50 quick-guess bonus");
  await expectNoSeriousViolations(page);
  await screenshots(page, "how-to-play-dialog");
  await dialog.getByRole("button", { name: "Got it!" }).click();
  await expect(dialog).toBeHidden();
});

// A test that signs up through the page asks for the backend fixture, which resets the server:
// newPlayer's names restart in each worker, so on a server an earlier run or another worker left
// the address may be taken, and the sign-up refused ("This email is already registered").
test("sign-up shows each rule's message, then creates the account", async ({
  page,
  backend: _freshServer,
}) => {
  const player = newPlayer("newbie");
  await page.goto("/");
  const dialog = await openSignUp(page);
  await expectNoSeriousViolations(page);
  await screenshots(page, "signup-dialog");

  const cases: [Partial<Player>, string][] = [
    [{ email: player.email, username: "", password: "secret1" }, "Please fill in all fields"],
    [
      { email: "nope", username: "newbie", password: "secret1" },
      "Please enter a valid email address",
    ],
    [
      { email: player.email, username: "newbie", password: "12345" },
      "Password must be at least 6 characters long",
    ],
    [
      { email: player.email, username: "no spaces!", password: "secret1" },
      "Username must be 3-20 characters and can only contain letters, numbers, and underscores",
    ],
  ];
  for (const [input, message] of cases) {
    await fillSignUp(page, input);
    await expect(dialog.getByRole("alert")).toHaveText(message);
  }

  await fillSignUp(page, player);
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  // From the landing page, a new player goes straight to the game.
  await expect(page).toHaveURL(/\/game$/);
  await page.getByRole("banner").getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("link", { name: "Play Now" })).toBeVisible();
  await screenshots(page, "landing-signed-in");
});

test("a taken username or e-mail is refused with the spec's message", async ({ page, backend }) => {
  const taken = newPlayer("taken");
  await backend.createAccount(taken);
  await page.goto("/");
  const dialog = await openSignUp(page);

  await fillSignUp(page, { ...newPlayer(), username: taken.username.toUpperCase() });
  await expect(dialog.getByRole("alert")).toHaveText("This username is already taken");

  await fillSignUp(page, { ...newPlayer(), email: taken.email });
  await expect(dialog.getByRole("alert")).toHaveText("This email is already registered");
});

test("log out, then log in again; wrong password and unknown e-mail are told apart", async ({
  page,
  backend,
}) => {
  const player = await backend.signIn(page);
  await page.goto("/");
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Logout" }).click();
  await expect(banner.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Play Now" })).toHaveCount(0);

  await banner.getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome Back!" });
  await logIn(page, "", "");
  await expect(dialog.getByRole("alert")).toHaveText("Please enter both email and password");
  await logIn(page, "nobody@example.com", "secret123");
  await expect(dialog.getByRole("alert")).toHaveText("No account found with this email");
  await logIn(page, player.email, "wrong-password");
  await expect(dialog.getByRole("alert")).toHaveText("Incorrect password");

  await logIn(page, player.email, player.password);
  await expect(page.getByText("Successfully logged in!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "Play Now" })).toHaveAttribute("href", "/game");
});

test("repeated wrong passwords lock the account", async ({ page, backend }) => {
  const player = newPlayer("locked");
  await backend.createAccount(player);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome Back!" });
  const alert = dialog.getByRole("alert");
  const submit = dialog.getByRole("button", { name: "Login", exact: true });
  for (let attempt = 0; attempt < 10; attempt++) {
    await logIn(page, player.email, `wrong-${attempt}`);
    // The button is disabled while an attempt is in flight: enabled again means it was judged.
    await expect(submit).toBeEnabled();
    await expect(alert).toHaveText("Incorrect password");
  }
  await logIn(page, player.email, player.password);
  await expect(alert).toHaveText("Too many failed attempts. Please try again later");
});

test("keyboard alone is enough to sign up", async ({ page, backend: _freshServer }) => {
  const player = newPlayer("keys");
  await page.goto("/");
  const login = page.getByRole("banner").getByRole("button", { name: "Login" });
  await login.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Welcome Back!" })).toBeVisible();
  // Tab from the first field to the switch link, whatever lies between.
  for (let i = 0; i < 10; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    if (focused.includes("Sign up here")) break;
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create Account" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(player.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(player.username);
  await page.keyboard.press("Tab");
  await page.keyboard.type(player.password);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Account created successfully!")).toBeVisible();
});

test("toasts appear bottom-right and leave after about 3 seconds", async ({ page, backend }) => {
  const player = newPlayer("toast");
  await backend.createAccount(player);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  await logIn(page, player.email, player.password);
  const toast = page.getByText("Successfully logged in!");
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.6);
  expect(box.y).toBeGreaterThan(viewport.height * 0.6);
  await expect(toast).toBeHidden({ timeout: 6_000 });
});

test("a change made on the server appears on the open page without reloading", async ({
  page,
  backend,
}) => {
  const player = await backend.signIn(page);
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner).toContainText(player.username);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

  await backend.patchUser(player.email, { score: 1234 });
  await expect(banner).toContainText("1,234");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test("unknown routes get a way home", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText(/page not found/i)).toBeVisible();
  await screenshots(page, "not-found");
  await page.getByRole("link", { name: /home/i }).click();
  await expect(page.getByRole("heading", { name: "Anime Guess", level: 1 })).toBeVisible();
});

test("a route whose code cannot load reloads once, then shows the error screen", async ({
  page,
}) => {
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentLoads += 1;
  });
  await page.route(/NotFoundPage-.*\.js$/, (route) => route.abort());
  await page.goto("/missing");
  await expect(page.getByText("Oops! Something went wrong")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload Page" })).toBeVisible();
  expect(documentLoads).toBe(2); // the visit and exactly one reload
  await screenshots(page, "error-screen");
});
