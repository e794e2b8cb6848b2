import type { RefObject } from "react";
import type { AuthDialogMode } from "@/lib/auth/authDialog";
import { CredentialsDialog } from "./CredentialsDialog";
import { ForgotPasswordDialog } from "./ForgotPasswordDialog";

/**
 * The account dialogs, in one lazily loaded chunk; `mode` says which is open, if any. One closing
 * because the player switched to another leaves the focus to that one; the last one closing
 * gives it back to `returnTo`.
 */
export default function AuthDialogs({
  mode,
  returnTo,
}: {
  mode: AuthDialogMode | null;
  returnTo: RefObject<HTMLElement | null>;
}) {
  const onCloseAutoFocus = (event: Event) => {
    if (mode !== null) return event.preventDefault();
    const target = returnTo.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <>
      <CredentialsDialog mode="login" open={mode === "login"} onCloseAutoFocus={onCloseAutoFocus} />
      <CredentialsDialog
        mode="signUp"
        open={mode === "signUp"}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <ForgotPasswordDialog open={mode === "forgotPassword"} onCloseAutoFocus={onCloseAutoFocus} />
    </>
  );
}
