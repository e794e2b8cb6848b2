import { LEADERBOARD_DIALOG_SIZE } from "@convex/model/shared/rules";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { LeaderboardBoards } from "./LeaderboardBoards";

/**
 * The boards, opened from the game screen: as tall as the screen allows, with compact rows on a
 * phone, so the ten rows show whole at 320×640 and 1280×800 alike (a 400 px cap left three in
 * view on a small phone and four on a desktop, the rest in a scroll a touch screen shows no bar
 * for); a shorter screen scrolls the list. The boards live in the dialog's content, which is
 * mounted only while the dialog is open: a closed dialog subscribes to nothing.
 */
export default function LeaderboardDialog({ open, onOpenChange }: DialogOpenProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[calc(100dvh-2rem)] grid-rows-[auto_minmax(0,1fr)] gap-3 overflow-hidden p-5"
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
