import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { ROOM_ROUND_CHOICES, ROOM_SECONDS_MAX, ROOM_SECONDS_MIN } from "@convex/model/shared/rules";
import type { MemberView } from "@convex/model/rooms/view";
import { PrivateSwitch } from "./PrivateSwitch";
import { RoomStart } from "./RoomStart";
import { useRoomSettings } from "./useRoomSettings";

const SECONDS_STEP = 5;

/** The host's part of the lobby: who may join, rounds, seconds per round, and Start. */
export function LobbySettings({ room }: { room: MemberView }) {
  const { change, changePrivacy } = useRoomSettings(room);
  return (
    <div className="grid gap-3 border-t pt-3">
      <PrivateSwitch checked={room.linkSecret !== null} onCheckedChange={changePrivacy} />
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
      <RoomStart code={room.code} action="start" />
    </div>
  );
}
