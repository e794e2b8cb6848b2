import type { BetaActivityItem } from "@convex/model/beta/dashboard";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { difficultyLabels } from "./difficulty";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function describe({ actionType, data, username }: BetaActivityItem): string {
  const who = username ?? "A deleted player";
  if (actionType === "beta_registration") return `${who} joined the beta`;
  const rating = typeof data.rating === "number" ? ` · ${data.rating}★` : "";
  const difficulty =
    data.difficulty === "easy" || data.difficulty === "medium" || data.difficulty === "hard"
      ? ` · ${difficultyLabels[data.difficulty]}`
      : "";
  return `${who} sent feedback${rating}${difficulty}`;
}

/** The beta program's latest joins and submissions, from the spec's `beta_analytics` records. */
export function BetaActivity({ items }: { items: BetaActivityItem[] }) {
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>
          <h2 id="beta-activity-heading">Beta activity</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody has joined the beta yet.</p>
        ) : (
          <ol aria-labelledby="beta-activity-heading" className="grid gap-2 text-sm">
            {items.map((item) => (
              <li
                key={item._id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5"
              >
                <span className="min-w-0 break-words">{describe(item)}</span>
                <time
                  dateTime={new Date(item.timestamp).toISOString()}
                  className="text-xs text-muted-foreground tabular-nums"
                >
                  {timeFormat.format(item.timestamp)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
