import { act, screen, waitFor } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderApp } from "@testing/client/render";

test("closing the account dialogs gives the focus back to what opened them, even if it moved before React rendered", async () => {
  const { user } = renderApp("/leaderboard", { visitor: true });
  const login = await screen.findByRole("button", { name: "Login" });
  const elsewhere = document.createElement("button");
  document.body.append(elsewhere);
  login.focus();
  // What opened the dialog is what had the focus when the player acted: React may render the
  // change later (or again, rebasing it on other updates), when the focus is somewhere else.
  act(() => {
    login.click();
    elsewhere.focus();
  });
  const dialog = await screen.findByRole("dialog", { name: "Welcome Back!" });
  await user.click(await screen.findByRole("button", { name: "Forgot password?" }));
  await screen.findByRole("dialog", { name: "Reset Password" });
  expect(dialog).not.toBeInTheDocument();
  await user.keyboard("{Escape}");
  await waitFor(() => expect(login).toHaveFocus());
  elsewhere.remove();
});
