import { screen, waitFor, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { ann, seedAnime, signUp } from "@testing/world";
import { renderApp } from "@testing/client/render";
import { InProcessBackend } from "@testing/client/inProcessBackend";

test("shows the spec's copy to everyone", async () => {
  renderApp();
  // The page shows once the Convex session's chunk has loaded (src/app/providers.tsx).
  expect(await screen.findByRole("heading", { level: 1, name: "Anime Guess" })).toBeInTheDocument();
  expect(
    screen.getByText("Test your anime knowledge with our daily guessing game!"),
  ).toBeInTheDocument();
  expect(
    screen.getByText("20 new anime challenges every day. Can you guess them all?"),
  ).toBeInTheDocument();
  expect(
    screen.getByText("Compete with other players and climb the rankings!"),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "View Rankings" })).toHaveAttribute(
    "href",
    "/leaderboard",
  );
  await screen.findByRole("button", { name: "Start Playing" });
});

test("shows a spinner while the sign-in state loads", () => {
  renderApp();
  expect(screen.getAllByRole("status", { name: "Loading" }).length).toBeGreaterThan(0);
});

test("signed out, the Daily Challenge asks the visitor to log in", async () => {
  const { user } = renderApp();
  await user.click(await screen.findByRole("button", { name: "Start Playing" }));
  expect(await screen.findByRole("dialog", { name: "Welcome Back!" })).toBeInTheDocument();
});

test("signed in, the Daily Challenge reads Play Now and leads to the game", async () => {
  const backend = new InProcessBackend();
  await signUp(backend, ann);
  // The game opens on this pool; an empty one would send for AniList after the test.
  await seedAnime(backend, 3);
  const { user, router } = renderApp("/", { backend });
  await user.click(
    within(await screen.findByRole("navigation", { name: "Account" })).getByRole("button", {
      name: "Login",
    }),
  );
  const dialog = await screen.findByRole("dialog", { name: "Welcome Back!" });
  await user.type(within(dialog).getByLabelText("Email"), ann.email);
  await user.type(within(dialog).getByLabelText("Password"), ann.password);
  await user.click(within(dialog).getByRole("button", { name: "Login" }));

  await user.click(await screen.findByRole("link", { name: "Play Now" }));
  await waitFor(() => expect(router.state.location.pathname).toBe("/game"));
  // The round is dealt before the test ends: no call is left running after it.
  await screen.findByRole("heading", { name: "Clue" });
});

test("How to Play explains the rules, including the quick-guess bonus, and closes with Got it!", async () => {
  const { user } = renderApp();
  await user.click(screen.getByRole("button", { name: "How to Play" }));
  const dialog = await screen.findByRole("dialog", { name: "How to Play" });
  expect(dialog).toHaveTextContent("+50 quick-guess bonus");
  expect(dialog).toHaveTextContent("20");
  await user.click(within(dialog).getByRole("button", { name: "Got it!" }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(screen.getByRole("button", { name: "How to Play" })).toHaveFocus();
});
