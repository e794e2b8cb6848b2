import { LogInIcon } from "lucide-react";
import { useParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { Room } from "./Room";
import { RoomMessage } from "./RoomMessage";

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
      {viewer.status === "loading" && <RoomMessage busy>Loading the room…</RoomMessage>}
      {viewer.status === "signedOut" && (
        <RoomMessage>
          <h1 className="text-2xl font-bold">Join room {code.toUpperCase()}</h1>
          <p className="text-muted-foreground">Log in to play with your friends.</p>
          <Button onClick={openLogin}>
            <LogInIcon />
            Login
          </Button>
        </RoomMessage>
      )}
      {viewer.status === "signedIn" && <Room code={code} />}
    </div>
  );
}
