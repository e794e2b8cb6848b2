import { ChartColumnIcon, FlameIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { ShareButton } from "./ShareButton";
import { useMyStats } from "./useMyStats";
import { daysText, endedStreakText } from "./streakText";
import { WeekDots } from "./WeekDots";

/** The game screen's compact stats: streak, today's solves, the week, Share and a way to /me. */
export function StatsStrip() {
  const stats = useMyStats();
  if (!stats) return null;
  const ended = endedStreakText(stats.streak);
  return (
    <section
      aria-label="Your streak and today"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border bg-card px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        {ended === null ? (
          <p className="flex items-center gap-1.5 font-semibold">
            <FlameIcon aria-hidden="true" className="size-4 text-orange-500" />
            Streak: {daysText(stats.streak.current)}
          </p>
        ) : (
          <p className="font-medium">{ended}</p>
        )}
        <p className="tabular-nums text-muted-foreground">
          Today: <span className="font-semibold text-foreground">{stats.todaySolved}</span> solved
        </p>
        <WeekDots history={stats.history} />
      </div>
      <div className="flex items-center gap-2">
        <ShareButton stats={stats} />
        <Button asChild variant="ghost" size="sm">
          <Link to="/me">
            <ChartColumnIcon />
            Your stats
          </Link>
        </Button>
      </div>
    </section>
  );
}
