import { CircleAlertIcon, Loader2Icon, RotateCcwIcon } from "lucide-react";
import type { PoolStatus } from "@convex/model/catalogue/pool";
import { Button } from "@/components/ui/button";

/** What stopped the fill, in the words of someone waiting for a first round. */
function whyStuck(status: PoolStatus): { title: string; detail: string } {
  if (status.stalled) {
    return {
      title: "The anime pool stopped filling",
      detail:
        "The download from AniList made no progress for 2 minutes. Try again starts it afresh.",
    };
  }
  if (status.refresh === "succeeded") {
    return {
      title: "The covers could not be made",
      detail:
        "AniList sent the anime, but none of their cover images could be downloaded. Try again fetches them afresh.",
    };
  }
  return {
    title: "The anime pool could not be filled",
    detail:
      "AniList did not send the first anime, so there is nothing to play yet. Try again in a few minutes.",
  };
}

/** The fill stopped with nothing ready (`status.stuck`): why, and Try again. */
export function PoolStuck({
  status,
  onTryAgain,
  trying,
}: {
  status: PoolStatus;
  onTryAgain: () => void;
  trying: boolean;
}) {
  const { title, detail } = whyStuck(status);
  return (
    <>
      <div
        role="alert"
        className="flex flex-col gap-2 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-red-200"
      >
        <h2 className="flex items-center gap-2 font-semibold">
          <CircleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
          {title}
        </h2>
        <p className="text-sm">{detail}</p>
      </div>
      <Button className="self-start" onClick={onTryAgain} disabled={trying}>
        {trying ? <Loader2Icon className="animate-spin" /> : <RotateCcwIcon />}
        Try again
      </Button>
    </>
  );
}
