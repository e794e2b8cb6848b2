import type { ReactNode } from "react";
import { GameCard, PlaceholderCover } from "@/components/game/GameCard";
import { Spinner } from "@/components/ui/spinner";

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
