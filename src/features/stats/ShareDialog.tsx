import { CopyIcon, Share2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TitledDialog, type DialogOpenProps } from "@/components/TitledDialog";
import { DialogFooter } from "@/components/ui/dialog";
import { gameAddress } from "@/lib/gameAddress";
import { notify } from "@/lib/notify";
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
  const [busy, setBusy] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      await notify("success", "Copied!");
    } catch (error) {
      console.error("Copying the result failed", error);
      await notify("error", "Could not copy. Select the text and copy it yourself.");
    }
  }

  async function share() {
    setBusy(true);
    try {
      await navigator.share({ text });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (!(error instanceof DOMException && error.name === "AbortError")) {
        console.error("Sharing the result failed", error);
        await notify("error", "Could not open sharing. Copy the text instead.");
      }
    } finally {
      setBusy(false);
    }
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
          <Button variant="outline" disabled={busy} onClick={() => void share()}>
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
