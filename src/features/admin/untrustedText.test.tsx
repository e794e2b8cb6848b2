import { screen, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, expect, test, vi } from "vitest";
import { FEEDBACK_VERSION } from "@convex/schema";
import { ann } from "@testing/world";
import { logInAsNewPlayer } from "@testing/client/logIn";
import { renderApp } from "@testing/client/render";

vi.setConfig({ testTimeout: 20_000 });

declare global {
  interface Window {
    pwned?: boolean;
  }
}

afterEach(() => {
  toast.dismiss();
  delete window.pwned;
});

const bugReport = '<img src="x" onerror="window.pwned = true">The cover never loaded';
const suggestions = "<script>window.pwned = true</script>More mecha";
const userExperience = '<a href="javascript:window.pwned = true">click me</a> &lt;b&gt;';
// The username rule keeps such a name out of sign-up; this author was written straight into the database.
const username = '<b onmouseover="window.pwned = true">Eve</b>';

test("feedback and its author's name show on the dashboard as the text they are", async () => {
  const app = renderApp();
  await app.backend.run(async (ctx) => {
    const userId = await ctx.db.insert("users", {
      email: "eve@example.com",
      username,
      usernameKey: username.toLowerCase(),
      score: 0,
      isBetaTester: true,
      isAdmin: false,
      createdAt: 0,
    });
    await ctx.db.insert("beta_feedback", {
      rating: 3,
      difficulty: "hard",
      bugReport,
      suggestions,
      userExperience,
      userId,
      timestamp: Date.now(),
      version: FEEDBACK_VERSION,
    });
  });
  await logInAsNewPlayer(app, ann, { isAdmin: true });
  const topBar = await screen.findByRole("navigation", { name: "Account" });
  await app.user.click(await within(topBar).findByRole("link", { name: "Admin dashboard" }));

  const list = await screen.findByRole("list", { name: "Feedback, newest first" });
  const [card] = within(list).getAllByRole("listitem");
  for (const text of [bugReport, suggestions, userExperience, username]) {
    expect(within(card).getByText(text)).toBeInTheDocument();
  }
  expect(card.querySelectorAll("img, script, a, b")).toHaveLength(0);
  expect(document.querySelectorAll("script, a[href^='javascript:' i]")).toHaveLength(0);
  expect(window.pwned).toBeUndefined();
});
