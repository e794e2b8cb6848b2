import { CircleAlertIcon } from "lucide-react";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { cn } from "@/lib/utils";
import type { LeaderboardEntry, Loadable } from "./useLeaderboard";

const medals: Record<number, string> = { 1: "🥇", 2: "🥈", 3: "🥉" };

/**
 * The ranked players: medals for ranks 1–3 (tied players share a rank, and so a medal), the
 * signed-in player's own row highlighted, and "Failed to load leaderboard" when the query fails.
 */
export function LeaderboardList({
  board,
  caption,
  yourKey,
  emptyText = "No scores yet. Be the first on the board!",
}: {
  board: Loadable<LeaderboardEntry[]>;
  caption: string;
  /** The key of the signed-in player's own row, if they have one (`leaderboard.mine`). */
  yourKey?: string | null;
  emptyText?: string;
}) {
  if (board.status === "loading") {
    return (
      <p className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner />
        Loading leaderboard...
      </p>
    );
  }
  if (board.status === "error") {
    return (
      <Alert variant="destructive">
        <CircleAlertIcon />
        <AlertTitle>Failed to load leaderboard</AlertTitle>
      </Alert>
    );
  }
  if (board.value.length === 0) {
    return <p className="py-10 text-center text-sm text-muted-foreground">{emptyText}</p>;
  }
  return (
    <Table>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="text-center">Rank</TableHead>
          <TableHead>Player</TableHead>
          <TableHead className="text-right">Score</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {board.value.map((entry) => {
          const isPlayer = entry.key === yourKey;
          return (
            <TableRow
              key={entry.key}
              aria-current={isPlayer ? "true" : undefined}
              className={cn(isPlayer && "bg-primary/15 hover:bg-primary/20")}
            >
              <TableCell className="text-center text-base font-semibold tabular-nums">
                {medals[entry.rank] === undefined ? (
                  entry.rank
                ) : (
                  // The number shows beside the medal: without an emoji font, the medal is a box.
                  <span className="inline-flex items-center justify-center gap-1">
                    <span aria-hidden="true" className="text-xl leading-none">
                      {medals[entry.rank]}
                    </span>
                    <span>{entry.rank}</span>
                  </span>
                )}
              </TableCell>
              <TableCell className="w-full max-w-0">
                <span className="flex items-center gap-2">
                  <span className={cn("truncate", isPlayer && "font-semibold")}>
                    {entry.username}
                  </span>
                  {isPlayer && <Badge>You</Badge>}
                </span>
              </TableCell>
              <TableCell className="text-right font-semibold tabular-nums">
                {entry.score.toLocaleString("en-US")}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
