import { GamepadIcon, LogInIcon, TrophyIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useAuthDialog } from "@/features/auth/AuthDialogContext";
import { useViewer } from "@/features/auth/hooks/useViewer";
import { loadAuthDialogs } from "@/features/auth/loadAuthDialogs";
import { prefetch } from "@/lib/lazyWithReload";
import { LeaderboardList } from "./LeaderboardList";
import { useLeaderboard, type Loadable, type Standing } from "./useLeaderboard";

/** /leaderboard: the top 25, live, and the signed-in player's own rank ("1000+" beyond). */
export function LeaderboardPage() {
  const viewer = useViewer();
  const signedIn = viewer.status === "signedIn";
  const { top, mine } = useLeaderboard(25, signedIn);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="text-center">
        <h1 className="flex items-center justify-center gap-3 text-3xl font-extrabold tracking-tight sm:text-3xl">
          <TrophyIcon className="size-8 text-primary" />
          Leaderboard
        </h1>
        <p className="mt-2 text-muted-foreground">The top 25 players. Scores update live.</p>
      </header>

      {viewer.status === "signedOut" && <VisitorCard />}
      {mine !== null && <StandingCard standing={mine} />}

      <Card className="py-2">
        <CardContent className="px-2">
          <LeaderboardList
            board={top}
            caption="Top 25 players"
            playerId={signedIn ? viewer.viewer._id : undefined}
          />
        </CardContent>
      </Card>
    </div>
  );
}

function StandingCard({ standing }: { standing: Loadable<Standing> }) {
  return (
    <Card className="py-4">
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <section aria-label="Your standing" aria-live="polite" className="flex items-center gap-4">
          <div>
            <p className="text-sm text-muted-foreground">Your rank</p>
            {standing.status === "loading" && <Spinner className="mt-1 size-5" />}
            {standing.status === "error" && (
              <p className="font-medium text-destructive">Failed to load your rank</p>
            )}
            {standing.status === "ready" && (
              <p className="text-2xl font-bold tabular-nums">#{standing.value.rank}</p>
            )}
          </div>
          {standing.status === "ready" && (
            <p className="text-lg font-semibold text-primary tabular-nums">
              {standing.value.score.toLocaleString("en-US")} points
            </p>
          )}
        </section>
        <Button asChild>
          <Link to="/game">
            <GamepadIcon />
            Play
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function VisitorCard() {
  const { openLogin } = useAuthDialog();
  return (
    <Card className="py-4">
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted-foreground">Log in to play and climb the rankings.</p>
        <Button
          onPointerEnter={() => prefetch(loadAuthDialogs)}
          onFocus={() => prefetch(loadAuthDialogs)}
          onClick={openLogin}
        >
          <LogInIcon />
          Log in to play
        </Button>
      </CardContent>
    </Card>
  );
}
