import { useAuthActions } from "@convex-dev/auth/react";
import { useAction } from "convex/react";
import { Trash2Icon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { errorMessages } from "@convex/model/shared/errors";
import { FormError } from "@/components/FormError";
import { TitledDialog } from "@/components/TitledDialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { forgetSignedInHere } from "@/lib/auth/deviceMemory";
import { endingSessionHere, sessionEndedHere } from "@/lib/auth/sessionEnd";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import { PasswordField } from "@/components/AccountFields";

/** Deleting the account, after the player types their username in a dialog. */
export function DeleteAccountCard({
  username,
  onLeaving,
}: {
  username: string;
  /** True from the call on (false again if it fails): the page must stay until it moves on. */
  onLeaving: (leaving: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>
          <h2>Delete account</h2>
        </CardTitle>
        <CardDescription>
          Removes your account, score, stats, streaks and leaderboard places for good. Feedback you
          sent stays for the team, without your name or email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2Icon />
          Delete Account
        </Button>
        <DeleteAccountDialog
          username={username}
          open={open}
          onOpenChange={setOpen}
          onLeaving={onLeaving}
        />
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog({
  username,
  open,
  onOpenChange,
  onLeaving,
}: {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeaving: (leaving: boolean) => void;
}) {
  const deleteAccount = useAction(api.users.deleteAccount);
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim() !== username) return setError(errorMessages.DELETE_NOT_CONFIRMED);
    if (password === "") return setError(errorMessages.CURRENT_PASSWORD_MISSING);
    setError(null);
    onLeaving(true);
    endingSessionHere();
    const outcome = await run(() => deleteAccount({ confirmation: typed, password }), {
      success: "Your account was deleted. Thanks for playing!",
      failure: (cause) => messageFor(cause, "Failed to delete your account. Please try again"),
      toastFailure: false,
      logAs: "Deleting the account failed",
    });
    if (outcome?.ok === true) {
      forgetSignedInHere();
      onOpenChange(false);
      // The session is gone with the account; this clears the tokens this browser holds.
      await signOut().catch(() => undefined);
      void navigate("/");
    } else {
      sessionEndedHere();
      onLeaving(false);
      if (outcome) setError(outcome.message);
    }
  }

  return (
    <TitledDialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          setTyped("");
          setPassword("");
          setError(null);
        }
        onOpenChange(isOpen);
      }}
      className="sm:max-w-md"
      title="Delete your account?"
      description="This cannot be undone. Your score, stats, streaks, leaderboard places and room seats go with it."
    >
      <form noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-confirm`}>
            Type <span className="font-mono font-semibold">{username}</span> to confirm
          </Label>
          <Input
            id={`${id}-confirm`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={error === null ? undefined : `${id}-error`}
          />
        </div>
        <PasswordField
          id={`${id}-password`}
          label="Current password"
          choosing={false}
          value={password}
          onChange={setPassword}
          describedBy={error === null ? undefined : `${id}-error`}
        />
        <FormError id={`${id}-error`} message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={working}>
            {working && <Spinner />}
            Delete Account
          </Button>
        </div>
      </form>
    </TitledDialog>
  );
}
