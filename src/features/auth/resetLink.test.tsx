import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { errorMessages } from "@convex/model/shared/errors";
import { InProcessBackend } from "@testing/client/inProcessBackend";
import { renderApp } from "@testing/client/render";
import { captureResetCodes } from "@testing/convex/resetCodes";
import { ann, seedAnime, signIn, signUp } from "@testing/world";

// The whole journey, from the login dialog to the link's page in a real browser, is
// tests/e2e/profile.spec.ts; here what the link's page does with a good link and a spent one.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Ann, and the reset e-mail's link the server "sent" her: its path on this site. */
async function annWithLink() {
  const sent = captureResetCodes();
  const backend = new InProcessBackend();
  await seedAnime(backend, 3); // the game the player lands in has a pool
  await signUp(backend, ann);
  await backend.action(api.auth.signIn, {
    provider: "password",
    params: { flow: "reset", email: ann.email },
  });
  const url = new URL(sent[0].link);
  return { backend, path: `${url.pathname}${url.search}` };
}

test("the e-mail's link asks only for a new password, which signs the player in", async () => {
  const { backend, path } = await annWithLink();
  const { user, router } = renderApp(path, { backend, visitor: true });
  expect(
    await screen.findByRole("heading", { name: "Choose a new password", level: 1 }),
  ).toBeInTheDocument();
  expect(screen.getByText(ann.email)).toBeInTheDocument();
  await user.type(screen.getByLabelText("New password"), "fromlink");
  await user.click(screen.getByRole("button", { name: "Reset Password" }));
  expect(await screen.findByText("Password changed. You're logged in!")).toBeInTheDocument();
  expect(await screen.findByRole("button", { name: "Logout" })).toBeInTheDocument();
  // On to the game, the token out of the address bar and the history.
  await waitFor(() => expect(router.state.location.pathname).toBe("/game"));
  expect(router.state.location.search).toBe("");
  await signIn(backend, "signIn", { ...ann, password: "fromlink" });
});

test("a spent link says so and offers a new code", async () => {
  const { backend, path } = await annWithLink();
  await backend.action(api.auth.signIn, {
    provider: "password",
    params: {
      flow: "reset-verification",
      ...Object.fromEntries(new URLSearchParams(path.split("?")[1])),
      newPassword: "first1",
    },
  });
  const { user } = renderApp(path, { backend, visitor: true });
  await user.type(await screen.findByLabelText("New password"), "second");
  await user.click(screen.getByRole("button", { name: "Reset Password" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(errorMessages.RESET_LINK_INVALID);
  await user.click(screen.getByRole("button", { name: "Ask for a new code" }));
  const dialog = await screen.findByRole("dialog", { name: "Reset Password" });
  expect(await within(dialog).findByRole("button", { name: "Send Code" })).toBeInTheDocument();
});
