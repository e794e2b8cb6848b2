import { useMutation } from "convex/react";
import { FlaskConicalIcon } from "lucide-react";
import { Suspense } from "react";
import { api } from "@convex/_generated/api";
import { errorCodeOf, errorMessages } from "@convex/model/shared/errors";
import type { Profile } from "@convex/model/accounts/users";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { importWithReload, lazyWithReload } from "@/lib/lazyWithReload";
import { useLazyDialog } from "@/lib/useLazyDialog";
import { BAR_BUTTON } from "@/components/barButton";
import { useBusyCall } from "@/lib/useBusyCall";

const loadFeedbackDialog = () => importWithReload(() => import("./FeedbackDialog"));
const FeedbackDialog = lazyWithReload(loadFeedbackDialog);

/** The toasts for a failed join, in the spec's words. */
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
  const { working: joining, run } = useBusyCall();
  const feedbackDialog = useLazyDialog(loadFeedbackDialog);

  async function joinBeta() {
    await run(() => join(), {
      success: "Welcome to the beta program! Your feedback helps us improve.",
      failure: joinFailureMessage,
      logAs: "Joining the beta failed",
    });
  }

  if (!viewer.isBetaTester) {
    return (
      <Button
        variant="ghost"
        size="icon-sm"
        className={BAR_BUTTON}
        title="Join the beta program"
        aria-label="Join the beta program"
        disabled={joining}
        onClick={() => void joinBeta()}
      >
        {joining ? <Spinner /> : <FlaskConicalIcon />}
        <span aria-hidden="true" className="hidden sm:inline">
          Beta
        </span>
      </Button>
    );
  }

  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        className={`relative ${BAR_BUTTON}`}
        title="Send beta feedback"
        aria-label="Send beta feedback"
        {...feedbackDialog.openerProps}
      >
        <FlaskConicalIcon className="text-primary" />
        <span
          aria-hidden="true"
          className="absolute top-1 left-5 size-2 rounded-full bg-primary ring-2 ring-background sm:left-[18px] lg:left-[22px]"
        />
        <span aria-hidden="true" className="hidden sm:inline">
          Feedback
        </span>
      </Button>
      {feedbackDialog.mounted && (
        <Suspense fallback={null}>
          <FeedbackDialog {...feedbackDialog.dialogProps} />
        </Suspense>
      )}
    </>
  );
}
