import { screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderApp } from "@testing/client/render";

// The landing page's copy and its ways in are journeys in the browser (tests/e2e/accounts.spec.ts);
// here what only a test that controls the loading and the focus shows.

test("shows a spinner while the sign-in state loads", async () => {
  renderApp();
  // Once the Convex session's chunk has loaded (src/app/providers.tsx), before the sign-in state.
  expect((await screen.findAllByRole("status", { name: "Loading" })).length).toBeGreaterThan(0);
});

test("How to Play closes with Got it! and gives the focus back to its button", async () => {
  const { user } = renderApp();
  await user.click(await screen.findByRole("button", { name: "How to Play" }));
  const dialog = await screen.findByRole("dialog", { name: "How to Play" });
  await user.click(within(dialog).getByRole("button", { name: "Got it!" }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(screen.getByRole("button", { name: "How to Play" })).toHaveFocus();
});
