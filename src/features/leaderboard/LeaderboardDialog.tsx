import { LEADERBOARD_DIALOG_SIZE } from "@convex/model/shared/rules";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { LeaderboardBoards } from "./LeaderboardBoards";

/**
 * The boards, opened from the game screen: at most 400 px tall from 640 px wide, the list
 * scrolls. On a phone the dialog may take the screen's height, and its rows are compact: its
 * text wraps to more lines there, and 400 px left three rows of ten in view, the rest in a
 * scroll a touch screen shows no bar for; now all ten fit a 320×640 screen. The boards live in the dialog's content, which is mounted only while the dialog is
 * open: a closed dialog subscribes to nothing.
 */
export default function LeaderboardDialog({ open, onOpenChange }: DialogOpenProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[calc(100dvh-2rem)] grid-rows-[auto_minmax(0,1fr)] gap-3 overflow-hidden p-5 sm:max-h-[min(400px,calc(100dvh-2rem))]"
      title="Leaderboard"
      description={`The top ${LEADERBOARD_DIALOG_SIZE} players today (UTC), this week and of all time.`}
    >
      {/* Focusable so that keyboard users can scroll it. */}
      <div
        tabIndex={0}
        className="min-h-0 overflow-y-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 max-sm:[&_td]:py-1 max-sm:[&_td]:text-sm max-sm:[&_th]:h-8"
      >
        <LeaderboardBoards size={LEADERBOARD_DIALOG_SIZE} />
      </div>
    </TitledDialog>
  );
}
