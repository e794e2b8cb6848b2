import { screen, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { ann, signUp, useUpBudget, type Credentials } from "@testing/world";
import { renderApp } from "@testing/client/render";
import { InProcessBackend } from "@testing/client/inProcessBackend";

// Signing up, logging in and out, and each refusal the server gives are journeys in the browser
// (tests/e2e/accounts.spec.ts), the rules in convex/tests/accounts/signUp.test.ts; here what the dialogs decide alone.

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

/** The top bar's account actions. */
async function topBar() {
  return await screen.findByRole("navigation", { name: "Account" });
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
});

describe("the server's refusal of a name, in the dialog", () => {
  test.each([
    ["Adm1n", "That username is reserved. Please choose another"],
    ["AIice", "This username is already taken"],
  ])("signing up as %j beside alice reads %j", async (username, message) => {
    const backend = new InProcessBackend();
    await signUp(backend, { email: "alice@example.com", username: "alice" });
    const app = renderApp("/", { backend });
    const dialog = await openSignUp(app);
    await submitSignUp(app, dialog, { ...ann, username });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
    expect(within(dialog).getByLabelText("Username")).toHaveValue(username);
  });
});

test("a sign-up the game's sign-up budget refuses says so, word for word, and makes no account", async () => {
  const app = renderApp();
  await useUpBudget(app.backend, "signUps");
  const dialog = await openSignUp(app);
  await submitSignUp(app, dialog, ann);
  expect(await within(dialog).findByRole("alert")).toHaveTextContent(
    "Lots of people are signing up right now. Please try again in a minute",
  );
  expect(await app.backend.run(async (ctx) => await ctx.db.query("users").first())).toBeNull();
});

describe("the login dialog", () => {
  test("shows and hides the password", async () => {
    const app = renderApp();
    const dialog = await openLogin(app);
    const password = within(dialog).getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await app.user.click(within(dialog).getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
  });
});
