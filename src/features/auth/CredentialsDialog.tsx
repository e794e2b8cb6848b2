import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/TitledDialog";
import { useAuthDialog, type AuthDialogMode } from "@/lib/auth/authDialog";
import { FormError } from "@/components/FormError";
import { EmailField, PasswordField, SubmitButton, UsernameField } from "@/components/AccountFields";
import { useCredentialsSubmit } from "./useCredentialsSubmit";

/** What tells the login and the sign-up dialog apart; everything else they share. */
const dialogs = {
  login: {
    flow: "signIn",
    title: "Welcome Back!",
    description: "Log in to play today's challenges and keep your score.",
    withUsername: false,
    submitLabel: "Login",
    switchPrompt: "Don't have an account?",
    switchLabel: "Sign up here",
    switchTo: "signUp",
  },
  signUp: {
    flow: "signUp",
    title: "Create Account",
    description: "Sign up to play the daily challenge and climb the leaderboard.",
    withUsername: true,
    submitLabel: "Sign Up",
    switchPrompt: "Already have an account?",
    switchLabel: "Login here",
    switchTo: "login",
  },
} as const;

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
  const dialog = dialogs[mode];
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
      <CredentialsForm
        mode={mode}
        onDone={() => {
          close();
          if (mode === "signUp") afterSignUp();
        }}
      />
      {mode === "login" && (
        <Button
          type="button"
          variant="link"
          className="-mt-2 h-auto justify-self-center p-0 text-sm"
          onClick={openForgotPassword}
        >
          Forgot password?
        </Button>
      )}
      <p className="text-center text-sm text-muted-foreground">
        {dialog.switchPrompt}{" "}
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={dialog.switchTo === "login" ? openLogin : openSignUp}
        >
          {dialog.switchLabel}
        </Button>
      </p>
    </TitledDialog>
  );
}

function CredentialsForm({
  mode,
  onDone,
}: {
  mode: Exclude<AuthDialogMode, "forgotPassword">;
  onDone: () => void;
}) {
  const dialog = dialogs[mode];
  const [email, setEmail] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const id = useId();
  const errorId = `${id}-error`;
  const { error, working, submit } = useCredentialsSubmit(dialog.flow, onDone);

  const describedBy = error === null ? undefined : errorId;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit(dialog.withUsername ? { email, username, password } : { email, password });
      }}
    >
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} describedBy={describedBy} />
      {dialog.withUsername && (
        <UsernameField
          id={`${id}-username`}
          value={username}
          onChange={setUsername}
          describedBy={describedBy}
        />
      )}
      <PasswordField
        label="Password"
        choosing={dialog.flow === "signUp"}
        id={`${id}-password`}
        value={password}
        onChange={setPassword}
        describedBy={describedBy}
      />
      <FormError id={errorId} message={error} />
      <SubmitButton working={working}>{dialog.submitLabel}</SubmitButton>
    </form>
  );
}
