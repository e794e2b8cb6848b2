import { ChartColumnIcon, FlameIcon, GamepadIcon, LogInIcon } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import type { RoundMark, StatsView } from "@convex/model/game/stats";
import { ShareButton } from "./ShareButton";
import { useMyStats } from "./useMyStats";
import { cn } from "@/lib/utils";
import { MARK_LABELS, shortDate } from "./shareText";
import { accuracyPercent, daysText, endedStreakText } from "./streakText";

/** /me: the signed-in player's streak, counts and last 7 days; a visitor is asked to log in. */
export function MePage() {
  const { viewer, openLogin } = useViewerOrLogin();

  useEffect(() => {
    document.title = "Your stats · Anime Guess";
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="text-center">
        <h1 className="flex items-center justify-center gap-3 text-3xl font-extrabold tracking-tight">
          <ChartColumnIcon className="size-8 text-primary" />
          Your stats
        </h1>
        <p className="mt-2 text-muted-foreground">
          Days follow your own time zone: solve one anime a day to keep the streak.
        </p>
      </header>
      {viewer.status === "loading" && <Spinner className="mx-auto size-8 text-primary" />}
      {viewer.status === "signedOut" && (
        <Button className="mx-auto" onClick={openLogin}>
          <LogInIcon />
          Log in to see your stats
        </Button>
      )}
      {viewer.status === "signedIn" && <SignedInStats />}
    </div>
  );
}

function SignedInStats() {
  const stats = useMyStats();
  if (stats === undefined) return <Spinner className="mx-auto size-8 text-primary" />;
  if (stats === null) {
    return (
      <Card className="text-center">
        <CardContent className="grid justify-items-center gap-4">
          <p>No rounds yet. Your streak starts with your first solve.</p>
          <PlayButton />
        </CardContent>
      </Card>
    );
  }
  const accuracy = accuracyPercent(stats.totals);
  return (
    <>
      <StreakCard stats={stats} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Tile label="Solved today" value={String(stats.todaySolved)} />
        <Tile label="First-try solves" value={String(stats.totals.firstTry)} />
        <Tile label="Accuracy" value={accuracy === null ? "–" : `${accuracy} %`} />
        <Tile label="Anime solved" value={String(stats.totals.solved)} />
      </dl>
      <HistoryCard history={stats.history} />
      <div className="flex flex-wrap items-center justify-center gap-3">
        <ShareButton stats={stats} size="default" />
        <PlayButton />
      </div>
      <MarkLegend />
    </>
  );
}

function StreakCard({ stats }: { stats: StatsView }) {
  const ended = endedStreakText(stats.streak);
  return (
    <Card className="py-5">
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <FlameIcon aria-hidden="true" className="size-10 text-orange-500" />
          <div>
            <p className="text-sm text-muted-foreground">Current streak</p>
            <p className="text-3xl font-bold tabular-nums">{daysText(stats.streak.current)}</p>
          </div>
        </div>
        <div className="text-right">
          <p className="text-sm text-muted-foreground">Best streak</p>
          <p className="text-xl font-semibold tabular-nums">{daysText(stats.streak.best)}</p>
        </div>
        {ended !== null && <p className="w-full font-medium">{ended}</p>}
        {ended === null && stats.streak.current > 0 && !stats.streak.solvedToday && (
          <p className="w-full text-muted-foreground">Solve one today to keep it going.</p>
        )}
      </CardContent>
    </Card>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 text-center">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function HistoryCard({ history }: { history: StatsView["history"] }) {
  const most = Math.max(1, ...history.map((day) => day.solved));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Last {history.length} days</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid grid-cols-7 items-end gap-2" aria-label="Anime solved per day">
          {history.map((day) => (
            <li key={day.day} className="grid justify-items-center gap-1 text-xs">
              <span className="font-semibold tabular-nums">{day.solved}</span>
              <span
                aria-hidden="true"
                className="flex h-20 w-full max-w-8 items-end overflow-hidden rounded-md bg-muted"
              >
                <span
                  className="w-full rounded-md bg-primary"
                  style={{ height: `${(100 * day.solved) / most}%` }}
                />
              </span>
              <span className="text-center leading-tight text-muted-foreground">
                {shortDate(day.day)}
              </span>
              <span className="sr-only">solved</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

const MARK_COLORS: Record<RoundMark, string> = {
  firstTry: "bg-green-500",
  solvedLater: "bg-yellow-400",
  missed: "bg-red-500",
  skipped: "bg-zinc-200",
};

/** What the shared squares mean (drawn here, not as emoji: every screen shows them alike). */
function MarkLegend() {
  return (
    <div className="grid justify-items-center gap-2 text-center text-sm text-muted-foreground">
      <p>
        Accuracy: anime solved of the rounds you played. In a shared day, each round is a square:
      </p>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
        {(Object.keys(MARK_LABELS) as RoundMark[]).map((mark) => (
          <li key={mark} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("size-3 rounded-[3px]", MARK_COLORS[mark])} />
            {MARK_LABELS[mark]}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlayButton() {
  return (
    <Button asChild>
      <Link to="/game">
        <GamepadIcon />
        Play
      </Link>
    </Button>
  );
}
