import { CircleCheckIcon, CircleIcon, Loader2Icon } from "lucide-react";
import type { ReactNode } from "react";
import type { PoolStatus } from "@convex/model/catalogue/pool";
import { cn } from "@/lib/utils";
import { clockTime } from "./clockTime";

/**
 * The pool's fill as two steps: the anime from AniList (with AniList's rate-limit wait, if any),
 * then their blurred covers, the ready count, and the image host's retries when it fails.
 */
export function PoolSteps({ status }: { status: PoolStatus | undefined }) {
  const target = status?.target ?? null;
  const fetched = (status?.pagesFetched ?? 0) > 0 || status?.refresh === "succeeded";
  const waitingUntil = status?.waitingUntil ?? null;
  const retryAt = (status?.coversRetrying ?? 0) > 0 ? (status?.nextCoverRetryAt ?? null) : null;
  return (
    <ol className="flex flex-col gap-3 text-sm">
      <Step state={fetched ? "done" : "active"}>
        Fetching the most popular anime from AniList
        {waitingUntil !== null && (
          <span className="block text-amber-200">
            AniList asked us to slow down: trying again at {clockTime(waitingUntil)}.
          </span>
        )}
      </Step>
      <Step state={fetched ? "active" : "todo"}>
        Making the blurred covers
        {target !== null && (
          <span className="block font-semibold text-foreground tabular-nums">
            {status!.ready} of {target} anime ready
          </span>
        )}
        {retryAt !== null && (
          <span className="block text-amber-200" data-testid="cover-retry">
            The image host is not answering: trying the covers again at {clockTime(retryAt)}.
          </span>
        )}
      </Step>
    </ol>
  );
}

function Step({ state, children }: { state: "done" | "active" | "todo"; children: ReactNode }) {
  const icon =
    state === "done" ? (
      <CircleCheckIcon className="size-4 text-emerald-300" aria-hidden="true" />
    ) : state === "active" ? (
      <Loader2Icon className="size-4 animate-spin text-primary" aria-hidden="true" />
    ) : (
      <CircleIcon className="size-4 text-muted-foreground" aria-hidden="true" />
    );
  return (
    <li
      className={cn("flex items-start gap-2", state === "todo" && "text-muted-foreground")}
      aria-current={state === "active" ? "step" : undefined}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <span>{children}</span>
    </li>
  );
}
