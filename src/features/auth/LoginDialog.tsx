import { useAuthActions } from "@convex-dev/auth/react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { loginProblem } from "@convex/model/accounts";
import { errorMessages } from "@convex/model/errors";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { messageFor } from "@/lib/errors";
import { useAuthDialog } from "./AuthDialogContext";
import { FormError } from "./FormError";
import { PasswordInput } from "./PasswordInput";

export function LoginDialog({ open }: { open: boolean }) {
  const { close, openSignUp } = useAuthDialog();
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Welcome Back!</DialogTitle>
          <DialogDescription>
            Log in to play today&apos;s challenges and keep your score.
          </DialogDescription>
        </DialogHeader>
        <LoginForm onLoggedIn={close} />
        <p className="text-center text-sm text-muted-foreground">
          Don&apos;t have an account?{" "}
          <Button type="button" variant="link" className="h-auto p-0" onClick={openSignUp}>
            Sign up here
          </Button>
        </p>
      </DialogContent>
    </Dialog>
  );
}

function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { signIn } = useAuthActions();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const problem = loginProblem({ email, password });
    if (problem !== null) {
      setError(errorMessages[problem]);
      return;
    }
    setError(null);
    setWorking(true);
    try {
      await signIn("password", { flow: "signIn", email, password });
      toast.success("Successfully logged in!");
      onLoggedIn();
    } catch (cause) {
      const message = messageFor(cause, "Failed to login. Please try again");
      setError(message);
      toast.error(message);
    } finally {
      setWorking(false);
    }
  }

  const describedBy = error === null ? undefined : errorId;
  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
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
