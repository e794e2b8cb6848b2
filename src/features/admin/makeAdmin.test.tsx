import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { internal } from "@convex/_generated/api";
import { CLAIM_LOCK_MS, CLAIM_MAX_FAILURES } from "@convex/model/shared/claimRules";
import { errorMessages } from "@convex/model/shared/errors";
import { ann } from "@testing/world";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { logInAsNewPlayer } from "@testing/client/logIn";
import { renderApp } from "@testing/client/render";
import { testUser } from "@testing/fixtures/users";

type App = ReturnType<typeof renderApp>;

afterEach(() => {
  vi.useRealTimers();
});

/** What an operator gets from `npx convex run admin:createClaimCode`. */
async function createClaimCode(backend: InProcessBackend) {
  return (await backend.t.mutation(internal.admin.createClaimCode, {})).code;
}

async function openPage(app: App) {
  await act(async () => {
    await app.router.navigate("/make-admin");
  });
  return await screen.findByRole("textbox", { name: "Claim code" });
}

/** Types the code and submits with Enter, as a keyboard user does. */
async function enterCode(app: App, code: string) {
  const field = screen.getByRole("textbox", { name: "Claim code" });
  await app.user.clear(field);
  if (code !== "") await app.user.type(field, code);
  await app.user.keyboard("{Enter}");
}

async function adminLink() {
  const topBar = await screen.findByRole("navigation", { name: "Account" });
  return within(topBar).queryByRole("link", { name: "Admin dashboard" });
}

async function isAdmin(app: App) {
  const [user] = await app.backend.t.run(async (ctx) => await ctx.db.query("users").take(1));
  return user.isAdmin ?? false;
}

describe("/make-admin", () => {
  test("a claim code an operator created makes the player admin", async () => {
    const app = renderApp();
    await logInAsNewPlayer(app, ann);
    expect(await adminLink()).toBeNull();
    const code = await createClaimCode(app.backend);
    const field = await openPage(app);
    expect(field).toHaveAttribute("autocomplete", "off");
    expect(field).toHaveAccessibleDescription(/letters and digits, like ABCD-EFGH-JKLM/);
    expect(screen.getByText(/A code works once, for 15 minutes\./)).toBeInTheDocument();

    await app.user.type(field, code.toLowerCase());
    await app.user.click(screen.getByRole("button", { name: "Make Me Admin" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Successfully made you an admin!");
    expect(field).toHaveValue("");
    expect(await screen.findByRole("link", { name: "Admin dashboard" })).toBeInTheDocument();
    await app.user.click(screen.getByRole("link", { name: "Open the Beta Feedback Dashboard" }));
    expect(
      await screen.findByRole("heading", { name: "Beta Feedback Dashboard" }),
    ).toBeInTheDocument();
  });

  test("no code, a wrong one and a used one each say why, quietly, and change nothing", async () => {
    const app = renderApp();
    await logInAsNewPlayer(app, ann);
    const errors = vi.spyOn(console, "error");
    const used = await createClaimCode(app.backend);
    await app.backend.t.run(async (ctx) => {
      const code = await ctx.db.query("adminClaimCodes").first();
      const other = await ctx.db.insert("users", testUser("Other", { isAdmin: true }));
      await ctx.db.patch("adminClaimCodes", code!._id, { usedAt: Date.now(), usedBy: other });
    });
    await openPage(app);

    for (const [typed, code] of [
      ["", "CLAIM_CODE_MISSING"],
      ["ABCD-EFGH-JKLM", "CLAIM_CODE_WRONG"],
      [used, "CLAIM_CODE_USED"],
    ] as const) {
      await enterCode(app, typed);
      expect(await screen.findByRole("alert")).toHaveTextContent(
        `Error making you admin: ${errorMessages[code]}`,
      );
      expect(screen.getByRole("textbox", { name: "Claim code" })).toHaveAccessibleDescription(
        new RegExp(errorMessages[code].slice(0, 20)),
      );
    }
    expect(await adminLink()).toBeNull();
    expect(await isAdmin(app)).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  test("after too many wrong codes, the page says it is locked and until when", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 21, 9, 30));
    const app = renderApp();
    await logInAsNewPlayer(app, ann);
    const code = await createClaimCode(app.backend);
    await openPage(app);
    for (let i = 0; i < CLAIM_MAX_FAILURES; i++) await enterCode(app, "ABCD-EFGH-JKLM");
    const until = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).format(
      Date.now() + CLAIM_LOCK_MS,
    );
    const locked = `Error making you admin: ${errorMessages.CLAIM_LOCKED}. Try again after ${until}`;
    expect(await screen.findByRole("alert")).toHaveTextContent(locked);
    expect(errorMessages.CLAIM_LOCKED).toBe(
      "Too many wrong codes (5 within 1 hour): claiming is locked for 1 hour",
    );

    // Even the right code waits.
    await enterCode(app, code);
    expect(await screen.findByRole("alert")).toHaveTextContent(locked);
    expect(await isAdmin(app)).toBe(false);
  });

  test("refuses a visitor", async () => {
    const app = renderApp("/make-admin");
    const errors = vi.spyOn(console, "error");
    await screen.findByRole("textbox", { name: "Claim code" });
    await enterCode(app, "ABCD-EFGH-JKLM");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error making you admin: Please log in to continue",
    );
    // An expected refusal, not a fault: nothing in the console.
    expect(errors).not.toHaveBeenCalled();
  });
});
