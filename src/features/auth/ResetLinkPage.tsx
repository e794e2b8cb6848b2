import { useAuthActions } from "@convex-dev/auth/react";
import { KeyRoundIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { resetLinkProblem } from "@convex/model/shared/accounts";
import { errorMessages } from "@convex/model/shared/errors";
import { FormError } from "@/components/FormError";
import { PasswordField, SubmitButton } from "@/components/AccountFields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { rememberSignedInHere } from "@/lib/auth/deviceMemory";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * /reset?email=…&token=…, where a reset e-mail's link leads: only the new password to choose,
 * which signs the player in. The link works whatever wrong codes a stranger typed; a used,
 * expired or mangled one says so and offers a new code (the newest e-mail's link works).
 */
export function ResetLinkPage() {
  const [query] = useSearchParams();
  const email = query.get("email") ?? "";
  const token = query.get("token") ?? "";
  const { signIn } = useAuthActions();
  const { openForgotPassword } = useAuthDialog();
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();
  const id = useId();
  const errorId = `${id}-error`;

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const broken = resetLinkProblem({ email, token, newPassword });
    if (broken !== null) return setError(errorMessages[broken]);
    setError(null);
    const outcome = await run(
      () => signIn("password", { flow: "reset-verification", email, token, newPassword }),
      {
        success: "Password changed. You're logged in!",
        failure: (cause) => messageFor(cause, "Failed to reset your password. Please try again"),
        toastFailure: false,
        logAs: "Resetting the password by link failed",
      },
    );
    if (outcome?.ok === true) {
      rememberSignedInHere();
      // Replaced, so the spent token leaves the history.
      void navigate("/game", { replace: true });
    } else if (outcome) {
      setError(outcome.message);
    }
  }

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md gap-5">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <KeyRoundIcon className="size-5 text-primary" />
            <h1>Choose a new password</h1>
          </CardTitle>
          <CardDescription>
            For <span className="font-medium break-all">{email || "your account"}</span>. It signs
            you in, and signs out every other device.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={(event) => void reset(event)}>
            <PasswordField
              label="New password"
              choosing
              autoFocus
              id={`${id}-password`}
              value={newPassword}
              onChange={setNewPassword}
              describedBy={error === null ? undefined : errorId}
            />
            <FormError id={errorId} message={error} />
            <SubmitButton working={working}>Reset Password</SubmitButton>
            <Button
              type="button"
              variant="link"
              className="h-auto p-0"
              onClick={openForgotPassword}
            >
              Ask for a new code
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
