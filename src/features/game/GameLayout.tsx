import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/** What the app composes into the game screen from other features (in src/app). */
export type GameSlots = {
  /** In the header beside the score (the Leaderboard button). */
  actions?: ReactNode;
  /** Under the round (the stats strip). */
  below?: ReactNode;
};

/**
 * The game screen's frame: the title, the score and `actions`, what the app puts in the header
 * (the leaderboard feature's button, composed in src/app).
 */
export function GameLayout({
  score,
  actions,
  children,
}: {
  score: number | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-4 sm:gap-6 sm:py-10">
      <header className="flex items-center justify-between gap-2">
        <h1 className="text-lg leading-tight font-extrabold tracking-tight min-[380px]:text-xl sm:text-3xl">
          Guess the Anime
        </h1>
        <div className="flex items-center gap-2">
          {score !== null && (
            <p className="rounded-full bg-secondary px-3 py-1.5 text-sm font-semibold whitespace-nowrap tabular-nums">
              Score: {score.toLocaleString("en-US")}
            </p>
          )}
          {actions}
        </div>
      </header>
      {children}
    </div>
  );
}

/**
 * The card holding the cover, the clue and the round. On a desktop the cover has a column of its
 * own. On a phone it is a thumbnail the clue's first lines wrap around (`clue` is laid out with
 * it), so the guess box and Submit come into view with the clue's start, without scrolling.
 */
export function GameCard({
  cover,
  clue,
  children,
}: {
  cover: ReactNode;
  clue?: (cover: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const placed = (
    <div className="float-left mr-3 mb-1 w-24 min-[380px]:w-28 md:float-none md:row-span-2 md:mr-0 md:mb-0 md:w-auto">
      {cover}
    </div>
  );
  return (
    <Card className="gap-3 p-3 sm:gap-4 sm:p-6 md:grid md:grid-cols-[16rem_minmax(0,1fr)] md:grid-rows-[auto_1fr] md:gap-x-8 md:gap-y-4">
      {clue === undefined ? <div className="flow-root md:contents">{placed}</div> : clue(placed)}
      <div className="flex min-w-0 flex-col gap-3 sm:gap-4 md:col-start-2">{children}</div>
    </Card>
  );
}

/** The cover's place while there is none: pulsing while something is on its way. */
export function PlaceholderCover({ still = false }: { still?: boolean }) {
  return (
    <div className={cn("aspect-[2/3] w-full rounded-lg bg-muted", !still && "animate-pulse")} />
  );
}

/** The card's shape while there is no round to show, with what is happening. */
export function GamePlaceholder({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <GameCard cover={<PlaceholderCover />}>
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        {busy && <Spinner />}
        {children}
      </p>
    </GameCard>
  );
}
