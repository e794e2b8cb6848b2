import { ArrowDownIcon, ArrowUpIcon, CheckIcon, CrownIcon, XIcon } from "lucide-react";
import type { MemberView } from "@convex/model/rooms/view";
import { cn } from "@/lib/utils";
import { LeftLabel } from "./LeftLabel";
import { RemoveButton } from "./RemoveButton";

type Players = MemberView["players"];

/**
 * The live scoreboard: rank, name, points, who has solved this round (never what anyone typed)
 * and places moved since the round began; a player who left says so. Compact: two columns on a phone, one beside the cover.
 */
export function RoomScoreboard({
  players,
  compact = false,
  room,
}: {
  players: Players;
  compact?: boolean;
  /** The room, when its host may remove players from here. */
  room?: MemberView;
}) {
  return (
    <ol
      aria-label="Scoreboard"
      className={cn(
        "grid content-start gap-1 text-sm",
        compact ? "grid-cols-2 md:grid-cols-1" : "grid-cols-1",
      )}
    >
      {players.map((player) => (
        <li
          key={player.key}
          data-testid="score-row"
          className={cn(
            "flex min-w-0 items-center gap-1.5 rounded-md border px-2 py-0.5 md:py-1",
            player.isMe && "border-primary bg-primary/5",
            !player.present && "border-dashed",
          )}
        >
          <span className="w-5 shrink-0 text-xs font-semibold text-muted-foreground tabular-nums">
            {player.rank}
          </span>
          <span
            className={cn(
              "min-w-0 flex-1 truncate font-medium",
              !player.present && "text-muted-foreground",
            )}
          >
            {player.username}
            {player.isHost && (
              <CrownIcon className="ml-1 inline size-3 text-amber-500" aria-label="host" />
            )}
          </span>
          {!player.present && <LeftLabel />}
          {player.moved > 0 && (
            <ArrowUpIcon className="size-3 text-emerald-300" aria-label={`up ${player.moved}`} />
          )}
          {player.moved < 0 && (
            <ArrowDownIcon className="size-3 text-rose-300" aria-label={`down ${-player.moved}`} />
          )}
          {player.solved && <CheckIcon className="size-3.5 text-emerald-300" aria-label="solved" />}
          {player.out && (
            <XIcon className="size-3.5 text-muted-foreground" aria-label="out of guesses" />
          )}
          <span
            className="shrink-0 font-semibold tabular-nums"
            aria-label={`${player.score} points`}
          >
            {player.score}
          </span>
          {room?.isHost === true && !player.isMe && (
            <RemoveButton room={room} player={player} size="compact" />
          )}
        </li>
      ))}
    </ol>
  );
}
