import { TrophyIcon } from "lucide-react";
import { Suspense } from "react";
import { Button } from "@/components/ui/button";
import { importWithReload, lazyWithReload } from "@/lib/lazyWithReload";
import { useLazyDialog } from "@/lib/useLazyDialog";

const loadLeaderboardDialog = () => importWithReload(() => import("./LeaderboardDialog"));
const LeaderboardDialog = lazyWithReload(loadLeaderboardDialog);

/** The game header's Leaderboard button: the dialog's code loads on first use. */
export function LeaderboardButton() {
  const leaderboard = useLazyDialog(loadLeaderboardDialog);
  return (
    <>
      <Button variant="outline" size="sm" {...leaderboard.openerProps}>
        <TrophyIcon />
        <span className="sr-only sm:not-sr-only">Leaderboard</span>
      </Button>
      {leaderboard.mounted && (
        <Suspense fallback={null}>
          <LeaderboardDialog {...leaderboard.dialogProps} />
        </Suspense>
      )}
    </>
  );
}
