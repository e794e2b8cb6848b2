import { useMutation } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { usernameProblem } from "@convex/model/shared/accounts";
import { errorMessages } from "@convex/model/shared/errors";
import { UsernameField } from "@/components/AccountFields";
import { FormError } from "@/components/FormError";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * The username: the sign-up's rules here; the server refuses reserved names and look-alikes of
 * taken ones, and its message shows under the field.
 */
export function UsernameCard({ username }: { username: string }) {
  const changeUsername = useMutation(api.users.changeUsername);
  const [wanted, setWanted] = useState(username);
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const broken = usernameProblem(wanted);
    if (broken !== null) return setError(errorMessages[broken]);
    setError(null);
    const outcome = await run(() => changeUsername({ username: wanted }), {
      success: "Username changed!",
      failure: (cause) => messageFor(cause, "Failed to change your username. Please try again"),
      toastFailure: false,
      logAs: "Changing the username failed",
    });
    if (outcome?.ok === false) setError(outcome.message);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Username</h2>
        </CardTitle>
        <CardDescription>What the leaderboards and party rooms show.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <UsernameField
            id={`${id}-username`}
            value={wanted}
            onChange={setWanted}
            describedBy={error === null ? undefined : `${id}-error`}
          />
          <FormError id={`${id}-error`} message={error} />
          <Button
            type="submit"
            className="justify-self-start"
            disabled={working || wanted.trim() === username}
          >
            {working && <Spinner />}
            Save Username
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
