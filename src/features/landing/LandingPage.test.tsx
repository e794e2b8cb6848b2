import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { forgetSignedInHere, rememberSignedInHere } from "@/lib/auth/deviceMemory";
import { renderApp, renderSignedIn } from "@testing/client/render";

// The landing page's copy and its ways in are journeys in the browser (tests/e2e/accounts.spec.ts);
// here what only a test that controls the loading and the focus shows.

afterEach(forgetSignedInHere);

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
  await waitFor(() =>
    expect(screen.queryByRole("dialog", { name: "How to Play" })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole("button", { name: "How to Play" })).toHaveFocus();
});

/** The landing page's card of `title`. */
async function card(title: string) {
  const heading = await screen.findByRole("heading", { name: title });
  return within(heading.closest("[data-slot=card]") as HTMLElement);
}

test("the Daily and the Challenge say at a glance which is which", async () => {
  renderApp("/", { visitor: true });
  const daily = await card("The Daily");
  expect(daily.getByText("One puzzle for everyone")).toBeInTheDocument();
  expect(daily.getByText(/^The same 5 anime for everyone, once a day\./)).toBeInTheDocument();
  const challenge = await card("Daily Challenge");
  expect(challenge.getByText("Score points")).toBeInTheDocument();
  expect(
    challenge.getByText("20 new anime challenges every day. Can you guess them all?"),
  ).toBeInTheDocument();
});

test.each([
  ["The Daily", "Play today's Daily"],
  ["Daily Challenge", "Start Playing"],
])(
  "a first visit's %s card opens sign-up; once someone has signed in here, log-in",
  async (title, label) => {
    const { user } = renderApp("/", { visitor: true });
    const opener = () => card(title).then((found) => found.getByText(label));
    await user.click(await opener());
    expect(await screen.findByRole("dialog", { name: "Create Account" })).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Welcome Back!" })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    rememberSignedInHere();
    await user.click(await opener());
    expect(await screen.findByRole("dialog", { name: "Welcome Back!" })).toBeVisible();
    expect(screen.queryByRole("dialog", { name: "Create Account" })).not.toBeInTheDocument();
  },
);

test("the Daily's card leads a player straight to /daily", async () => {
  await renderSignedIn("/", { visitor: true });
  await screen.findByRole("link", { name: "Play Now" });
  const daily = await card("The Daily");
  expect(daily.getByRole("link", { name: "Play today's Daily" })).toHaveAttribute("href", "/daily");
});
