import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useViewer } from "@/features/auth/hooks/useViewer";
import { LeaderboardList } from "./LeaderboardList";
import { useLeaderboard } from "./useLeaderboard";

/** The top 10, opened from the game screen: at most 400 px tall, the list scrolls. */
export default function LeaderboardDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const viewer = useViewer();
  const signedIn = viewer.status === "signedIn";
  const { top, mine } = useLeaderboard(10, signedIn);
  const standing = mine?.status === "ready" ? mine.value : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[min(400px,calc(100dvh-2rem))] grid-rows-[auto_minmax(0,1fr)] gap-3 overflow-hidden p-5">
        <DialogHeader>
          <DialogTitle>Leaderboard</DialogTitle>
          <DialogDescription>
            {standing === null
              ? "The top 10 players."
              : `The top 10 players. You are #${standing.rank} with ${standing.score.toLocaleString("en-US")} points.`}
          </DialogDescription>
        </DialogHeader>
        {/* Focusable so that keyboard users can scroll it. */}
        <div
          tabIndex={0}
          className="min-h-0 overflow-y-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <LeaderboardList
            board={top}
            caption="Top 10 players"
            playerId={signedIn ? viewer.viewer._id : undefined}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
