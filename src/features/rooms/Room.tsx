import { useMutation } from "convex/react";
import { DoorOpenIcon } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { api } from "@convex/_generated/api";
import type { MemberView } from "@convex/model/rooms/view";
import { errorMessages } from "@convex/model/shared/errors";
import { RoomLobby } from "./RoomLobby";
import { RoomMessage } from "./RoomMessage";
import { RoomPodium } from "./RoomPodium";
import { RoomRound } from "./RoomRound";
import { useRoomHeartbeat } from "./useRoomHeartbeat";
import { useRoomJoin } from "./useRoomJoin";

/**
 * A signed-in player's room page: joined at once (useRoomJoin); a full, closed or unknown room
 * says so, as does a private one opened without its link, or one the host removed them from.
 */
export function Room({ code }: { code: string }) {
  const { room, joinError } = useRoomJoin(code);
  const member = room?.kind === "member";
  const clockOffsetMs = useRoomHeartbeat(member ? room.code : code, member);

  if (room?.kind === "removed") {
    return (
      <RoomMessage>
        <h1 className="text-2xl font-bold">You were removed from {code.toUpperCase()}</h1>
        <p role="alert" className="max-w-sm text-muted-foreground">
          {errorMessages.ROOM_REMOVED}
        </p>
        <Button asChild>
          <Link to="/room">Back to rooms</Link>
        </Button>
      </RoomMessage>
    );
  }
  if (joinError !== null && !member) {
    return (
      <RoomMessage>
        <h1 className="text-2xl font-bold">Can't join {code.toUpperCase()}</h1>
        <p role="alert" className="max-w-sm text-muted-foreground">
          {joinError}
        </p>
        <Button asChild>
          <Link to="/room">Make or join another room</Link>
        </Button>
      </RoomMessage>
    );
  }
  if (room === undefined || room.kind === "outside") {
    return <RoomMessage busy>Joining the room…</RoomMessage>;
  }
  if (room.kind === "closed") {
    return (
      <RoomMessage>
        <h1 className="text-2xl font-bold">Room {room.code} has closed</h1>
        <p className="text-muted-foreground">Nobody was here for a while. Make a new one!</p>
        <Button asChild>
          <Link to="/room">Play with friends</Link>
        </Button>
      </RoomMessage>
    );
  }
  return <MemberRoom room={room} clockOffsetMs={clockOffsetMs} />;
}

/** Inside the room: its name and Leave, then the lobby, the round or the podium. */
function MemberRoom({ room, clockOffsetMs }: { room: MemberView; clockOffsetMs: number }) {
  const leave = useMutation(api.rooms.leave);
  const navigate = useNavigate();
  return (
    <>
      <header className="flex items-center justify-between gap-2">
        <h1 className="text-lg font-extrabold tracking-tight sm:text-2xl">
          Room <span className="font-mono tracking-widest">{room.code}</span>
        </h1>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            void leave({ code: room.code }).finally(() => void navigate("/room"));
          }}
        >
          <DoorOpenIcon />
          Leave
        </Button>
      </header>
      {room.paused && (
        <p role="status" className="rounded-lg border bg-muted/50 px-3 py-2 text-sm">
          Paused while nobody was here. It goes on as soon as someone is back.
        </p>
      )}
      {room.status === "lobby" && <RoomLobby room={room} />}
      {(room.status === "playing" || room.status === "reveal") && room.round !== null && (
        <RoomRound room={room} round={room.round} clockOffsetMs={clockOffsetMs} />
      )}
      {room.status === "finished" && <RoomPodium room={room} />}
    </>
  );
}
