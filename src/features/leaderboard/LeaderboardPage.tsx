import { GamepadIcon, LogInIcon, TrophyIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { LEADERBOARD_PAGE_SIZE } from "@convex/model/shared/rules";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { useViewer } from "@/lib/auth/viewer";
import { LeaderboardBoards } from "./LeaderboardBoards";

/**
 * /leaderboard: Today (UTC), This week and All time (the default), each its top players, live,
 * and the signed-in player's own standing on it.
 */
export function LeaderboardPage() {
  const viewer = useViewer();

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="text-center">
        <h1 className="flex items-center justify-center gap-3 text-3xl font-extrabold tracking-tight sm:text-3xl">
          <TrophyIcon className="size-8 text-primary" />
          Leaderboard
        </h1>
        <p className="mt-2 text-muted-foreground">
          The top {LEADERBOARD_PAGE_SIZE} players today, this week and of all time. A day is the UTC
          day; weeks start on Monday. Scores update live.
        </p>
      </header>

      <Card className="py-3">
        <CardContent className="px-2 sm:px-3">
          <LeaderboardBoards
            size={LEADERBOARD_PAGE_SIZE}
            footer={
              <Button asChild size="sm">
                <Link to="/game">
                  <GamepadIcon />
                  Play
                </Link>
              </Button>
            }
          />
        </CardContent>
      </Card>

      {/* Below the boards: who the viewer is arrives after them, and nothing below moves. */}
      {viewer.status === "signedOut" && <VisitorCard />}
    </div>
  );
}

function VisitorCard() {
  const { openLogin, prefetch: prefetchLogin } = useAuthDialog();
  return (
    <Card className="py-4">
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted-foreground">Log in to play and climb the rankings.</p>
        <Button onPointerEnter={prefetchLogin} onFocus={prefetchLogin} onClick={openLogin}>
          <LogInIcon />
          Log in to play
        </Button>
      </CardContent>
    </Card>
  );
}
