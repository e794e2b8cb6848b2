import { useAuthActions } from "@convex-dev/auth/react";
import { useState } from "react";
import { loginProblem, signUpProblem, type SignUpInput } from "@convex/model/shared/accounts";
import { errorMessages } from "@convex/model/shared/errors";
import { messageFor } from "@/lib/errors";
import { rememberSignedInHere } from "@/lib/auth/deviceMemory";
import { useBusyCall } from "@/lib/useBusyCall";

const flows = {
  signIn: {
    problem: loginProblem,
    success: "Successfully logged in!",
    fallback: "Failed to login. Please try again",
  },
  signUp: {
    problem: signUpProblem,
    success: "Account created successfully!",
    fallback: "Failed to create account. Please try again.",
  },
} as const;

/**
 * Submits the login or sign-up form: the spec's checks before any call, then
 * Convex Auth's password flow, with the spec's messages inline and as toasts.
 */
export function useCredentialsSubmit(flow: keyof typeof flows, onDone: () => void) {
  const { signIn } = useAuthActions();
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();
  const { problem, success, fallback } = flows[flow];

  async function submit(fields: Partial<SignUpInput>) {
    if (working) return;
    const broken = problem(fields);
    if (broken !== null) {
      setError(errorMessages[broken]);
      return;
    }
    setError(null);
    const outcome = await run(() => signIn("password", { flow, ...fields }), {
      success,
      failure: (cause) => messageFor(cause, fallback),
      logAs: `${flow} failed`,
    });
    if (outcome?.ok === true) {
      rememberSignedInHere();
      onDone();
    } else if (outcome) setError(outcome.message);
  }

  return { error, working, submit };
}
