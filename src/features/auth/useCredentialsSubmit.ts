import { useAuthActions } from "@convex-dev/auth/react";
import { useState } from "react";
import { toast } from "sonner";
import { loginProblem, signUpProblem, type SignUpInput } from "@convex/model/accounts";
import { errorMessages } from "@convex/model/errors";
import { messageFor } from "@/lib/errors";

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
  const [working, setWorking] = useState(false);
  const { problem, success, fallback } = flows[flow];

  async function submit(fields: Partial<SignUpInput>) {
    if (working) return;
    const broken = problem(fields);
    if (broken !== null) {
      setError(errorMessages[broken]);
      return;
    }
    setError(null);
    setWorking(true);
    try {
      await signIn("password", { flow, ...fields });
      toast.success(success);
      onDone();
    } catch (cause) {
      const message = messageFor(cause, fallback);
      setError(message);
      toast.error(message);
    } finally {
      setWorking(false);
    }
  }

  return { error, working, submit };
}
