import { screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderApp, renderSignedIn } from "@testing/client/render";

// The landing page's copy and its ways in are journeys in the browser (tests/e2e/accounts.spec.ts);
// here what only a test that controls the loading and the focus shows.

test("shows a spinner while the sign-in state loads", async () => {
  renderApp();
  // Once the Convex session's chunk has loaded (src/app/providers.tsx), before the sign-in state.
  expect((await screen.findAllByRole("status", { name: "Loading" })).length).toBeGreaterThan(0);
});

test("a visitor's page shows the visitor's controls from its first render on, never a spinner", async () => {
  // What the browser hydrates the prerendered page with (src/main.tsx): no spinner may come and go.
  const spinners: Node[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (
          node instanceof Element &&
          (node.matches('[role="status"]') || node.querySelector('[role="status"]'))
        ) {
          spinners.push(node);
        }
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  renderApp("/", { visitor: true });
  const login = await screen.findByRole("button", { name: "Login" });
  expect(screen.getByRole("button", { name: "Start Playing" })).toBeEnabled();
  observer.disconnect();
  expect(login).toBeInTheDocument();
  expect(spinners).toEqual([]);
});

test("a session found on a visitor's page after all shows the player's controls", async () => {
  await renderSignedIn("/", { visitor: true });
  expect(await screen.findByRole("link", { name: "Play Now" })).toHaveAttribute("href", "/game");
  expect(screen.queryByRole("button", { name: "Start Playing" })).not.toBeInTheDocument();
});

test("How to Play closes with Got it! and gives the focus back to its button", async () => {
  const { user } = renderApp();
  await user.click(await screen.findByRole("button", { name: "How to Play" }));
  const dialog = await screen.findByRole("dialog", { name: "How to Play" });
  await user.click(within(dialog).getByRole("button", { name: "Got it!" }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(screen.getByRole("button", { name: "How to Play" })).toHaveFocus();
});

test("the Daily's card leads to /daily, for visitors too (the page asks them to log in)", async () => {
  renderApp("/", { visitor: true });
  const card = (await screen.findByRole("heading", { name: "The Daily" })).closest(
    "[data-slot=card]",
  ) as HTMLElement;
  expect(
    within(card).getByText(/The same 5 anime for everyone, new every day/),
  ).toBeInTheDocument();
  expect(within(card).getByRole("link", { name: "Play today's Daily" })).toHaveAttribute(
    "href",
    "/daily",
  );
});
