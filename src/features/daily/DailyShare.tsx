import { CopyIcon, Share2Icon } from "lucide-react";
import type { DailyView } from "@convex/model/daily/view";
import { Button } from "@/components/ui/button";
import { gameAddress } from "@/lib/gameAddress";
import { useShare } from "@/lib/useShare";
import { dailyShareText } from "./shareText";

/**
 * The finished Daily's share card: "Anime Guess Daily #N 4/5", one square per anime, the link.
 * Share hands it to the device's share sheet where there is one (navigator.share); Copy puts it
 * on the clipboard; either says how it went in a toast.
 */
export function DailyShare({ view }: { view: DailyView }) {
  const text = dailyShareText(view, gameAddress());
  const { canShare, working, copy, share } = useShare(text, {
    copied: "Copied! Paste it anywhere.",
    copyFailed: "Could not copy. Select the text and copy it yourself.",
    subject: "the Daily result",
  });

  return (
    <section aria-labelledby="daily-share-title" className="grid gap-3">
      <h2 id="daily-share-title" className="text-lg font-bold">
        Share your Daily
      </h2>
      <pre
        aria-label="Your Daily result"
        data-testid="daily-share-text"
        className="rounded-md border bg-muted/50 p-3 font-sans text-base leading-relaxed break-words whitespace-pre-wrap"
      >
        {text}
      </pre>
      <div className="flex flex-wrap gap-3">
        {canShare && (
          <Button disabled={working} onClick={() => void share()}>
            <Share2Icon />
            Share…
          </Button>
        )}
        <Button
          variant={canShare ? "outline" : "default"}
          disabled={working}
          onClick={() => void copy()}
        >
          <CopyIcon />
          Copy
        </Button>
      </div>
    </section>
  );
}
