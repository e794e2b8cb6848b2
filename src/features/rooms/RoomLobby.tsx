import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { ROOM_MAX_PLAYERS } from "@convex/model/shared/rules";
import type { MemberView } from "@convex/model/rooms/view";
import { LobbySettings } from "./LobbySettings";
import { RemoveButton } from "./RemoveButton";
import { RoomCodeCard } from "./RoomCodeCard";

/**
 * The lobby: the code, a copy-link button and the QR code (RoomCodeCard), who is here, and the
 * host's settings, privacy among them (LobbySettings); the others wait for the host's Start.
 */
export function RoomLobby({ room }: { room: MemberView }) {
  return (
    <div className="grid gap-4 md:grid-cols-[auto_minmax(0,1fr)]">
      <RoomCodeCard room={room} />
      <Card className="gap-4 p-4">
        <div className="flex items-baseline justify-between">
          <h2 className="text-lg font-bold">Players</h2>
          <p className="text-sm text-muted-foreground tabular-nums">
            {room.players.length} / {ROOM_MAX_PLAYERS}
          </p>
        </div>
        <LobbyPlayers room={room} />
        {room.isHost ? (
          <LobbySettings room={room} />
        ) : (
          <p className="border-t pt-3 text-sm text-muted-foreground">
            {room.settings.rounds} rounds of {room.settings.seconds} seconds. Waiting for the host
            to start…
          </p>
        )}
      </Card>
    </div>
  );
}

/** Who is in the room: here (green) or gone, the host marked, and the host's Remove beside each. */
function LobbyPlayers({ room }: { room: MemberView }) {
  return (
    <ul aria-label="Players in the room" className="grid gap-1.5 sm:grid-cols-2">
      {room.players.map((player) => (
        <li key={player.key} className="flex items-center gap-2 rounded-md border px-3 py-1">
          <span
            className={cn(
              "size-2 shrink-0 rounded-full",
              player.present ? "bg-emerald-500" : "bg-muted-foreground/40",
            )}
            aria-hidden
          />
          <span className="min-w-0 flex-1 truncate py-0.5">
            {player.username}
            {player.isMe && <span className="text-muted-foreground"> (you)</span>}
          </span>
          <span className="text-xs text-muted-foreground">
            {player.isHost ? "host" : player.present ? "joined" : "left"}
          </span>
          {room.isHost && !player.isMe && <RemoveButton room={room} player={player} />}
        </li>
      ))}
    </ul>
  );
}
