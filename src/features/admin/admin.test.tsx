import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import { countGameActivity } from "@convex/model/game/activity";
import { utcDay } from "@convex/model/shared/localTime";
import { dailyNumberAt } from "@convex/model/shared/rules";
import { recordTally } from "@convex/model/tallies/record";
import { ann, bob, type Credentials, signUp } from "@testing/world";
import type { InProcessBackend } from "@testing/client/inProcessBackend";
import { logInAsNewPlayer } from "@testing/client/logIn";
import { renderApp } from "@testing/client/render";

type App = ReturnType<typeof renderApp>;

const carol: Credentials = { email: "carol@example.com", username: "Carol", password: "secret3" };

/** A beta tester acting outside the UI, on another device. */
async function tester(backend: InProcessBackend, credentials: Credentials) {
  const { token } = (await signUp(backend, credentials)).tokens;
  await backend.call("mutation", "beta:join", {}, token);
  return {
    async sendFeedback(feedback: Partial<Record<string, string | number>> = {}) {
      const result = await backend.call(
        "mutation",
        "beta:submitFeedback",
        {
          rating: 4,
          difficulty: "medium",
          bugReport: "",
          suggestions: "",
          userExperience: "",
          ...feedback,
        },
        token,
      );
      if (result.status === "error") throw new Error(result.errorMessage);
      return result.value as string;
    },
  };
}

async function openDashboard(app: App) {
  const topBar = await screen.findByRole("navigation", { name: "Account" });
  await app.user.click(await within(topBar).findByRole("link", { name: "Admin dashboard" }));
  expect(
    await screen.findByRole("heading", { name: "Beta Feedback Dashboard", level: 1 }),
  ).toBeInTheDocument();
}

async function feedbackCards() {
  const list = await screen.findByRole("list", { name: "Feedback, newest first" });
  return within(list).getAllByRole("listitem");
}

describe("the admin dashboard", () => {
  test("shows each feedback's details and the summary, and new feedback arrives live", async () => {
    const app = renderApp();
    const bobTester = await tester(app.backend, bob);
    await bobTester.sendFeedback({
      rating: 4,
      difficulty: "medium",
      bugReport: "The cover never loaded",
      suggestions: "More mecha",
    });
    await app.backend.run((ctx) =>
      countGameActivity(ctx, "bob", { sessions: 2, guesses: 7, correctGuesses: 3 }),
    );
    // A Daily anime played to its end.
    await app.backend.run((ctx) =>
      recordTally(
        ctx,
        {
          day: utcDay(Date.now()),
          daily: { number: dailyNumberAt(Date.now()), index: 0, solvedIn: 2 },
        },
        "bob",
      ),
    );
    await logInAsNewPlayer(app, ann, { isAdmin: true });
    await openDashboard(app);

    const [card] = await feedbackCards();
    expect(card).toHaveTextContent("The cover never loaded");
    expect(card).toHaveTextContent("More mecha");
    expect(within(card).queryByText("User experience")).toBeNull();
    expect(within(card).getByText("Medium")).toHaveClass("bg-primary");
    expect(within(card).getByRole("img", { name: "Rated 4 out of 5" })).toBeInTheDocument();
    // The sender by name, never by the raw account id.
    expect(card).toHaveTextContent("From Bob");
    const [{ userId }] = await app.backend.t.run(
      async (ctx) => await ctx.db.query("beta_feedback").take(1),
    );
    expect(card).not.toHaveTextContent(userId);
    expect(card).toHaveTextContent("Version 1.0.0-beta");
    expect(within(card).getByRole("time")).toBeInTheDocument();

    expect(screen.getByText("4.0")).toBeInTheDocument();
    expect(screen.getByText("from 1 response")).toBeInTheDocument();
    const activity = within(screen.getByRole("list", { name: "Beta activity" }));
    expect(activity.getAllByRole("listitem").map((item) => item.firstChild?.textContent)).toEqual([
      "Bob sent feedback · 4★ · Medium",
      "Bob joined the beta",
    ]);
    const gameUse = screen.getByRole("table", { name: "Game use per day, last 14 days (UTC)" });
    const rows = within(gameUse).getAllByRole("row");
    expect(rows).toHaveLength(15);
    expect(
      within(rows[14])
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["2", "7", "3", "1"]);

    // Carol sends feedback from elsewhere: it appears on top without a reload.
    const carolTester = await tester(app.backend, carol);
    await carolTester.sendFeedback({ rating: 2, difficulty: "hard", userExperience: "Too laggy" });
    await waitFor(async () => expect(await feedbackCards()).toHaveLength(2));
    const [newest] = await feedbackCards();
    expect(newest).toHaveTextContent("Carol");
    expect(newest).toHaveTextContent("Too laggy");
    expect(within(newest).getByText("Hard")).toHaveClass("bg-destructive");
    expect(await screen.findByText("3.0")).toBeInTheDocument();
    expect(screen.getByText("from 2 responses")).toBeInTheDocument();
  });

  test("shows 20 cards at a time, newest first, with Load more", async () => {
    const app = renderApp();
    await tester(app.backend, bob);
    await app.backend.run(async (ctx) => {
      const author = await ctx.db.query("users").first();
      for (let i = 1; i <= 25; i++) {
        await ctx.db.insert("beta_feedback", {
          rating: 5,
          difficulty: "easy",
          bugReport: `Report #${i}`,
          suggestions: "",
          userExperience: "",
          userId: author!._id,
          timestamp: Date.now() - (25 - i) * 60_000,
          version: "1.0.0-beta",
        });
      }
    });
    await logInAsNewPlayer(app, ann, { isAdmin: true });
    await openDashboard(app);

    let cards = await feedbackCards();
    expect(cards).toHaveLength(20);
    expect(cards[0]).toHaveTextContent("Report #25");
    expect(cards[19]).toHaveTextContent("Report #6");

    await app.user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(async () => expect(await feedbackCards()).toHaveLength(25));
    cards = await feedbackCards();
    expect(cards[24]).toHaveTextContent("Report #1");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
  });

  test("says so when the feedback cannot be loaded", async () => {
    const app = renderApp();
    await logInAsNewPlayer(app, ann, { isAdmin: true });
    const call = app.backend.call.bind(app.backend);
    vi.spyOn(app.backend, "call").mockImplementation(async (kind, path, args, token) =>
      path === "admin:feedback"
        ? { status: "error", errorMessage: "Server Error" }
        : await call(kind, path, args, token),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    await openDashboard(app);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load feedback data");
  });
});

describe("/admin for someone who is not an admin", () => {
  test.each([
    ["a visitor", false],
    ["a player", true],
  ])("%s is sent back to / and told why", async (_, signedIn) => {
    const app = renderApp("/");
    if (signedIn) await logInAsNewPlayer(app, carol);
    await app.router.navigate("/admin");
    expect(
      await screen.findByText("The Beta Feedback Dashboard is for admins only"),
    ).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe("/");
    expect(screen.queryByText("Beta Feedback Dashboard")).not.toBeInTheDocument();
  });
});
