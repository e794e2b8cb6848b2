import { useQuery } from "convex/react";
import { useId, useState } from "react";
import { api } from "@convex/_generated/api";
import { RESET_CODE_LENGTH, RESET_CODE_VALID_MINUTES } from "@convex/model/shared/accountRules";
import { errorMessages } from "@convex/model/shared/errors";
import { FormError } from "@/components/FormError";
import { TitledDialog } from "@/components/TitledDialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { EmailField, PasswordField, SubmitButton } from "@/components/AccountFields";
import { usePasswordReset, type PasswordReset } from "./usePasswordReset";

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

/** The step the reset is at: the address, then the code and the new password. */
function ResetSteps({ onDone }: { onDone: () => void }) {
  const flow = usePasswordReset(onDone);
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = flow.error === null ? undefined : errorId;
  const ids = { id, errorId, describedBy };
  return flow.sentTo === null ? (
    <AddressStep flow={flow} ids={ids} />
  ) : (
    <CodeStep flow={flow} sentTo={flow.sentTo} ids={ids} />
  );
}

type StepIds = { id: string; errorId: string; describedBy: string | undefined };

function AddressStep({ flow, ids }: { flow: PasswordReset; ids: StepIds }) {
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void flow.sendCode();
      }}
    >
      <EmailField
        id={`${ids.id}-email`}
        // The field may appear after the dialog opened (reset's availability loading).
        autoFocus
        value={flow.fields.email}
        onChange={flow.setEmail}
        describedBy={ids.describedBy}
      />
      <FormError id={ids.errorId} message={flow.error} />
      <SubmitButton working={flow.working}>Send Code</SubmitButton>
    </form>
  );
}

function CodeStep({ flow, sentTo, ids }: { flow: PasswordReset; sentTo: string; ids: StepIds }) {
  const { id, errorId, describedBy } = ids;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void flow.reset();
      }}
    >
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
          value={flow.fields.code}
          onChange={(event) => flow.setCode(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>
      <PasswordField
        label="New password"
        choosing
        id={`${id}-password`}
        value={flow.fields.newPassword}
        onChange={flow.setNewPassword}
        describedBy={describedBy}
      />
      <FormError id={errorId} message={flow.error} />
      <SubmitButton working={flow.working}>Reset Password</SubmitButton>
      <div className="flex flex-wrap justify-center gap-x-4 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          disabled={flow.working}
          onClick={() => void flow.sendCode()}
        >
          Send another code
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={flow.startOver}>
          Use another email
        </Button>
      </div>
    </form>
  );
}
