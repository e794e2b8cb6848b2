import { useAuthActions } from "@convex-dev/auth/react";
import { useState } from "react";
import { resetProblem, resetRequestProblem } from "@convex/model/shared/accounts";
import { errorMessages } from "@convex/model/shared/errors";
import { rememberSignedInHere } from "@/lib/auth/deviceMemory";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * "Forgot password?"'s two steps: asking for a code (the address step), then the code and a new
 * password, which signs the player in. The spec's checks run before any call; a refusal shows in
 * the form rather than as a toast, beside the field it is about.
 */
export function usePasswordReset(onDone: () => void) {
  const { signIn } = useAuthActions();
  /** The address the code went to, once asked: the form is then at its second step. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();

  async function sendCode() {
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

  async function reset() {
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

  /** Back to the address step, the code typed so far and any error gone. */
  function startOver() {
    setSentTo(null);
    setCode("");
    setError(null);
  }

  return {
    sentTo,
    fields: { email, code, newPassword },
    setEmail,
    setCode,
    setNewPassword,
    error,
    working,
    sendCode,
    reset,
    startOver,
  };
}

export type PasswordReset = ReturnType<typeof usePasswordReset>;
