import { useQuery } from "convex/react";
import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleIcon,
  Loader2Icon,
  RotateCcwIcon,
} from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { api } from "@convex/_generated/api";
import type { PoolStatus } from "@convex/model/catalogue/pool";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { GameCard, PlaceholderCover } from "@/components/game/GameCard";

/**
 * The game screen while the pool has no anime to deal (a fresh deployment: the first refresh
 * is fetching from AniList and making covers). It follows the pool's status live and, as soon as
 * an anime is ready, asks the server for the round again (`reopen`: `game.open`, which deals it):
 * no reload. A refresh that failed with nothing ready says so, with a way to try again.
 */
export function PoolWait({ reopen }: { reopen: () => Promise<void> }) {
  const status = useQuery(api.catalogue.poolStatus, {});
  const asking = useRef(false);
  const [retrying, setRetrying] = useState(false);
  const ready = status?.ready ?? 0;

  useEffect(() => {
    if (ready === 0 || asking.current) return;
    asking.current = true;
    // Once dealt, this screen is gone; a call that found nothing waits for the next change.
    void reopen().finally(() => (asking.current = false));
  }, [ready, reopen]);

  if (status !== undefined && status.ready === 0 && status.refresh === "failed") {
    return (
      <PoolFailed
        retrying={retrying}
        onRetry={() => {
          setRetrying(true);
          void reopen().finally(() => setRetrying(false));
        }}
      />
    );
  }
  return <PoolProgress status={status} />;
}

function PoolProgress({ status }: { status: PoolStatus | undefined }) {
  const target = status?.target ?? null;
  const fetched = (status?.pagesFetched ?? 0) > 0;
  const waitingUntil = status?.waitingUntil ?? null;
  const count = target === null ? "" : `: ${status!.ready} of ${target} anime ready`;
  return (
    <GameCard cover={<PlaceholderCover />}>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Preparing the anime pool</h2>
        <p role="status" className="sr-only">
          Preparing the anime pool{count}
        </p>
        <p className="text-muted-foreground">
          The game has just been set up: its first anime are on their way from AniList. Your first
          round starts by itself as soon as one is ready.
        </p>
      </div>
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
        </Step>
      </ol>
    </GameCard>
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

function PoolFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <GameCard cover={<PlaceholderCover still />}>
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-red-200"
      >
        <h2 className="flex items-center gap-2 font-semibold">
          <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
          The anime pool could not be filled
        </h2>
        <p className="text-sm">
          AniList did not send the first anime, so there is nothing to play yet. Try again in a few
          minutes.
        </p>
      </div>
      <Button className="self-start" onClick={onRetry} disabled={retrying}>
        {retrying ? <Loader2Icon className="animate-spin" /> : <RotateCcwIcon />}
        Try again
      </Button>
    </GameCard>
  );
}

/** 14:05:30 in the player's own clock format. */
function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString([], {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}
