import { TitledDialog } from "@/components/TitledDialog";
import { useAuthDialog, type AuthDialogMode } from "@/lib/auth/authDialog";
import { CredentialsBody } from "@/components/CredentialsForm";
import { credentialsDialogs } from "@/lib/auth/credentialsCopy";

/** The login or the sign-up dialog: the form, its errors inline, and the way to the other. */
export function CredentialsDialog({
  mode,
  open,
  onCloseAutoFocus,
}: {
  mode: Exclude<AuthDialogMode, "forgotPassword">;
  open: boolean;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { close, openLogin, openSignUp, openForgotPassword, afterSignUp } = useAuthDialog();
  const dialog = credentialsDialogs[mode];
  return (
    <TitledDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      className="sm:max-w-md"
      onCloseAutoFocus={onCloseAutoFocus}
      title={dialog.title}
      description={dialog.description}
    >
      <CredentialsBody
        mode={mode}
        onDone={() => {
          close();
          if (mode === "signUp") afterSignUp();
        }}
        onForgotPassword={openForgotPassword}
        onSwitch={dialog.switchTo === "login" ? openLogin : openSignUp}
      />
    </TitledDialog>
  );
}
