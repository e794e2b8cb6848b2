import { useMutation } from "convex/react";
import { UserXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import { api } from "@convex/_generated/api";
import type { MemberView } from "@convex/model/rooms/view";

type Player = MemberView["players"][number];

/** The host's button beside a player: removes them from the room for good. */
export function RemoveButton({ room, player }: { room: MemberView; player: Player }) {
  const remove = useMutation(api.rooms.remove);
  const { working, run } = useBusyCall();
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      // As tall as the row's text, so that a full scoreboard still fits a phone.
      className="-my-0.5 size-5 shrink-0 text-muted-foreground hover:text-destructive [&_svg:not([class*='size-'])]:size-3.5"
      title={`Remove ${player.username}`}
      aria-label={`Remove ${player.username}`}
      disabled={working}
      onClick={() =>
        void run(() => remove({ code: room.code, player: player.key }), {
          success: `${player.username} was removed and cannot join again`,
          failure: (error) => messageFor(error, `Could not remove ${player.username}`),
          logAs: "Removing a room player failed",
        })
      }
    >
      <UserXIcon />
    </Button>
  );
}
