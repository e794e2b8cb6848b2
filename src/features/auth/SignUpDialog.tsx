import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "./AuthDialogContext";
import { AuthDialogShell } from "./AuthDialogShell";
import { FormError } from "./FormError";
import { useCredentialsSubmit } from "./useCredentialsSubmit";
import { PasswordInput } from "./PasswordInput";

export function SignUpDialog({ open }: { open: boolean }) {
  const { close, openLogin } = useAuthDialog();
  return (
    <AuthDialogShell
      open={open}
      title="Create Account"
      description="Sign up to play the daily challenge and climb the leaderboard."
      switchPrompt="Already have an account?"
      switchLabel="Login here"
      onSwitch={openLogin}
    >
      <SignUpForm onSignedUp={close} />
    </AuthDialogShell>
  );
}

function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [email, setEmail] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const id = useId();
  const errorId = `${id}-error`;
  const { error, working, submit } = useCredentialsSubmit("signUp", onSignedUp);

  const describedBy = error === null ? undefined : errorId;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit({ email, username, password });
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-username`}>Username</Label>
        <Input
          id={`${id}-username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="3-20 letters, numbers or _"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="new-password"
          placeholder="At least 6 characters"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      <FormError id={errorId} message={error} />
      <Button type="submit" className="w-full" disabled={working}>
        {working && <Spinner />}
        Sign Up
      </Button>
    </form>
  );
}
