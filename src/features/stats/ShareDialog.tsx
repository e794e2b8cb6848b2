import { CopyIcon, Share2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { DialogFooter } from "@/components/ui/dialog";
import { gameAddress } from "@/lib/gameAddress";
import { useBusyCall } from "@/lib/useBusyCall";
import { shareText, shortDate, type SharedDay } from "./shareText";

/** The day's result as text, to copy or hand to the device's share sheet (where it has one). */
export default function ShareDialog({
  day,
  streak,
  open,
  onOpenChange,
}: DialogOpenProps & { day: SharedDay; streak: number }) {
  const text = shareText(day, streak, gameAddress());
  const canShare = typeof navigator.share === "function";
  const copying = useBusyCall();
  const sharing = useBusyCall();

  async function copy() {
    await copying.run(() => navigator.clipboard.writeText(text), {
      success: "Copied!",
      failure: () => "Could not copy. Select the text and copy it yourself.",
      logAs: "Copying the result failed",
    });
  }

  async function share() {
    await sharing.run(
      () =>
        navigator.share({ text }).catch((error: unknown) => {
          // Closing the share sheet is no failure.
          if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
        }),
      {
        failure: () => "Could not open sharing. Copy the text instead.",
        logAs: "Sharing the result failed",
      },
    );
  }

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
          <Button variant="outline" disabled={sharing.working} onClick={() => void share()}>
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
