import { CopyIcon, Share2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { DialogFooter } from "@/components/ui/dialog";
import { gameAddress } from "@/lib/gameAddress";
import { useShare } from "@/lib/useShare";
import { shareText, shortDate, type SharedDay } from "./shareText";

/** The day's result as text, to copy or hand to the device's share sheet (where it has one). */
export default function ShareDialog({
  day,
  streak,
  open,
  onOpenChange,
}: DialogOpenProps & { day: SharedDay; streak: number }) {
  const text = shareText(day, streak, gameAddress());
  const { canShare, working, copy, share } = useShare(text, {
    copied: "Copied!",
    copyFailed: "Could not copy. Select the text and copy it yourself.",
    subject: "the result",
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-md"
      title={`Share ${shortDate(day.day)}`}
      description="Your result without spoilers: no title, clue or cover, one square per round."
    >
      <pre
        aria-label="Your result"
        className="rounded-md border bg-muted/50 p-3 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap"
      >
        {text}
      </pre>
      <DialogFooter>
        {canShare && (
          <Button variant="outline" disabled={working} onClick={() => void share()}>
            <Share2Icon />
            Share…
          </Button>
        )}
        <Button onClick={() => void copy()}>
          <CopyIcon />
          Copy
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
