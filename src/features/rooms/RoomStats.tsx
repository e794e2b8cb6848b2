import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { countOf } from "@/lib/plural";
import { cn } from "@/lib/utils";
import type { MemberView } from "@convex/model/rooms/view";
import { LeftLabel } from "./LeftLabel";

type Player = MemberView["players"][number];

const fastest = (player: Player) =>
  player.stats.fastestMs === null ? "–" : `${(player.stats.fastestMs / 1000).toFixed(1)} s`;

/**
 * Each player's stats at the end of a game: a table where six columns fit, and on a phone a list
 * of one line per player, since the table would scroll sideways there.
 */
export function RoomStats({ room }: { room: MemberView }) {
  return (
    <>
      <Table aria-label="Each player's stats" className="max-sm:hidden">
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
              <TableCell>
                <span className="flex items-center gap-1.5">
                  <span className="max-w-32 truncate">{player.username}</span>
                  {!player.present && <LeftLabel />}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{player.score}</TableCell>
              <TableCell className="text-right tabular-nums">
                {player.stats.solved} / {room.roundNumber}
              </TableCell>
              <TableCell className="text-right tabular-nums">{player.stats.guesses}</TableCell>
              <TableCell className="text-right tabular-nums">{fastest(player)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ol aria-label="Each player's stats" className="grid gap-1.5 text-sm sm:hidden">
        {room.players.map((player) => (
          <li
            key={player.key}
            className={cn(
              "grid gap-0.5 rounded-md border px-2.5 py-1.5",
              player.isMe && "bg-primary/5",
            )}
          >
            <span className="flex min-w-0 items-center gap-1.5">
              <span className="w-5 shrink-0 font-semibold tabular-nums">{player.rank}</span>
              <span className="min-w-0 flex-1 truncate font-medium">{player.username}</span>
              {!player.present && <LeftLabel />}
              <span className="shrink-0 font-semibold tabular-nums">{player.score} pts</span>
            </span>
            <span className="pl-6.5 text-xs text-muted-foreground tabular-nums">
              Solved {player.stats.solved} / {room.roundNumber} ·{" "}
              {countOf(player.stats.guesses, "guess", "guesses")} · fastest {fastest(player)}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
