import { act, render } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { useAuthDialog, type AuthDialogControls } from "@/lib/auth/authDialog";
import { ViewerContext, type ViewerState } from "@/lib/auth/viewer";
import type { Profile } from "@convex/model/accounts/users";
import { AuthDialogProvider } from "./AuthDialogProvider";

const player: ViewerState = {
  status: "signedIn",
  viewer: {
    _id: "u1" as Profile["_id"],
    email: "ann@example.com",
    username: "Ann",
    score: 0,
    isBetaTester: false,
    isAdmin: false,
    createdAt: 0,
  },
};

/** The provider under a viewer the test sets, and the controls a dialog would use. */
function renderProvider(afterSignUp: () => void) {
  let controls: AuthDialogControls | null = null;
  function Probe() {
    controls = useAuthDialog();
    return null;
  }
  const tree = (viewer: ViewerState) => (
    <ViewerContext.Provider value={viewer}>
      <AuthDialogProvider afterSignUp={afterSignUp}>
        <Probe />
      </AuthDialogProvider>
    </ViewerContext.Provider>
  );
  const view = render(tree({ status: "signedOut" }));
  return {
    controls: () => controls!,
    viewerIs: (viewer: ViewerState) => view.rerender(tree(viewer)),
  };
}

test("what follows a sign-up waits until Convex has the new player (a player's page would ask a visitor to log in)", () => {
  const afterSignUp = vi.fn();
  const { controls, viewerIs } = renderProvider(afterSignUp);
  // The sign-up's call has returned; Convex has not confirmed the session yet.
  act(() => controls().afterSignUp());
  expect(afterSignUp).not.toHaveBeenCalled();
  viewerIs({ status: "loading" });
  expect(afterSignUp).not.toHaveBeenCalled();
  viewerIs(player);
  expect(afterSignUp).toHaveBeenCalledTimes(1);
  // Once only: later changes of the viewer lead nowhere.
  viewerIs({ status: "signedOut" });
  viewerIs(player);
  expect(afterSignUp).toHaveBeenCalledTimes(1);
});

test("when the session is confirmed first, what follows a sign-up comes at once", () => {
  const afterSignUp = vi.fn();
  const { controls, viewerIs } = renderProvider(afterSignUp);
  viewerIs(player);
  act(() => controls().afterSignUp());
  expect(afterSignUp).toHaveBeenCalledTimes(1);
});
