import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ann } from "@/testing/accounts";
import { logInAsNewPlayer } from "@/testing/players";
import { renderApp } from "@/testing/renderApp";

type App = ReturnType<typeof renderApp>;

afterEach(() => {
  delete process.env.ADMIN_EMAILS;
});

async function pressMakeMeAdmin(app: App) {
  await act(async () => {
    await app.router.navigate("/make-admin");
  });
  await app.user.click(await screen.findByRole("button", { name: "Make Me Admin" }));
}

async function adminLink() {
  const topBar = await screen.findByRole("navigation", { name: "Account" });
  return within(topBar).queryByRole("link", { name: "Admin dashboard" });
}

describe("/make-admin", () => {
  test("makes a player whose e-mail is in ADMIN_EMAILS an admin", async () => {
    // The test backend runs in this process: its functions read this process's environment.
    process.env.ADMIN_EMAILS = "boss@example.com, Ann@Example.com";
    const app = renderApp();
    await logInAsNewPlayer(app, ann);
    expect(await adminLink()).toBeNull();

    await pressMakeMeAdmin(app);

    expect(await screen.findByRole("alert")).toHaveTextContent("Successfully made you an admin!");
    await screen.findByRole("link", { name: "Admin dashboard" });
    expect(await adminLink()).toBeInTheDocument();
    await app.user.click(screen.getByRole("link", { name: "Open the Beta Feedback Dashboard" }));
    expect(
      await screen.findByRole("heading", { name: "Beta Feedback Dashboard" }),
    ).toBeInTheDocument();
  });

  test("refuses a player whose e-mail is not listed, and says why", async () => {
    process.env.ADMIN_EMAILS = "boss@example.com";
    const app = renderApp();
    await logInAsNewPlayer(app, ann);
    vi.spyOn(console, "error").mockImplementation(() => {});

    await pressMakeMeAdmin(app);

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error making you admin: Your e-mail is not on this deployment's list of admins (ADMIN_EMAILS)",
    );
    expect(await adminLink()).toBeNull();
    const [user] = await app.backend.t.run(async (ctx) => await ctx.db.query("users").collect());
    expect(user.isAdmin).toBe(false);
  });

  test("refuses a visitor", async () => {
    process.env.ADMIN_EMAILS = "ann@example.com";
    const app = renderApp("/make-admin");
    vi.spyOn(console, "error").mockImplementation(() => {});
    await app.user.click(await screen.findByRole("button", { name: "Make Me Admin" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error making you admin: Please log in to continue",
    );
  });
});
