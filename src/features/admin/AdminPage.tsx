import { usePaginatedQuery, useQuery } from "convex/react";
import { CircleAlertIcon } from "lucide-react";
import { useEffect } from "react";
import { Navigate } from "react-router-dom";
import { api } from "@convex/_generated/api";
import { FEEDBACK_PAGE_SIZE } from "@convex/model/shared/feedbackRules";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useViewer } from "@/lib/auth/viewer";
import { notify } from "@/lib/notify";
import { useUtcDay } from "@/lib/useUtcDay";
import { BetaActivity } from "./BetaActivity";
import { ContestsCard } from "./ContestsCard";
import { FeedbackCard } from "./FeedbackCard";
import { QueryErrorBoundary } from "./QueryErrorBoundary";
import { SummaryCharts } from "./SummaryCharts";

/** What someone who is not an admin reads as /admin sends them back to /. */
export const ADMIN_ONLY_MESSAGE = "The Beta Feedback Dashboard is for admins only";

/**
 * /admin: admins only; anyone else goes back to / (the spec) and is told why, rather than
 * landing there without a word (the queries refuse them too).
 */
export function AdminPage() {
  const viewer = useViewer();
  const refused =
    viewer.status === "signedOut" || (viewer.status === "signedIn" && !viewer.viewer.isAdmin);
  useEffect(() => {
    if (refused) void notify("error", ADMIN_ONLY_MESSAGE, "admin-only");
  }, [refused]);
  if (viewer.status === "loading") return <CenteredSpinner />;
  if (refused) return <Navigate to="/" replace />;
  return <Dashboard />;
}

function Dashboard() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Beta Feedback Dashboard</h1>
        <p className="text-muted-foreground">
          What beta testers think, and how the game is played. Feedback appears here as it arrives.
        </p>
      </header>
      <QueryErrorBoundary fallback={<ErrorAlert message="Failed to load the statistics" />}>
        <Summary />
      </QueryErrorBoundary>
      <QueryErrorBoundary fallback={<ErrorAlert message="Failed to load the contested guesses" />}>
        <ContestsCard />
      </QueryErrorBoundary>
      <section aria-labelledby="feedback-heading" className="grid gap-4">
        <h2 id="feedback-heading" className="text-xl font-semibold">
          Feedback
        </h2>
        <QueryErrorBoundary fallback={<ErrorAlert message="Failed to load feedback data" />}>
          <FeedbackList />
        </QueryErrorBoundary>
      </section>
    </div>
  );
}

function Summary() {
  const day = useUtcDay();
  const summary = useQuery(api.admin.summary, { day });
  if (summary === undefined) return <CenteredSpinner label="Loading the statistics" />;
  return (
    <>
      <SummaryCharts summary={summary} />
      <BetaActivity items={summary.betaActivity} />
    </>
  );
}

function FeedbackList() {
  const { results, status, loadMore } = usePaginatedQuery(
    api.admin.feedback,
    {},
    { initialNumItems: FEEDBACK_PAGE_SIZE },
  );
  if (status === "LoadingFirstPage") return <CenteredSpinner label="Loading feedback" />;
  if (results.length === 0) {
    return (
      <p className="text-muted-foreground">No feedback yet. It will appear here as it arrives.</p>
    );
  }
  return (
    <>
      <ol aria-label="Feedback, newest first" className="grid gap-4 md:grid-cols-2">
        {results.map((feedback) => (
          <li key={feedback._id} className="grid">
            <FeedbackCard feedback={feedback} />
          </li>
        ))}
      </ol>
      {status !== "Exhausted" && (
        <Button
          variant="secondary"
          className="justify-self-center"
          disabled={status === "LoadingMore"}
          onClick={() => loadMore(FEEDBACK_PAGE_SIZE)}
        >
          {status === "LoadingMore" && <Spinner />}
          Load more
        </Button>
      )}
    </>
  );
}

function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <CircleAlertIcon />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function CenteredSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="size-8 text-primary" aria-label={label} />
    </div>
  );
}
