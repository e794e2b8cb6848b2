import { screen, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { ann, createAccount, type Credentials } from "./accounts";
import type { InProcessBackend } from "./inProcessBackend";

type Roles = { isBetaTester?: boolean; isAdmin?: boolean };

/** Sets role flags on the account with `email`, as the Convex dashboard would; live queries update. */
export async function setRoles(backend: InProcessBackend, email: string, roles: Roles) {
  await backend.run(async (ctx) => {
    const user = await ctx.db
      .query("users")
      .withIndex("by_email", (q) => q.eq("email", email))
      .unique();
    if (user === null) throw new Error(`No account for ${email}`);
    await ctx.db.patch("users", user._id, {
      ...roles,
      ...(roles.isBetaTester ? { betaJoinDate: Date.now() } : {}),
    });
  });
}

/**
 * Signs a new player up outside the UI (with `roles`, if any), then logs them
 * in through the top bar's Login dialog, as a person would.
 */
export async function logInAsNewPlayer(
  app: { backend: InProcessBackend; user: ReturnType<typeof userEvent.setup> },
  credentials: Credentials = ann,
  roles: Roles = {},
) {
  await createAccount(app.backend, credentials);
  if (roles.isBetaTester || roles.isAdmin) await setRoles(app.backend, credentials.email, roles);
  const topBar = await screen.findByRole("navigation", { name: "Account" });
  await app.user.click(await within(topBar).findByRole("button", { name: "Login" }));
  const dialog = await screen.findByRole("dialog", { name: "Welcome Back!" });
  await app.user.type(within(dialog).getByLabelText("Email"), credentials.email);
  await app.user.type(within(dialog).getByLabelText("Password"), credentials.password);
  await app.user.click(within(dialog).getByRole("button", { name: "Login" }));
  await within(topBar).findByRole("button", { name: "Logout" }, { timeout: 5000 });
}
