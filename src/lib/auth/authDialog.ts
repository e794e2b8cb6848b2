import { createContext, useContext } from "react";

export type AuthDialogMode = "login" | "signUp" | "forgotPassword";

export type AuthDialogControls = {
  openLogin: () => void;
  openSignUp: () => void;
  openForgotPassword: () => void;
  /** The way in for a visitor: Sign Up on a device nobody has signed in on, Login otherwise. */
  openWelcome: () => void;
  close: () => void;
  /** Fetches the dialogs' code ahead of a click (on hover or focus of a Login button). */
  prefetch: () => void;
  /**
   * After a sign-up: from the landing page straight to `next` (the game by default; the Daily for
   * its card), src/app/App.tsx says where.
   */
  afterSignUp: (next?: string) => void;
};

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Opens and closes the account dialogs from anywhere under `AuthDialogProvider`. */
export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (controls === null) throw new Error("useAuthDialog must be used inside AuthDialogProvider");
  return controls;
}
