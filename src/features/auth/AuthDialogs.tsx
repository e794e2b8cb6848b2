import type { AuthDialogMode } from "@/lib/auth/authDialog";
import { CredentialsDialog } from "./CredentialsDialog";

/** Both account dialogs, in one lazily loaded chunk; `mode` says which is open, if any. */
export default function AuthDialogs({ mode }: { mode: AuthDialogMode | null }) {
  return (
    <>
      <CredentialsDialog mode="login" open={mode === "login"} />
      <CredentialsDialog mode="signUp" open={mode === "signUp"} />
    </>
  );
}
