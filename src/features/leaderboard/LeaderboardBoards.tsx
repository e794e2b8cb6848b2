import type { ReactNode } from "react";
import { RANK_EXACT_LIMIT } from "@convex/model/shared/rules";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useViewer } from "@/lib/auth/viewer";
import { cn } from "@/lib/utils";
import { LeaderboardList } from "./LeaderboardList";
import { useLeaderboard, type Loadable, type Period, type Standing } from "./useLeaderboard";

/** The tabs, in order; All time is the default, so the spec's screens keep their meaning. */
const PERIODS: { value: Period; label: string; board: string }[] = [
  { value: "day", label: "Today (UTC)", board: "today's board (UTC day)" },
  { value: "week", label: "This week", board: "this week's board (from Monday, UTC)" },
  { value: "all", label: "All time", board: "the all-time board" },
];

const number = (n: number) => n.toLocaleString("en-US");

/**
 * Today (UTC), This week and All time as tabs, each its top `size` and the viewer's own standing.
 * Only the shown tab's board is subscribed (Radix renders the selected panel alone).
 */
export function LeaderboardBoards({
  size,
  panelClassName,
  footer,
}: {
  size: number;
  panelClassName?: string;
  /** Shown under the board in every panel (the page's Play button). */
  footer?: ReactNode;
}) {
  return (
    <Tabs defaultValue="all" className="min-h-0 gap-3">
      <TabsList aria-label="Period" className="w-full">
        {PERIODS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {PERIODS.map(({ value, board }) => (
        <TabsContent key={value} value={value} className={cn("min-h-0", panelClassName)}>
          <BoardPanel period={value} size={size} caption={`Top ${size} players, ${board}`}>
            {footer}
          </BoardPanel>
        </TabsContent>
      ))}
    </Tabs>
  );
}

function BoardPanel({
  period,
  size,
  caption,
  children,
}: {
  period: Period;
  size: number;
  caption: string;
  children?: ReactNode;
}) {
  const viewer = useViewer();
  const signedIn = viewer.status === "signedIn";
  const { top, mine } = useLeaderboard(period, size, signedIn);
  return (
    <div className="flex flex-col gap-3">
      {mine !== null && <StandingLine standing={mine}>{children}</StandingLine>}
      <LeaderboardList
        board={top}
        caption={caption}
        yourKey={mine?.status === "ready" ? mine.value.key : undefined}
        emptyText={
          period === "day"
            ? "No points yet today (UTC). Be the first on the board!"
            : period === "week"
              ? "No points yet this week. Be the first on the board!"
              : undefined
        }
      />
    </div>
  );
}

/** "You: #412 · 850 points", or for an estimate "You: about #4,100 (top 12 %) · 850 points". */
function standingText(standing: Standing): string {
  const rank =
    standing.exact || standing.topPercent === null
      ? `#${number(standing.rank)}`
      : `about #${number(standing.rank)} (top ${standing.topPercent} %)`;
  return `You: ${rank} · ${number(standing.score)} ${standing.score === 1 ? "point" : "points"}`;
}

function StandingLine({
  standing,
  children,
}: {
  standing: Loadable<Standing>;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-primary/10 px-3 py-2">
      <section aria-label="Your standing" aria-live="polite" className="font-semibold tabular-nums">
        {standing.status === "loading" && <Spinner className="size-5" />}
        {standing.status === "error" && (
          <p className="font-medium text-destructive">Failed to load your rank</p>
        )}
        {standing.status === "ready" && (
          <p>
            {standingText(standing.value)}
            {!standing.value.exact && (
              <span className="block text-xs font-normal text-muted-foreground">
                An estimate: ranks beyond the first {number(RANK_EXACT_LIMIT)} are counted by score
                range.
              </span>
            )}
          </p>
        )}
      </section>
      {children}
    </div>
  );
}
