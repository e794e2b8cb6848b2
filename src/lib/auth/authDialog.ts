import { createContext, useContext } from "react";

export type AuthDialogMode = "login" | "signUp";

export type AuthDialogControls = {
  openLogin: () => void;
  openSignUp: () => void;
  close: () => void;
  /** Fetches the dialogs' code ahead of a click (on hover or focus of a Login button). */
  prefetch: () => void;
};

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Opens and closes the Login and Sign Up dialogs from anywhere under `AuthDialogProvider`. */
export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (controls === null) throw new Error("useAuthDialog must be used inside AuthDialogProvider");
  return controls;
}
