import { useMutation, useQuery } from "convex/react";
import { DoorOpenIcon, LogInIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { messageFor } from "@/lib/errors";
import { api } from "@convex/_generated/api";
import { errorMessages } from "@convex/model/shared/errors";
import { RoomLobby } from "./RoomLobby";
import { linkSecretOf, refusalText } from "./roomLink";
import { RoomPodium } from "./RoomPodium";
import { RoomRound } from "./RoomRound";
import { useRoomHeartbeat } from "./useRoomHeartbeat";

/**
 * /room/:code, and /room/:code#secret for a private room's link. A visitor is asked to log in and
 * stays on this address, so they land in the room; a signed-in player who is not in it joins at
 * once (a full, closed or unknown room says so; so does a private one opened without its link).
 */
export function RoomPage() {
  const { code = "" } = useParams();
  const { viewer, openLogin } = useViewerOrLogin();

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-3 px-3 py-3 sm:px-4 sm:py-6">
      {viewer.status === "loading" && <Centered busy>Loading the room…</Centered>}
      {viewer.status === "signedOut" && (
        <Centered>
          <h1 className="text-2xl font-bold">Join room {code.toUpperCase()}</h1>
          <p className="text-muted-foreground">Log in to play with your friends.</p>
          <Button onClick={openLogin}>
            <LogInIcon />
            Login
          </Button>
        </Centered>
      )}
      {viewer.status === "signedIn" && <Room code={code} />}
    </div>
  );
}

function Room({ code }: { code: string }) {
  const room = useQuery(api.rooms.view, { code });
  const join = useMutation(api.rooms.join);
  const leave = useMutation(api.rooms.leave);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const secret = linkSecretOf(hash);
  /** The join asked for: this code with this link's secret (a link opened over a refusal asks again). */
  const attempt = `${code}#${secret ?? ""}`;
  const [refusal, setRefusal] = useState<{ attempt: string; message: string } | null>(null);
  const joinError = refusal?.attempt === attempt ? refusal.message : null;
  const asked = useRef<string | null>(null);
  const member = room?.kind === "member";
  const clockOffsetMs = useRoomHeartbeat(room?.kind === "member" ? room.code : code, member);

  // Joined at once, alongside the view, not after it said "outside": a member joining again is
  // simply back, so the page waits for one round trip rather than two.
  useEffect(() => {
    if (asked.current === attempt) return;
    asked.current = attempt;
    const refused = (message: string) => setRefusal({ attempt, message });
    join({ code, secret }).then(
      (joined) => {
        if (joined.kind === "refused") refused(refusalText(joined));
        else if (joined.code !== code) {
          // The code as typed ("k7qm2x"): the room's own address, without asking again.
          asked.current = `${joined.code}#${secret ?? ""}`;
          void navigate(`/room/${joined.code}${hash}`, { replace: true });
        }
      },
      (error: unknown) => refused(messageFor(error, "Could not join the room")),
    );
  }, [attempt, code, secret, hash, join, navigate]);

  if (room?.kind === "removed") {
    return (
      <Centered>
        <h1 className="text-2xl font-bold">You were removed from {code.toUpperCase()}</h1>
        <p role="alert" className="max-w-sm text-muted-foreground">
          {errorMessages.ROOM_REMOVED}
        </p>
        <Button asChild>
          <Link to="/room">Back to rooms</Link>
        </Button>
      </Centered>
    );
  }
  if (joinError !== null && room?.kind !== "member") {
    return (
      <Centered>
        <h1 className="text-2xl font-bold">Can't join {code.toUpperCase()}</h1>
        <p role="alert" className="max-w-sm text-muted-foreground">
          {joinError}
        </p>
        <Button asChild>
          <Link to="/room">Make or join another room</Link>
        </Button>
      </Centered>
    );
  }
  if (room === undefined || room.kind === "outside") {
    return <Centered busy>Joining the room…</Centered>;
  }
  if (room.kind === "closed") {
    return (
      <Centered>
        <h1 className="text-2xl font-bold">Room {room.code} has closed</h1>
        <p className="text-muted-foreground">Nobody was here for a while. Make a new one!</p>
        <Button asChild>
          <Link to="/room">Play with friends</Link>
        </Button>
      </Centered>
    );
  }

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

function Centered({ busy = false, children }: { busy?: boolean; children: React.ReactNode }) {
  return (
    <div className="grid flex-1 place-content-center justify-items-center gap-3 py-10 text-center">
      {busy && <Spinner className="size-8 text-primary" />}
      {children}
    </div>
  );
}
