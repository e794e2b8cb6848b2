import { useAuthActions } from "@convex-dev/auth/react";
import { useQuery } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { RESET_CODE_LENGTH, RESET_CODE_VALID_MINUTES } from "@convex/model/shared/accountRules";
import { resetProblem, resetRequestProblem } from "@convex/model/shared/accounts";
import { errorMessages } from "@convex/model/shared/errors";
import { FormError } from "@/components/FormError";
import { TitledDialog } from "@/components/TitledDialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { rememberSignedInHere } from "@/lib/auth/deviceMemory";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import { EmailField, PasswordField, SubmitButton } from "@/components/AccountFields";

/**
 * "Forgot password?": an e-mail address, then the code sent to it and a new password, which
 * signs the player in. Where the deployment sends no e-mail, it says so instead.
 */
export function ForgotPasswordDialog({
  open,
  onCloseAutoFocus,
}: {
  open: boolean;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { close, openLogin } = useAuthDialog();
  // Asked for as soon as the account dialogs load, so the answer is there when this one opens.
  const available = useQuery(api.users.passwordResetAvailable, {});
  // Each opening starts from the address step.
  const [opening, setOpening] = useState(0);
  return (
    <TitledDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      className="sm:max-w-md"
      onCloseAutoFocus={onCloseAutoFocus}
      title="Reset Password"
      description={
        available === false
          ? errorMessages.RESET_NOT_SET_UP
          : "We'll email you a code to choose a new password."
      }
    >
      {available === undefined && <Spinner className="mx-auto size-6 text-muted-foreground" />}
      {available === true && (
        <ResetSteps
          key={opening}
          onDone={() => {
            setOpening((count) => count + 1);
            close();
          }}
        />
      )}
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{" "}
        <Button type="button" variant="link" className="h-auto p-0" onClick={openLogin}>
          Back to login
        </Button>
      </p>
    </TitledDialog>
  );
}

function ResetSteps({ onDone }: { onDone: () => void }) {
  const { signIn } = useAuthActions();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = error === null ? undefined : errorId;

  async function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const broken = resetRequestProblem({ email });
    if (broken !== null) return setError(errorMessages[broken]);
    setError(null);
    const outcome = await run(() => signIn("password", { flow: "reset", email }), {
      failure: (cause) => messageFor(cause, "Failed to send the code. Please try again"),
      toastFailure: false,
      logAs: "Asking for a reset code failed",
    });
    if (outcome?.ok === true) setSentTo(email.trim());
    else if (outcome) setError(outcome.message);
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const broken = resetProblem({ email, code, newPassword });
    if (broken !== null) return setError(errorMessages[broken]);
    setError(null);
    const outcome = await run(
      () => signIn("password", { flow: "reset-verification", email, code, newPassword }),
      {
        success: "Password changed. You're logged in!",
        failure: (cause) => messageFor(cause, "Failed to reset your password. Please try again"),
        toastFailure: false,
        logAs: "Resetting the password failed",
      },
    );
    if (outcome?.ok === true) {
      rememberSignedInHere();
      onDone();
    } else if (outcome) {
      setError(outcome.message);
    }
  }

  if (sentTo === null) {
    return (
      <form noValidate className="grid gap-4" onSubmit={(event) => void sendCode(event)}>
        <EmailField
          id={`${id}-email`}
          // The field may appear after the dialog opened (reset's availability loading).
          autoFocus
          value={email}
          onChange={setEmail}
          describedBy={describedBy}
        />
        <FormError id={errorId} message={error} />
        <SubmitButton working={working}>Send Code</SubmitButton>
      </form>
    );
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={(event) => void reset(event)}>
      {/* Polite: read out once the step changes, without taking the focus from the code field. */}
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
        If an account uses <span className="font-medium break-all">{sentTo}</span>, we sent it a
        code of {RESET_CODE_LENGTH} digits and a link. Either works once, for{" "}
        {RESET_CODE_VALID_MINUTES} minutes.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Code</Label>
        <Input
          id={`${id}-code`}
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder={"0".repeat(RESET_CODE_LENGTH)}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      <PasswordField
        label="New password"
        choosing
        id={`${id}-password`}
        value={newPassword}
        onChange={setNewPassword}
        describedBy={describedBy}
      />
      <FormError id={errorId} message={error} />
      <SubmitButton working={working}>Reset Password</SubmitButton>
      <div className="flex flex-wrap justify-center gap-x-4 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          disabled={working}
          onClick={() => void sendCode()}
        >
          Send another code
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setSentTo(null);
            setCode("");
            setError(null);
          }}
        >
          Use another email
        </Button>
      </div>
    </form>
  );
}
