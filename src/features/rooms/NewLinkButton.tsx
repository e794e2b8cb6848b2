import { useMutation } from "convex/react";
import { RefreshCwIcon } from "lucide-react";
import { api } from "@convex/_generated/api";
import { Button } from "@/components/ui/button";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * The host's "New link" for a private room: the link given out so far stops admitting anyone (a
 * link passed on too far, or kept by someone removed, whatever account they come back with).
 * Removing a player renews it by itself; the screen shows the new one live.
 */
export function NewLinkButton({ code }: { code: string }) {
  const newLink = useMutation(api.rooms.newLink);
  const { working, run } = useBusyCall();
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={working}
      onClick={() =>
        void run(() => newLink({ code }), {
          success: "New link made: the old one no longer lets anyone in",
          failure: (error) => messageFor(error, "Could not make a new link"),
          logAs: "Renewing the room's link failed",
        })
      }
    >
      <RefreshCwIcon />
      New link
    </Button>
  );
}
