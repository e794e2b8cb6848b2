import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import type { MemberView } from "@convex/model/rooms/view";
import { ordinal } from "./roomLink";
import { RoomStats } from "./RoomStats";
import { RoomStart } from "./RoomStart";

const PODIUM_HEIGHTS = ["h-28", "h-20", "h-14"];
/** Second, first, third: the winner in the middle. */
const PODIUM_ORDER = [1, 0, 2];

/** The end of a game: a podium, each player's stats, and Play again for the host. */
export function RoomPodium({ room }: { room: MemberView }) {
  const top = room.players.slice(0, 3);

  return (
    <div className="grid gap-4">
      <Card className="gap-4 p-4">
        <h2 className="text-center text-xl font-extrabold">Final standings</h2>
        <ol aria-label="Podium" className="flex items-end justify-center gap-2">
          {PODIUM_ORDER.filter((index) => top[index] !== undefined).map((index) => {
            const player = top[index];
            return (
              // Three to a row at 320 px: each shrinks below its 7rem rather than push the page wide.
              <li
                key={player.key}
                className="flex max-w-28 min-w-0 flex-1 flex-col items-center gap-1 text-center"
              >
                <span className="w-full truncate text-sm font-semibold">{player.username}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {player.score} pts
                </span>
                <span
                  className={cn(
                    "flex w-full items-start justify-center rounded-t-md pt-1 text-lg font-black",
                    PODIUM_HEIGHTS[player.rank - 1] ?? "h-10",
                    // Dark text on gold: white on it failed contrast.
                    player.rank === 1 ? "bg-amber-400 text-amber-950" : "bg-secondary",
                  )}
                >
                  {ordinal(player.rank)}
                </span>
              </li>
            );
          })}
        </ol>
      </Card>
      <Card className="gap-2 p-4">
        <h2 className="font-bold">Stats</h2>
        <RoomStats room={room} />
      </Card>
      {room.isHost ? (
        <div className="grid justify-items-center">
          <RoomStart code={room.code} action="again" />
        </div>
      ) : (
        <p className="text-center text-sm text-muted-foreground">
          Waiting for the host to play again…
        </p>
      )}
    </div>
  );
}
