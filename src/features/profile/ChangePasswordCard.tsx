import { useAction } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { MIN_PASSWORD_LENGTH } from "@convex/model/shared/accountRules";
import { errorMessages } from "@convex/model/shared/errors";
import { FormError } from "@/components/FormError";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PasswordField, SubmitButton } from "@/components/AccountFields";
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
          <PasswordField
            label="Current password"
            choosing={false}
            id={`${id}-current`}
            value={currentPassword}
            onChange={setCurrentPassword}
            describedBy={describedBy}
          />
          <PasswordField
            label="New password"
            choosing
            id={`${id}-new`}
            value={newPassword}
            onChange={setNewPassword}
            describedBy={describedBy}
          />
          <FormError id={`${id}-error`} message={error} />
          <SubmitButton working={working} className="justify-self-start">
            Change Password
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
