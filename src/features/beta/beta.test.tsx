import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, test, vi } from "vitest";
import type { CallResult } from "@testing/client/wire";
import { ann } from "@testing/world";
import { logInAsNewPlayer } from "@testing/client/logIn";
import { renderApp } from "@testing/client/render";

type App = ReturnType<typeof renderApp>;

async function topBar() {
  return await screen.findByRole("navigation", { name: "Account" });
}

async function storedFeedback(app: App) {
  return await app.backend.t.run(async (ctx) => await ctx.db.query("beta_feedback").collect());
}

async function openFeedback(app: App) {
  await app.user.click(
    await within(await topBar()).findByRole("button", { name: "Send beta feedback" }),
  );
  return await screen.findByRole("dialog", { name: "Beta Feedback" });
}

/** Fails the next call to `path` the way the backend would. */
function failNextCall(app: App, path: string, result: CallResult) {
  const call = app.backend.call.bind(app.backend);
  vi.spyOn(app.backend, "call").mockImplementation(async (kind, calledPath, args, token) =>
    calledPath === path ? result : await call(kind, calledPath, args, token),
  );
}

describe("joining the beta", () => {
  test("a coded failure shows its reason, and is not logged as an error", async () => {
    const logged = vi.spyOn(console, "error");
    const app = renderApp();
    await logInAsNewPlayer(app);
    failNextCall(app, "beta:join", {
      status: "error",
      errorMessage: "User not found",
      errorData: { code: "USER_NOT_FOUND", message: "User not found" },
    });
    await app.user.click(
      await within(await topBar()).findByRole("button", { name: "Join the beta program" }),
    );
    expect(
      await screen.findByText("Failed to join beta program: User not found"),
    ).toBeInTheDocument();
    expect(logged).not.toHaveBeenCalledWith("Joining the beta failed", expect.anything());
  });

  test("any other failure asks to try again, and is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = renderApp();
    await logInAsNewPlayer(app);
    failNextCall(app, "beta:join", { status: "error", errorMessage: "Server Error" });
    await app.user.click(
      await within(await topBar()).findByRole("button", { name: "Join the beta program" }),
    );
    expect(
      await screen.findByText("Failed to join beta program. Please try again."),
    ).toBeInTheDocument();
    expect(
      within(await topBar()).getByRole("button", { name: "Join the beta program" }),
    ).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith("Joining the beta failed", expect.any(Error));
  });
});

describe("the feedback dialog", () => {
  test("starts at 5 stars and Just Right, sends what the tester chose, then closes and resets", async () => {
    const app = renderApp();
    await logInAsNewPlayer(app, ann, { isBetaTester: true });
    const dialog = await openFeedback(app);

    const rating = within(dialog).getByRole("group", { name: "Overall rating" });
    expect(within(rating).getByRole("radio", { name: "5 stars" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Just Right" })).toBeChecked();

    // The dialog opens on the checked star; the stars are a radio group: arrow keys change the rating.
    await waitFor(() =>
      expect(within(rating).getByRole("radio", { name: "5 stars" })).toHaveFocus(),
    );
    await app.user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(within(rating).getByRole("radio", { name: "3 stars" })).toBeChecked();
    await app.user.click(within(dialog).getByRole("radio", { name: "Too Hard" }));

    const bugs = within(dialog).getByLabelText("Found any bugs?");
    await app.user.type(bugs, "Skip froze");
    expect(bugs).toHaveAccessibleDescription("10 / 5,000 characters");
    await app.user.type(within(dialog).getByLabelText("Suggestions for Improvement"), "Dark mode");
    expect(within(dialog).getByLabelText("User Experience")).toHaveAccessibleDescription(
      "0 / 5,000 characters",
    );

    await app.user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));

    expect(await screen.findByText("Thank you for your feedback!")).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Focus is back on the button that opened the dialog.
    expect(
      within(await topBar()).getByRole("button", { name: "Send beta feedback" }),
    ).toHaveFocus();
    expect(await storedFeedback(app)).toEqual([
      expect.objectContaining({
        rating: 3,
        difficulty: "hard",
        bugReport: "Skip froze",
        suggestions: "Dark mode",
        userExperience: "",
        version: "1.0.0-beta",
      }),
    ]);

    const reopened = await openFeedback(app);
    expect(within(reopened).getByRole("radio", { name: "5 stars" })).toBeChecked();
    expect(within(reopened).getByRole("radio", { name: "Just Right" })).toBeChecked();
    expect(within(reopened).getByLabelText("Found any bugs?")).toHaveValue("");
  });

  test("Cancel closes without sending", async () => {
    const app = renderApp();
    await logInAsNewPlayer(app, ann, { isBetaTester: true });
    const dialog = await openFeedback(app);
    await app.user.type(within(dialog).getByLabelText("User Experience"), "Nice");
    await app.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await storedFeedback(app)).toEqual([]);
  });

  test("a second submission within 30 seconds shows the limit and keeps the dialog open", async () => {
    const app = renderApp();
    await logInAsNewPlayer(app, ann, { isBetaTester: true });
    await app.user.click(
      within(await openFeedback(app)).getByRole("button", { name: "Submit Feedback" }),
    );
    await screen.findByText("Thank you for your feedback!");

    const dialog = await openFeedback(app);
    await app.user.type(within(dialog).getByLabelText("Found any bugs?"), "Again");
    await app.user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));

    const limit = "You just sent feedback. Please wait 30 seconds before sending more";
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(limit);
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Found any bugs?")).toHaveValue("Again");
    expect(await storedFeedback(app)).toHaveLength(1);
  });

  test("over 5,000 characters, the counter and the form say so and nothing is sent", async () => {
    const app = renderApp();
    await logInAsNewPlayer(app, ann, { isBetaTester: true });
    const dialog = await openFeedback(app);
    const suggestions = within(dialog).getByLabelText("Suggestions for Improvement");
    fireEvent.change(suggestions, { target: { value: "x".repeat(5_001) } });

    expect(suggestions).toHaveAccessibleDescription("5,001 / 5,000 characters");
    expect(suggestions).toBeInvalid();
    const calls = vi.spyOn(app.backend, "call");
    await app.user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Each answer can be at most 5,000 characters",
    );
    expect(calls.mock.calls.filter(([, path]) => path === "beta:submitFeedback")).toEqual([]);

    fireEvent.change(suggestions, { target: { value: "x".repeat(5_000) } });
    expect(suggestions).toBeValid();
    await app.user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect((await storedFeedback(app))[0].suggestions).toHaveLength(5_000);
  });

  test("an unexpected failure asks to try again, and is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = renderApp();
    await logInAsNewPlayer(app, ann, { isBetaTester: true });
    const dialog = await openFeedback(app);
    failNextCall(app, "beta:submitFeedback", { status: "error", errorMessage: "Server Error" });
    await app.user.click(within(dialog).getByRole("button", { name: "Submit Feedback" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Failed to submit feedback. Please try again.",
    );
    expect(logged).toHaveBeenCalledWith("Submitting feedback failed", expect.any(Error));
  });
});
