import { useMutation } from "convex/react";
import { FlaskConicalIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { api } from "@convex/_generated/api";
import { errorCodeOf, errorMessages } from "@convex/model/errors";
import type { Profile } from "@convex/model/users";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { importWithReload, lazyWithReload, prefetch } from "@/lib/lazyWithReload";
import { notify } from "@/lib/notify";

const loadFeedbackDialog = () => importWithReload(() => import("./FeedbackDialog"));
const FeedbackDialog = lazyWithReload(loadFeedbackDialog);

/** The spec's toasts for a failed join (§8 Beta and feedback). */
function joinFailureMessage(error: unknown): string {
  const code = errorCodeOf(error);
  if (code === "NOT_SIGNED_IN") return "Please log in to join the beta program.";
  if (code !== null) return `Failed to join beta program: ${errorMessages[code]}`;
  return "Failed to join beta program. Please try again.";
}

/**
 * The top bar's beta icon: joins the program on click; once the player is a
 * tester it carries a dot and opens the feedback dialog (loaded on first use).
 */
export function BetaButton({ viewer }: { viewer: Profile }) {
  const join = useMutation(api.beta.join);
  const [joining, setJoining] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);

  async function joinBeta() {
    setJoining(true);
    try {
      await join();
      await notify("success", "Welcome to the beta program! Your feedback helps us improve.");
    } catch (error) {
      // A refusal with one of our codes is expected; anything else is a fault.
      if (errorCodeOf(error) === null) console.error("Joining the beta failed", error);
      await notify("error", joinFailureMessage(error));
    } finally {
      setJoining(false);
    }
  }

  if (!viewer.isBetaTester) {
    return (
      <Button
        variant="ghost"
        size="icon-sm"
        title="Join the beta program"
        disabled={joining}
        onClick={() => void joinBeta()}
      >
        {joining ? <Spinner /> : <FlaskConicalIcon />}
        <span className="sr-only">Join the beta program</span>
      </Button>
    );
  }

  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        className="relative"
        title="Send beta feedback"
        onPointerEnter={() => prefetch(loadFeedbackDialog)}
        onFocus={() => prefetch(loadFeedbackDialog)}
        onClick={() => {
          setDialogUsed(true);
          setDialogOpen(true);
        }}
      >
        <FlaskConicalIcon className="text-primary" />
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 size-2 rounded-full bg-primary ring-2 ring-background"
        />
        <span className="sr-only">Send beta feedback</span>
      </Button>
      {dialogUsed && (
        <Suspense fallback={null}>
          <FeedbackDialog open={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      )}
    </>
  );
}
