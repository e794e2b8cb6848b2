import type { FeedbackSummary, GameUseDay } from "@convex/model/beta/dashboard";
import { GAME_USE_DAYS, type Difficulty } from "@convex/model/shared/feedbackRules";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { difficultyColors, difficultyLabels } from "./difficulty";
import { RatingStars } from "./RatingStars";
import { countOf } from "@/lib/plural";

const number = (n: number) => n.toLocaleString("en-US");

/** The dashboard's charts: rating, difficulty votes and the last days of game use. */
export function SummaryCharts({ summary }: { summary: FeedbackSummary }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="gap-5 py-5">
        <CardHeader className="px-5">
          <CardTitle>
            <h2>Ratings</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 px-5">
          <AverageRating summary={summary} />
          <DifficultyVotes votes={summary.difficultyVotes} />
        </CardContent>
      </Card>
      <Card className="gap-5 py-5">
        <CardHeader className="px-5">
          <CardTitle>
            <h2>Game use, last {GAME_USE_DAYS} days (UTC)</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="px-5">
          <GameUseChart days={summary.gameUse} />
        </CardContent>
      </Card>
    </div>
  );
}

function AverageRating({ summary }: { summary: FeedbackSummary }) {
  const { averageRating, feedbackCount } = summary;
  if (averageRating === null) {
    return <p className="text-sm text-muted-foreground">No feedback yet.</p>;
  }
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <p>
        <span className="sr-only">Average rating: </span>
        <span className="text-4xl font-bold tabular-nums">{averageRating.toFixed(1)}</span>
        <span className="text-muted-foreground"> / 5</span>
      </p>
      <div className="grid gap-1">
        <RatingStars value={averageRating} className="[&_svg]:size-5" />
        <p className="text-sm text-muted-foreground">
          from {number(feedbackCount)} {feedbackCount === 1 ? "response" : "responses"}
        </p>
      </div>
    </div>
  );
}

const difficulties: Difficulty[] = ["easy", "medium", "hard"];

/** Horizontal bars, one a difficulty; the figures are text, the bars only illustrate them. */
function DifficultyVotes({ votes }: { votes: Record<Difficulty, number> }) {
  const total = difficulties.reduce((sum, d) => sum + votes[d], 0);
  return (
    <figure className="grid gap-3">
      <figcaption className="text-sm font-medium">Difficulty votes</figcaption>
      <dl className="grid gap-2.5">
        {difficulties.map((difficulty) => {
          const count = votes[difficulty];
          const share = total === 0 ? 0 : count / total;
          return (
            <div
              key={difficulty}
              className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto] items-center gap-3 text-sm"
            >
              <dt>{difficultyLabels[difficulty]}</dt>
              <div aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-muted">
                <div
                  className={cn("h-full rounded-full", difficultyColors[difficulty].bar)}
                  style={{ width: `${share * 100}%` }}
                />
              </div>
              <dd className="text-right tabular-nums">
                {number(count)}{" "}
                <span className="text-muted-foreground">({Math.round(share * 100)}%)</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </figure>
  );
}

const series = [
  { key: "sessions", label: "Sessions started", color: "bg-primary" },
  { key: "guesses", label: "Guesses", color: "bg-sky-400" },
  { key: "correctGuesses", label: "Correct guesses", color: "bg-emerald-400" },
  { key: "dailyAnime", label: "Daily anime played", color: "bg-amber-400" },
] as const;

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayOfMonth = new Intl.DateTimeFormat("en-US", { day: "numeric", timeZone: "UTC" });

/**
 * Grouped vertical bars, a group a day. Screen readers get the same figures as
 * a table; the drawing is hidden from them.
 */
function GameUseChart({ days }: { days: GameUseDay[] }) {
  const highest = Math.max(1, ...days.flatMap((day) => series.map(({ key }) => day[key])));
  const quiet = days.every((day) => series.every(({ key }) => day[key] === 0));
  return (
    <figure className="grid gap-3">
      <ul
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
        aria-hidden="true"
      >
        {series.map(({ key, label, color }) => (
          <li key={key} className="flex items-center gap-1.5">
            <span className={cn("size-2.5 rounded-sm", color)} />
            {label}
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="relative">
        <div className="flex h-48 items-end gap-1 border-b border-border pt-5 sm:gap-2">
          {days.map((day) => (
            <div
              key={day.day}
              className="flex h-full min-w-0 flex-1 items-end justify-center gap-px"
              title={`${dayFormat.format(Date.parse(day.day))}: ${countOf(day.sessions, "session")}, ${countOf(day.guesses, "guess", "guesses")}, ${day.correctGuesses} correct, ${countOf(day.dailyAnime, "Daily anime", "Daily anime")}`}
            >
              {series.map(({ key, color }) => (
                <div
                  key={key}
                  className={cn("w-full max-w-3 rounded-t-sm", color)}
                  style={{
                    height: day[key] === 0 ? 0 : `max(2px, ${(day[key] / highest) * 100}%)`,
                  }}
                />
              ))}
            </div>
          ))}
        </div>
        {quiet ? (
          <p className="absolute inset-x-0 top-1/3 text-center text-sm text-muted-foreground">
            No games played in these {GAME_USE_DAYS} days.
          </p>
        ) : (
          <span className="absolute top-0 right-0 text-[0.65rem] leading-none text-muted-foreground tabular-nums">
            {number(highest)}
          </span>
        )}
        <div className="mt-1 flex gap-1 text-center text-[0.65rem] text-muted-foreground sm:gap-2">
          {days.map((day) => (
            <span key={day.day} className="min-w-0 flex-1 truncate">
              <span className="hidden md:inline">{dayFormat.format(Date.parse(day.day))}</span>
              <span className="md:hidden">{dayOfMonth.format(Date.parse(day.day))}</span>
            </span>
          ))}
        </div>
        <p className="mt-1 text-right text-xs text-muted-foreground md:hidden">
          {dayFormat.format(Date.parse(days[0].day))} –{" "}
          {dayFormat.format(Date.parse(days[days.length - 1].day))}
        </p>
      </div>
      {/* sr-only on the div: a table ignores its 1 px width and overflow, and widened the page. */}
      <div className="sr-only">
        <table>
          <caption>Game use per day, last {GAME_USE_DAYS} days (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map(({ key, label }) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{dayFormat.format(Date.parse(day.day))}</th>
                {series.map(({ key }) => (
                  <td key={key}>{number(day[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
