import { useQuery } from "convex/react";
import { Loader2Icon, RotateCcwIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { DailyOpenOutcome } from "@convex/model/daily/view";
import { GameCard, PlaceholderCover } from "@/components/game/GameCard";
import { PoolTooSmall } from "@/components/game/PoolTooSmall";
import { Button } from "@/components/ui/button";

export type DailyNotChosen = Exclude<DailyOpenOutcome, { kind: "open" }>;

/**
 * Today's Daily while the pool cannot fill one yet (fewer than `needed` anime ready): it follows
 * the pool's status live and opens the Daily again (`reopen`: `daily.open`, which chooses it once
 * it can) each time the pool changes, so the Daily starts by itself, without a reload. While the
 * pool is filling it shows the count; when nothing fills it, why, and what can be done. A fill
 * that failed with nothing ready waits for Try again (opening again starts another fill).
 */
export function DailyWait({
  outcome,
  reopen,
  isAdmin,
}: {
  outcome: DailyNotChosen;
  reopen: () => Promise<void>;
  isAdmin: boolean;
}) {
  const status = useQuery(api.catalogue.poolStatus, {});
  const failed = status?.refresh === "failed" && status.ready === 0;
  useReopenOnChange(
    status === undefined || failed ? null : `${status.ready}|${status.refresh}`,
    // The pool's first status may be newer than the open that showed this screen.
    status !== undefined && status.ready >= outcome.needed,
    reopen,
  );

  if (failed) return <FillFailed reopen={reopen} />;
  if (outcome.kind === "poolTooSmall") {
    return (
      <PoolTooSmall title="Not enough anime for a Daily yet" isAdmin={isAdmin}>
        Only {outcome.ready} anime {outcome.ready === 1 ? "is" : "are"} ready, and the Daily needs{" "}
        {outcome.needed}.
      </PoolTooSmall>
    );
  }
  return (
    <GameCard cover={<PlaceholderCover />}>
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">Today's Daily is on its way</h2>
        <p className="text-muted-foreground">
          The game's anime pool is being filled. The Daily needs {outcome.needed} anime, and it
          starts by itself as soon as they are ready.
        </p>
        <p role="status" className="flex items-center gap-2 font-semibold tabular-nums">
          <Loader2Icon className="size-4 animate-spin text-primary" aria-hidden="true" />
          {outcome.ready} of {outcome.needed} anime ready
        </p>
      </div>
    </GameCard>
  );
}

function FillFailed({ reopen }: { reopen: () => Promise<void> }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <GameCard cover={<PlaceholderCover still />}>
      <div role="alert" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">The anime pool could not be filled</h2>
        <p className="text-muted-foreground">
          AniList did not send the first anime, so there is no Daily yet. Try again in a few
          minutes.
        </p>
      </div>
      <Button
        className="self-start"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          void reopen().finally(() => setRetrying(false));
        }}
      >
        {retrying ? <Loader2Icon className="animate-spin" /> : <RotateCcwIcon />}
        Try again
      </Button>
    </GameCard>
  );
}

/**
 * Calls `reopen` each time `key` changes after its first value (the open that showed this screen
 * saw that one, unless `askFirst`), one call at a time: a change during a call is asked about
 * once it returns. A null key asks nothing.
 */
function useReopenOnChange(key: string | null, askFirst: boolean, reopen: () => Promise<void>) {
  const latest = useRef(reopen);
  const seen = useRef<string | null>(null);
  const asking = useRef(false);
  const again = useRef(false);
  useEffect(() => {
    latest.current = reopen;
  }, [reopen]);
  useEffect(() => {
    if (key === null || key === seen.current) return;
    const first = seen.current === null;
    seen.current = key;
    if (first && !askFirst) return;
    const ask = () => {
      if (asking.current) {
        again.current = true;
        return;
      }
      asking.current = true;
      void latest.current().finally(() => {
        asking.current = false;
        if (!again.current) return;
        again.current = false;
        ask();
      });
    };
    ask();
  }, [key, askFirst]);
}
