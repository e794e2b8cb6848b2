import { useMutation } from "convex/react";
import { CopyIcon, LockIcon, PlayIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { QrCode } from "@/components/QrCode";
import { messageFor } from "@/lib/errors";
import { notify } from "@/lib/notify";
import { useShare } from "@/lib/useShare";
import { cn } from "@/lib/utils";
import { api } from "@convex/_generated/api";
import {
  ROOM_MAX_PLAYERS,
  ROOM_ROUND_CHOICES,
  ROOM_SECONDS_MAX,
  ROOM_SECONDS_MIN,
} from "@convex/model/shared/rules";
import type { MemberView } from "@convex/model/rooms/view";
import { NewLinkButton } from "./NewLinkButton";
import { PrivateSwitch } from "./PrivateSwitch";
import { RemoveButton } from "./RemoveButton";
import { RoomPoolWait } from "./RoomPoolWait";
import { useRoomStart } from "./useRoomStart";
import { roomAddress } from "./roomLink";

const SECONDS_STEP = 5;

/**
 * The lobby: the code, a copy-link button and the QR code (a private room's carry its secret),
 * who is here, and the host's settings, privacy among them.
 */
export function RoomLobby({ room }: { room: MemberView }) {
  const address = roomAddress(room.code, room.linkSecret);
  const isPrivate = room.linkSecret !== null;
  const configure = useMutation(api.rooms.configure);
  const setPrivate = useMutation(api.rooms.setPrivate);
  const link = useShare(address, {
    copied: "Room link copied",
    copyFailed: `Copy failed: the link is ${address}`,
    subject: "the room link",
  });
  const { starting, waitingForPool, startNow, startWhenReady } = useRoomStart(
    room.code,
    "Could not start the game",
  );

  function change(settings: { rounds?: number; seconds?: number }) {
    configure({ code: room.code, ...room.settings, ...settings }).catch((error: unknown) => {
      void notify("error", messageFor(error, "Could not change the settings"));
    });
  }

  function changePrivacy(makePrivate: boolean) {
    setPrivate({ code: room.code, private: makePrivate }).catch((error: unknown) => {
      void notify("error", messageFor(error, "Could not change who can join"));
    });
  }

  return (
    <div className="grid gap-4 md:grid-cols-[auto_minmax(0,1fr)]">
      <Card className="items-center gap-3 p-4 text-center">
        <p className="text-sm text-muted-foreground">Room code</p>
        <p className="font-mono text-4xl font-extrabold tracking-[0.3em]" data-testid="room-code">
          {room.code}
        </p>
        <QrCode address={address} size={168} level="M" marginSize={3} />
        <Button variant="outline" size="sm" onClick={() => void link.copy()}>
          <CopyIcon />
          Copy link
        </Button>
        {isPrivate && room.isHost && <NewLinkButton code={room.code} />}
        {isPrivate && (
          <p className="flex max-w-56 items-start gap-1.5 text-left text-xs text-muted-foreground">
            <LockIcon className="mt-px size-3.5 shrink-0" aria-hidden />
            Private: only people with this link or QR code can join. The code alone won't let anyone
            in.
          </p>
        )}
      </Card>

      <Card className="gap-4 p-4">
        <div className="flex items-baseline justify-between">
          <h2 className="text-lg font-bold">Players</h2>
          <p className="text-sm text-muted-foreground tabular-nums">
            {room.players.length} / {ROOM_MAX_PLAYERS}
          </p>
        </div>
        <ul aria-label="Players in the room" className="grid gap-1.5 sm:grid-cols-2">
          {room.players.map((player) => (
            <li key={player.key} className="flex items-center gap-2 rounded-md border px-3 py-1.5">
              <span
                className={cn(
                  "size-2 rounded-full",
                  player.present ? "bg-emerald-500" : "bg-muted-foreground/40",
                )}
                aria-hidden
              />
              <span className="min-w-0 flex-1 truncate">
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

        {room.isHost ? (
          <div className="grid gap-3 border-t pt-3">
            <PrivateSwitch checked={isPrivate} onCheckedChange={changePrivacy} />
            <fieldset className="grid gap-1.5">
              <legend className="mb-1 text-sm font-medium">Rounds</legend>
              <div className="flex gap-2">
                {ROOM_ROUND_CHOICES.map((rounds) => (
                  <Button
                    key={rounds}
                    size="sm"
                    variant={room.settings.rounds === rounds ? "default" : "outline"}
                    aria-pressed={room.settings.rounds === rounds}
                    onClick={() => change({ rounds })}
                  >
                    {rounds}
                  </Button>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="room-seconds">
                Seconds per round: <span className="tabular-nums">{room.settings.seconds}</span>
              </Label>
              <input
                id="room-seconds"
                type="range"
                min={ROOM_SECONDS_MIN}
                max={ROOM_SECONDS_MAX}
                step={SECONDS_STEP}
                value={room.settings.seconds}
                onChange={(event) => change({ seconds: Number(event.target.value) })}
                className="accent-primary"
              />
            </div>
            {waitingForPool ? (
              <RoomPoolWait onReady={startWhenReady} />
            ) : (
              <Button onClick={() => void startNow()} disabled={starting}>
                <PlayIcon />
                Start
              </Button>
            )}
          </div>
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
