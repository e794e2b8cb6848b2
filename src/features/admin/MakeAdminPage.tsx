import { useMutation } from "convex/react";
import { CircleAlertIcon, CircleCheckIcon, ShieldCheckIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import type { ClaimResult } from "@convex/model/accounts/adminClaim";
import {
  CLAIM_CODE_EXAMPLE,
  CLAIM_CODE_LENGTH,
  CLAIM_CODE_VALID_MINUTES,
  minutesText,
} from "@convex/model/shared/claimRules";
import { errorMessages } from "@convex/model/shared/errors";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

type Outcome = { ok: true } | { ok: false; reason: string };

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** The text for a refused claim; a lock says until when. */
function refusalText(result: Extract<ClaimResult, { ok: false }>): string {
  const reason = errorMessages[result.reason];
  if (result.retryAt === undefined) return reason;
  return `${reason}. Try again after ${timeFormat.format(result.retryAt)}`;
}

/**
 * /make-admin: one button and the claim code an operator created with
 * `admin:createClaimCode`. The server decides; a refused code comes back as a
 * result (so that it is counted), not as an error.
 */
export function MakeAdminPage() {
  const makeMeAdmin = useMutation(api.admin.makeMeAdmin);
  const [code, setCode] = useState("");
  const { working, run } = useBusyCall();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const outcomeId = `${id}-outcome`;

  async function makeAdmin(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const call = await run(() => makeMeAdmin({ code }), {
      failure: (error) => messageFor(error, "Something went wrong. Please try again."),
      toastFailure: false,
      logAs: "Making the player admin failed",
    });
    if (call === null) return;
    if (!call.ok) return setOutcome({ ok: false, reason: call.message });
    const result = call.value;
    setOutcome(result.ok ? result : { ok: false, reason: refusalText(result) });
    if (result.ok) setCode("");
  }

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md gap-5">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <ShieldCheckIcon className="size-5 text-primary" />
            <h1>Admin access</h1>
          </CardTitle>
          <CardDescription>
            Enter the claim code an operator created for you. A code works once, for{" "}
            {minutesText(CLAIM_CODE_VALID_MINUTES)}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={(event) => void makeAdmin(event)}>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-code`}>Claim code</Label>
              <Input
                id={`${id}-code`}
                name="claim-code"
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                maxLength={64}
                className="font-mono tracking-wider uppercase"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-describedby={outcome === null ? hintId : `${hintId} ${outcomeId}`}
              />
              <p id={hintId} className="text-sm text-muted-foreground">
                {CLAIM_CODE_LENGTH} letters and digits, like{" "}
                <span className="whitespace-nowrap">{CLAIM_CODE_EXAMPLE}</span>; case and dashes do
                not matter.
              </p>
            </div>
            <Button type="submit" disabled={working}>
              {working && <Spinner />}
              Make Me Admin
            </Button>
            {outcome?.ok === true && (
              <Alert id={outcomeId}>
                <CircleCheckIcon className="text-emerald-400" />
                <AlertDescription className="text-foreground">
                  <p>Successfully made you an admin!</p>
                  <Link to="/admin" className="text-primary underline underline-offset-4">
                    Open the Beta Feedback Dashboard
                  </Link>
                </AlertDescription>
              </Alert>
            )}
            {outcome?.ok === false && (
              <Alert id={outcomeId} variant="destructive">
                <CircleAlertIcon />
                <AlertDescription>Error making you admin: {outcome.reason}</AlertDescription>
              </Alert>
            )}
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
