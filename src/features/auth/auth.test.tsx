import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { ann, type Credentials, signUp } from "@testing/world";
import { renderApp } from "@testing/client/render";

type App = ReturnType<typeof renderApp>;

async function openLogin({ user }: App) {
  await user.click(await within(await topBar()).findByRole("button", { name: "Login" }));
  return await screen.findByRole("dialog", { name: "Welcome Back!" });
}

async function openSignUp(app: App) {
  const login = await openLogin(app);
  await app.user.click(within(login).getByRole("button", { name: "Sign up here" }));
  return await screen.findByRole("dialog", { name: "Create Account" });
}

async function submitSignUp({ user }: App, dialog: HTMLElement, input: Partial<Credentials>) {
  for (const [label, value] of [
    ["Email", input.email],
    ["Username", input.username],
    ["Password", input.password],
  ] as const) {
    const field = within(dialog).getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  await user.click(within(dialog).getByRole("button", { name: "Sign Up" }));
}

async function submitLogin({ user }: App, dialog: HTMLElement, email: string, password: string) {
  const emailField = within(dialog).getByLabelText("Email");
  const passwordField = within(dialog).getByLabelText("Password");
  await user.clear(emailField);
  if (email) await user.type(emailField, email);
  await user.clear(passwordField);
  if (password) await user.type(passwordField, password);
  await user.click(within(dialog).getByRole("button", { name: "Login" }));
}

/** The top bar's account actions. */
async function topBar() {
  return await screen.findByRole("navigation", { name: "Account" });
}

async function expectSignedIn() {
  expect(await within(await topBar()).findByRole("button", { name: "Logout" })).toBeInTheDocument();
}

describe("sign up", () => {
  test.each([
    [{ ...ann, email: "" }, "Please fill in all fields"],
    [{ ...ann, username: "" }, "Please fill in all fields"],
    [{ ...ann, password: "" }, "Please fill in all fields"],
    [{ ...ann, email: "ann.example.com" }, "Please enter a valid email address"],
    [{ ...ann, password: "12345" }, "Password must be at least 6 characters long"],
    [
      { ...ann, username: "an" },
      "Username must be 3-20 characters and can only contain letters, numbers, and underscores",
    ],
    [
      { ...ann, username: "ann marie" },
      "Username must be 3-20 characters and can only contain letters, numbers, and underscores",
    ],
  ])("refuses %o before calling the server: %s", async (input, message) => {
    const app = renderApp();
    const calls = vi.spyOn(app.backend, "call");
    const dialog = await openSignUp(app);
    await submitSignUp(app, dialog, input);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
    expect(calls.mock.calls.filter(([, path]) => path === "auth:signIn")).toEqual([]);
  });

  test("creates the account, closes the dialog and says so", async () => {
    const app = renderApp();
    const dialog = await openSignUp(app);
    await submitSignUp(app, dialog, ann);
    expect(await screen.findByText("Account created successfully!")).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expectSignedIn();
    expect(screen.getByRole("link", { name: "Play Now" })).toHaveAttribute("href", "/game");
  });

  test("refuses a username that is taken, whatever its case", async () => {
    const app = renderApp();
    await signUp(app.backend, ann);
    const dialog = await openSignUp(app);
    await submitSignUp(app, dialog, {
      email: "new@example.com",
      username: "ANN",
      password: "secret1",
    });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This username is already taken",
    );
  });

  test("refuses an e-mail that is registered", async () => {
    const app = renderApp();
    await signUp(app.backend, ann);
    const dialog = await openSignUp(app);
    await submitSignUp(app, dialog, { ...ann, username: "Another" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This email is already registered",
    );
  });
});

describe("log in and out", () => {
  test("logs in, closes the dialog, and logs out again", async () => {
    const app = renderApp();
    await signUp(app.backend, ann);
    const dialog = await openLogin(app);
    await submitLogin(app, dialog, ann.email, ann.password);
    expect(await screen.findByText("Successfully logged in!")).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expectSignedIn();
    expect(within(await topBar()).getByText("Ann")).toBeInTheDocument();

    await app.user.click(within(await topBar()).getByRole("button", { name: "Logout" }));
    expect(
      await within(await topBar()).findByRole("button", { name: "Login" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Play Now" })).not.toBeInTheDocument();
  });

  test.each([
    ["", "", "Please enter both email and password"],
    ["ann@", "secret1", "Please enter a valid email address"],
    ["nobody@example.com", "secret1", "No account found with this email"],
    [ann.email, "wrong-password", "Incorrect password"],
  ])("with %j / %j says: %s", async (email, password, message) => {
    const app = renderApp();
    await signUp(app.backend, ann);
    const dialog = await openLogin(app);
    await submitLogin(app, dialog, email, password);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
  });

  test("locks the account after repeated wrong passwords", async () => {
    const app = renderApp();
    await signUp(app.backend, ann);
    const dialog = await openLogin(app);
    const submit = within(dialog).getByRole("button", { name: "Login" });
    for (let attempt = 0; attempt < 10; attempt++) {
      await submitLogin(app, dialog, ann.email, `wrong-${attempt}`);
      await waitFor(() => expect(submit).toBeEnabled());
      expect(within(dialog).getByRole("alert")).toHaveTextContent("Incorrect password");
    }
    await submitLogin(app, dialog, ann.email, ann.password);
    expect(
      await within(dialog).findByText("Too many failed attempts. Please try again later"),
    ).toBeInTheDocument();
  }, 30_000);

  test("shows and hides the password", async () => {
    const app = renderApp();
    const dialog = await openLogin(app);
    const password = within(dialog).getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await app.user.click(within(dialog).getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
  });
});
