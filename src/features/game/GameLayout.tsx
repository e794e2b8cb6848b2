import { TrophyIcon } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { importWithReload, lazyWithReload } from "@/lib/lazyWithReload";
import { useLazyDialog } from "@/lib/useLazyDialog";

const loadLeaderboardDialog = () =>
  importWithReload(() => import("@/features/leaderboard/LeaderboardDialog"));
const LeaderboardDialog = lazyWithReload(loadLeaderboardDialog);

/** The game screen's frame: the title, the score and the Leaderboard dialog's button. */
export function GameLayout({ score, children }: { score: number | null; children: ReactNode }) {
  const leaderboard = useLazyDialog(loadLeaderboardDialog);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-4 sm:gap-6 sm:py-10">
      <header className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-extrabold tracking-tight sm:text-3xl">Guess the Anime</h1>
        <div className="flex items-center gap-2">
          {score !== null && (
            <p className="rounded-full bg-secondary px-3 py-1.5 text-sm font-semibold whitespace-nowrap tabular-nums">
              Score: {score.toLocaleString("en-US")}
            </p>
          )}
          <Button variant="outline" size="sm" {...leaderboard.openerProps}>
            <TrophyIcon />
            <span className="sr-only sm:not-sr-only">Leaderboard</span>
          </Button>
        </div>
      </header>
      {children}
      {leaderboard.mounted && (
        <Suspense fallback={null}>
          <LeaderboardDialog {...leaderboard.dialogProps} />
        </Suspense>
      )}
    </div>
  );
}

/** The card holding the cover beside the round (below it on narrow screens). */
export function GameCard({ cover, children }: { cover: ReactNode; children: ReactNode }) {
  return (
    <Card className="grid gap-5 p-4 sm:p-6 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-8">
      <div>{cover}</div>
      <div className="flex min-w-0 flex-col gap-4">{children}</div>
    </Card>
  );
}

/** The card's shape while there is no round to show, with what is happening. */
export function GamePlaceholder({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <GameCard
      cover={
        <div className="mx-auto aspect-[2/3] w-full max-w-[10.5rem] animate-pulse rounded-lg bg-muted md:max-w-none" />
      }
    >
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        {busy && <Spinner />}
        {children}
      </p>
    </GameCard>
  );
}
