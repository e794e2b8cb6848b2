import { useQuery } from "convex/react";
import { api } from "@convex/_generated/api";
import { countOf } from "@/lib/plural";
import { MISSED_SQUARE, SOLVED_SQUARES } from "./shareText";

/**
 * How everyone is doing on one anime of today's Daily: players, solved %, and how many guesses
 * it took them (or missed), live as the fold adds the rounds that end. `mine` marks the player's
 * own bar. Shown once the player's round of it has ended; the figures name no anime.
 */
export function DailyResults({
  number,
  index,
  mine,
  compact = false,
}: {
  number: number;
  index: number;
  /** The player's own result: the guesses it took (1..5), or 0 for missed. */
  mine: number;
  compact?: boolean;
}) {
  const results = useQuery(api.daily.results, { number, index });
  if (results === undefined) {
    return <p className="text-sm text-muted-foreground">Loading everyone's results…</p>;
  }
  const solved = results.solvedIn.reduce((sum, n) => sum + n, 0);
  const percent = results.players === 0 ? 0 : Math.round((100 * solved) / results.players);
  const rows = [
    ...results.solvedIn.map((count, k) => ({
      label: `${SOLVED_SQUARES[k] ?? ""} ${k + 1}`,
      name: countOf(k + 1, "guess", "guesses"),
      count,
      own: mine === k + 1,
    })),
    { label: `${MISSED_SQUARE} ✕`, name: "missed", count: results.missed, own: mine === 0 },
  ];
  const most = Math.max(1, ...rows.map((row) => row.count));
  return (
    // Named by its anime: the finished Daily shows five of these.
    <section
      aria-label={`Everyone today on anime ${index + 1}`}
      className="grid gap-2"
      aria-live="polite"
    >
      <p className="text-sm">
        <span className="font-semibold">Everyone today:</span>{" "}
        <span data-testid="daily-results-summary">
          {countOf(results.players, "player")}, {percent}% solved
        </span>
      </p>
      {!compact && (
        <ol className="grid gap-1 text-xs" aria-label="Guesses it took">
          {rows.map((row) => (
            <li key={row.name} className="grid grid-cols-[3.5rem_1fr_2.5rem] items-center gap-2">
              <span aria-hidden="true" className="whitespace-nowrap">
                {row.label}
              </span>
              <span className="h-4 overflow-hidden rounded-sm bg-muted/50">
                <span
                  className={row.own ? "block h-full bg-primary" : "block h-full bg-primary/45"}
                  style={{ width: `${(100 * row.count) / most}%` }}
                />
              </span>
              <span className="text-right tabular-nums">
                <span className="sr-only">
                  {row.name}
                  {row.own ? " (you)" : ""}:{" "}
                </span>
                {row.count}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
