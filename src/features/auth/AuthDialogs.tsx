import type { AuthDialogMode } from "./AuthDialogContext";
import { LoginDialog } from "./LoginDialog";
import { SignUpDialog } from "./SignUpDialog";

/** Both account dialogs, in one lazily loaded chunk; `mode` says which is open, if any. */
export default function AuthDialogs({ mode }: { mode: AuthDialogMode | null }) {
  return (
    <>
      <LoginDialog open={mode === "login"} />
      <SignUpDialog open={mode === "signUp"} />
    </>
  );
}
