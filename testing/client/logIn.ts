import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type userEvent from "@testing-library/user-event";
import { ann, setRoles, signUp, type Credentials } from "../world";
import type { InProcessBackend } from "./inProcessBackend";

/**
 * Signs a new player up outside the UI (with `roles`, if any), then logs them
 * in through the top bar's Login dialog, as a person would.
 */
export async function logInAsNewPlayer(
  app: { backend: InProcessBackend; user: ReturnType<typeof userEvent.setup> },
  credentials: Credentials = ann,
  roles: { isBetaTester?: boolean; isAdmin?: boolean } = {},
) {
  await signUp(app.backend, credentials);
  if (roles.isBetaTester || roles.isAdmin) await setRoles(app.backend, credentials, roles);
  const topBar = await screen.findByRole("navigation", { name: "Account" });
  await app.user.click(await within(topBar).findByRole("button", { name: "Login" }));
  const dialog = await screen.findByRole("dialog", { name: "Welcome Back!" });
  // Typed into once the dialog has taken the focus: until its effects have run, Radix leaves
  // the page (and the dialog) without pointer events, which user-event refuses to click through.
  const email = within(dialog).getByLabelText("Email");
  await waitFor(() => expect(email).toHaveFocus());
  await app.user.type(email, credentials.email);
  await app.user.type(within(dialog).getByLabelText("Password"), credentials.password);
  await app.user.click(within(dialog).getByRole("button", { name: "Login" }));
  await within(topBar).findByRole("button", { name: "Logout" }, { timeout: 5000 });
}
