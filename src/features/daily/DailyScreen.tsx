import { useConvexAuth, useMutation, useQuery } from "convex/react";
import { FlameIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { DailyView } from "@convex/model/daily/view";
import { GameCard, PlaceholderCover } from "@/components/game/GameCard";
import { Spinner } from "@/components/ui/spinner";
import { countOf } from "@/lib/plural";
import { DailyFinished } from "./DailyFinished";
import { DailyHowTo } from "./DailyHowTo";
import { DailyRoundCard } from "./DailyRoundCard";
import { DailyWait, type DailyNotChosen } from "./DailyWait";
import { NextDaily } from "./NextDaily";

/**
 * Today's Daily for a signed-in player: opens it on the server once (which deals its first anime
 * on the first visit), then follows the player's view of it live. The anime reached last is on
 * screen; once all have ended, the day's result. While the pool cannot fill a Daily, the wait
 * (DailyWait), which opens it once it can.
 */
export function DailyScreen({ isAdmin = false }: { isAdmin?: boolean }) {
  const { isAuthenticated } = useConvexAuth();
  const open = useMutation(api.daily.open);
  const [opened, setOpened] = useState<DailyView | DailyNotChosen | "loading" | "failed">(
    "loading",
  );
  const started = useRef(false);
  const [showResult, setShowResult] = useState(false);

  const openToday = useCallback(async () => {
    try {
      const outcome = await open({});
      setOpened(outcome.kind === "open" ? outcome.view : outcome);
      setShowResult(outcome.kind === "open" && outcome.view.complete);
    } catch (error) {
      console.error("Opening the Daily failed", error);
      setOpened("failed");
    }
  }, [open]);

  useEffect(() => {
    if (started.current || !isAuthenticated) return;
    started.current = true;
    void openToday();
  }, [isAuthenticated, openToday]);

  const notChosen = typeof opened === "object" && "kind" in opened ? opened : null;
  const openedView = typeof opened === "object" && !("kind" in opened) ? opened : null;
  const number = openedView?.number ?? null;
  const live = useQuery(api.daily.view, number !== null && isAuthenticated ? { number } : "skip");
  const view = live ?? openedView;

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-4 sm:gap-5 sm:py-10">
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 className="text-xl leading-tight font-extrabold tracking-tight sm:text-3xl">
          {view === null ? "The Daily" : `Daily #${view.number}`}
        </h1>
        {view !== null && (
          <p
            className="flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1.5 text-sm font-semibold whitespace-nowrap"
            aria-label={`Daily streak: ${countOf(view.streak.current, "day")}, best ${view.streak.best}`}
          >
            <FlameIcon className="size-4 text-orange-300" aria-hidden="true" />
            Streak {view.streak.current}
            <span className="font-normal text-muted-foreground">· best {view.streak.best}</span>
          </p>
        )}
      </header>
      {view !== null && (
        <NextDaily
          nextStartsAt={view.nextStartsAt}
          nextNumber={view.number + 1}
          onOpenNext={() => {
            setOpened("loading");
            void openToday();
          }}
        />
      )}
      {view === null && notChosen !== null ? (
        <DailyWait outcome={notChosen} reopen={openToday} isAdmin={isAdmin} />
      ) : view === null ? (
        <GameCard cover={<PlaceholderCover still={opened === "failed"} />}>
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            {opened === "loading" && <Spinner />}
            {opened === "loading"
              ? "Loading today's Daily..."
              : "The Daily could not be opened. Please refresh the page."}
          </p>
        </GameCard>
      ) : showResult && view.complete ? (
        <DailyFinished view={view} />
      ) : (
        <DailyRoundCard
          key={view.rounds.at(-1)!.index}
          view={view}
          round={view.rounds.at(-1)!}
          onFinished={() => setShowResult(true)}
        />
      )}
      <DailyHowTo />
    </div>
  );
}
