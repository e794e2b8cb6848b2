import { screen, waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { api } from "@convex/_generated/api";
import { errorMessages } from "@convex/model/shared/errors";
import { renderSignedIn } from "@testing/client/render";
import { identityFromToken } from "@testing/convex/modules";
import { ann, signIn } from "@testing/world";

test("a password changed on another device signs this tab out at once, and says why", async () => {
  const { backend } = await renderSignedIn("/me");
  expect(await screen.findByRole("button", { name: "Logout" })).toBeInTheDocument();
  const tokens = await signIn(backend, "signIn", ann);
  await backend
    .withIdentity(identityFromToken(tokens.token))
    .action(api.users.changePassword, { currentPassword: ann.password, newPassword: "brandnew" });
  expect(await screen.findByText(errorMessages.SESSION_ENDED)).toBeInTheDocument();
  expect(await screen.findByRole("button", { name: "Login" })).toBeInTheDocument();
  // Its tokens are gone too: a reload would not bring the ended session back.
  const storedTokens = () =>
    Object.keys(localStorage).filter((key) => key.startsWith("__convexAuthJWT_"));
  await waitFor(() => expect(storedTokens()).toEqual([]));
});

test("logging out here says so, not that the session ended elsewhere", async () => {
  const { user } = await renderSignedIn("/me");
  await user.click(await screen.findByRole("button", { name: "Logout" }));
  expect(await screen.findByText("Successfully logged out!")).toBeInTheDocument();
  expect(screen.queryByText(errorMessages.SESSION_ENDED)).toBeNull();
});
