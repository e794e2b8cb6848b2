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

export function LoginDialog({ open }: { open: boolean }) {
  const { close, openSignUp } = useAuthDialog();
  return (
    <AuthDialogShell
      open={open}
      title="Welcome Back!"
      description="Log in to play today's challenges and keep your score."
      switchPrompt="Don't have an account?"
      switchLabel="Sign up here"
      onSwitch={openSignUp}
    >
      <LoginForm onLoggedIn={close} />
    </AuthDialogShell>
  );
}

function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const id = useId();
  const errorId = `${id}-error`;
  const { error, working, submit } = useCredentialsSubmit("signIn", onLoggedIn);

  const describedBy = error === null ? undefined : errorId;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit({ email, password });
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
        <Label htmlFor={`${id}-password`}>Password</Label>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      <FormError id={errorId} message={error} />
      <Button type="submit" className="w-full" disabled={working}>
        {working && <Spinner />}
        Login
      </Button>
    </form>
  );
}
