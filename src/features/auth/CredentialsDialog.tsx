import { useId, useState, type FormEvent } from "react";
import {
  MIN_PASSWORD_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "@convex/model/shared/accountRules";
import { Button } from "@/components/ui/button";
import { TitledDialog } from "@/components/TitledDialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog, type AuthDialogMode } from "@/lib/auth/authDialog";
import { FormError } from "@/components/FormError";
import { PasswordInput } from "@/components/PasswordInput";
import { useCredentialsSubmit } from "./useCredentialsSubmit";

/** What tells the login and the sign-up dialog apart; everything else they share. */
const dialogs = {
  login: {
    flow: "signIn",
    title: "Welcome Back!",
    description: "Log in to play today's challenges and keep your score.",
    withUsername: false,
    passwordAutoComplete: "current-password",
    passwordPlaceholder: undefined,
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
    passwordAutoComplete: "new-password",
    passwordPlaceholder: `At least ${MIN_PASSWORD_LENGTH} characters`,
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      {dialog.withUsername && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            id={`${id}-username`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={`${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} letters, numbers or _`}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-describedby={describedBy}
          />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <PasswordInput
          id={`${id}-password`}
          autoComplete={dialog.passwordAutoComplete}
          placeholder={dialog.passwordPlaceholder}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      <FormError id={errorId} message={error} />
      <Button type="submit" className="w-full" disabled={working}>
        {working && <Spinner />}
        {dialog.submitLabel}
      </Button>
    </form>
  );
}
