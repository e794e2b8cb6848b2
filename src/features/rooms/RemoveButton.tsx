import { useMutation } from "convex/react";
import { UserXIcon } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import { cn } from "@/lib/utils";
import { api } from "@convex/_generated/api";
import type { MemberView } from "@convex/model/rooms/view";

type Player = MemberView["players"][number];

/**
 * Sizes of the button: in the lobby's roomy rows, 32 px (44 on a touch screen); on the round's
 * scoreboard, 24 px, the least a target may be, so that twelve players still fit a phone.
 */
const SIZES = {
  row: "size-8 pointer-coarse:size-11",
  compact: "-my-0.5 size-6",
};

/**
 * The host's button beside a player. Removing is for good (the player can never join this room
 * again, whatever link or account they come back with), so it asks first and says so.
 */
export function RemoveButton({
  room,
  player,
  size = "row",
}: {
  room: MemberView;
  player: Player;
  size?: keyof typeof SIZES;
}) {
  const remove = useMutation(api.rooms.remove);
  const { working, run } = useBusyCall();
  const name = player.username;
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className={cn(
            "shrink-0 text-muted-foreground hover:text-destructive [&_svg:not([class*='size-'])]:size-4",
            SIZES[size],
          )}
          title={`Remove ${name}`}
          aria-label={`Remove ${name}`}
          disabled={working}
        >
          <UserXIcon />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {name} from the room?</AlertDialogTitle>
          <AlertDialogDescription>
            This is permanent: {name} leaves now and can never join this room again, even with its
            link.
            {room.linkSecret !== null &&
              " The room gets a new link, so share it again with anyone still to come."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep {name}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() =>
              void run(() => remove({ code: room.code, player: player.key }), {
                success: `${name} was removed and cannot join again`,
                failure: (error) => messageFor(error, `Could not remove ${name}`),
                logAs: "Removing a room player failed",
              })
            }
          >
            Remove {name}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
