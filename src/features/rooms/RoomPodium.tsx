import { useMutation } from "convex/react";
import { RotateCcwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useBusyCall } from "@/lib/useBusyCall";
import { cn } from "@/lib/utils";
import { api } from "@convex/_generated/api";
import { useViewer } from "@/lib/auth/viewer";
import type { MemberView } from "@convex/model/rooms/view";
import { startFailureMessage } from "./startFailure";
import { ordinal } from "./roomLink";

const PODIUM_HEIGHTS = ["h-28", "h-20", "h-14"];
/** Second, first, third: the winner in the middle. */
const PODIUM_ORDER = [1, 0, 2];

/** The end of a game: a podium, each player's stats, and Play again for the host. */
export function RoomPodium({ room }: { room: MemberView }) {
  const start = useMutation(api.rooms.start);
  const viewer = useViewer();
  const isAdmin = viewer.status === "signedIn" && viewer.viewer.isAdmin;
  const { working, run } = useBusyCall();
  const top = room.players.slice(0, 3);

  async function playAgain() {
    await run(() => start({ code: room.code }), {
      failure: (error) => startFailureMessage(error, "Could not start a new game", isAdmin),
      logAs: "Starting a new game failed",
    });
  }

  return (
    <div className="grid gap-4">
      <Card className="gap-4 p-4">
        <h2 className="text-center text-xl font-extrabold">Final standings</h2>
        <ol aria-label="Podium" className="flex items-end justify-center gap-2">
          {PODIUM_ORDER.filter((index) => top[index] !== undefined).map((index) => {
            const player = top[index];
            return (
              <li key={player.key} className="flex w-28 flex-col items-center gap-1 text-center">
                <span className="w-full truncate text-sm font-semibold">{player.username}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {player.score} pts
                </span>
                <span
                  className={cn(
                    "flex w-full items-start justify-center rounded-t-md pt-1 text-lg font-black",
                    PODIUM_HEIGHTS[player.rank - 1] ?? "h-10",
                    player.rank === 1 ? "bg-amber-400/80" : "bg-secondary",
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
        <Table aria-label="Each player's stats">
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>Player</TableHead>
              <TableHead className="text-right">Points</TableHead>
              <TableHead className="text-right">Solved</TableHead>
              <TableHead className="text-right">Guesses</TableHead>
              <TableHead className="text-right">Fastest</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {room.players.map((player) => (
              <TableRow key={player.key} className={cn(player.isMe && "bg-primary/5")}>
                <TableCell className="tabular-nums">{player.rank}</TableCell>
                <TableCell className="max-w-32 truncate">{player.username}</TableCell>
                <TableCell className="text-right tabular-nums">{player.score}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {player.stats.solved} / {room.roundNumber}
                </TableCell>
                <TableCell className="text-right tabular-nums">{player.stats.guesses}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {player.stats.fastestMs === null
                    ? "–"
                    : `${(player.stats.fastestMs / 1000).toFixed(1)} s`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      {room.isHost ? (
        <Button className="justify-self-center" onClick={() => void playAgain()} disabled={working}>
          <RotateCcwIcon />
          Play again
        </Button>
      ) : (
        <p className="text-center text-sm text-muted-foreground">
          Waiting for the host to play again…
        </p>
      )}
    </div>
  );
}
