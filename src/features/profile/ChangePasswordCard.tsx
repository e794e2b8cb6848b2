import { useAction } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { MIN_PASSWORD_LENGTH } from "@convex/model/shared/accountRules";
import { errorMessages } from "@convex/model/shared/errors";
import { FormError } from "@/components/FormError";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { PasswordInput } from "@/components/PasswordInput";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/** A new password, with the current one: this device stays signed in, the others are signed out. */
export function ChangePasswordCard() {
  const changePassword = useAction(api.users.changePassword);
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();
  const id = useId();
  const describedBy = error === null ? undefined : `${id}-error`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (currentPassword === "") return setError(errorMessages.CURRENT_PASSWORD_MISSING);
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      return setError(errorMessages.PASSWORD_TOO_SHORT);
    }
    setError(null);
    const outcome = await run(() => changePassword({ currentPassword, newPassword }), {
      success: "Password changed! Other devices were logged out.",
      failure: (cause) => messageFor(cause, "Failed to change your password. Please try again"),
      toastFailure: false,
      logAs: "Changing the password failed",
    });
    if (outcome?.ok === true) {
      setCurrentPassword("");
      setNewPassword("");
    } else if (outcome) {
      setError(outcome.message);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Password</h2>
        </CardTitle>
        <CardDescription>Other devices are logged out when it changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-current`}>Current password</Label>
            <PasswordInput
              id={`${id}-current`}
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              aria-describedby={describedBy}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-new`}>New password</Label>
            <PasswordInput
              id={`${id}-new`}
              autoComplete="new-password"
              placeholder={`At least ${MIN_PASSWORD_LENGTH} characters`}
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              aria-describedby={describedBy}
            />
          </div>
          <FormError id={`${id}-error`} message={error} />
          <Button type="submit" className="justify-self-start" disabled={working}>
            {working && <Spinner />}
            Change Password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
