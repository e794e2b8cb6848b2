import { useMutation } from "convex/react";
import { LogInIcon, PlusIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useViewerOrLogin } from "@/lib/auth/useViewerOrLogin";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import { api } from "@convex/_generated/api";
import { PrivateSwitch } from "./PrivateSwitch";
import { ROOM_CODE_LENGTH, ROOM_MAX_PLAYERS } from "@convex/model/shared/rules";

/** /room: make a room (and host it), private to its link if chosen, or join one by its code. */
export function RoomsHomePage() {
  const { viewer, openLogin } = useViewerOrLogin();
  const create = useMutation(api.rooms.create);
  const navigate = useNavigate();
  const codeId = useId();
  const [code, setCode] = useState("");
  const [isPrivate, setIsPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { working, run } = useBusyCall();

  async function makeRoom() {
    setError(null);
    const made = await run(
      async () => {
        const room = await create({ private: isPrivate });
        // Inside the call, so that the button is still busy when the room's page replaces it.
        void navigate(`/room/${room.code}`);
      },
      {
        failure: (caught) => messageFor(caught, "Could not make a room"),
        toastFailure: false,
        logAs: "Making a room failed",
      },
    );
    if (made?.ok === false) setError(made.message);
  }

  function joinRoom(event: FormEvent) {
    event.preventDefault();
    const cleaned = code.replace(/[\s-]/g, "").toUpperCase();
    if (cleaned.length === ROOM_CODE_LENGTH) void navigate(`/room/${cleaned}`);
    else setError(`A room code has ${ROOM_CODE_LENGTH} characters`);
  }

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-sm gap-5 p-6 text-center">
        <h1 className="text-2xl font-bold">Play with friends</h1>
        <p className="text-sm text-muted-foreground">
          Up to {ROOM_MAX_PLAYERS} players race on the same cover as it sharpens. First to name it
          scores most.
        </p>
        {viewer.status === "loading" && <Spinner className="mx-auto size-6 text-primary" />}
        {viewer.status === "signedOut" && (
          <Button onClick={openLogin}>
            <LogInIcon />
            Login to play
          </Button>
        )}
        {viewer.status === "signedIn" && (
          <>
            <div className="grid gap-3">
              <PrivateSwitch checked={isPrivate} onCheckedChange={setIsPrivate} />
              <Button onClick={() => void makeRoom()} disabled={working}>
                <PlusIcon />
                {isPrivate ? "Make a private room" : "Make a room"}
              </Button>
            </div>
            <form onSubmit={joinRoom} className="grid gap-2 border-t pt-4 text-left">
              <Label htmlFor={codeId}>Or join with a code</Label>
              <div className="flex gap-2">
                <Input
                  id={codeId}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  placeholder="K7QM2X"
                  autoComplete="off"
                  autoCapitalize="characters"
                  className="font-mono uppercase"
                />
                <Button type="submit" variant="outline">
                  Join
                </Button>
              </div>
            </form>
          </>
        )}
        {error !== null && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </Card>
    </div>
  );
}
