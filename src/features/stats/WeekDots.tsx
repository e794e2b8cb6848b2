import type { StatsView } from "@convex/model/game/stats";
import { cn } from "@/lib/utils";
import { shortDate } from "./shareText";

/** The last 7 days as dots: filled on a day with a solve, ringed on one played without. */
export function WeekDots({ history }: { history: StatsView["history"] }) {
  const solvedDays = history.filter((day) => day.solved > 0).length;
  return (
    <ol
      aria-label={`Last ${history.length} days: solved on ${solvedDays}`}
      className="flex items-center gap-1"
    >
      {history.map((day) => (
        <li
          key={day.day}
          title={`${shortDate(day.day)}: ${day.solved} solved`}
          className={cn(
            "size-2.5 rounded-full",
            day.solved > 0
              ? "bg-primary"
              : day.rounds > 0
                ? "border border-primary/60"
                : "bg-muted-foreground/25",
          )}
        >
          <span className="sr-only">
            {shortDate(day.day)}: {day.solved} solved
          </span>
        </li>
      ))}
    </ol>
  );
}
