import { useMutation } from "convex/react";
import { useCallback, useState } from "react";
import { api } from "@convex/_generated/api";
import { errorCodeOf, type ErrorCode } from "@convex/model/shared/errors";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/** Why the last Start did nothing: shown where the button was until the next try. */
export type StartRefusal = { code: ErrorCode | null; message: string };

/** A failure that is not one of the game's refusals (the connection, say). */
const FAILED = "Something went wrong on the way to the server. Try again";

/**
 * The host's Start (or Play again). On a pool with no anime yet (a fresh deployment) the server
 * starts the fill and answers "poolEmpty": the host's screen then waits for it
 * (`waitingForPool`, shown by RoomPoolWait.tsx) and starts again by itself once an anime is ready.
 * A Start refused (nothing the room may be dealt: the Dailies hold the whole pool, or the rest
 * is in play in the players' other rooms) started nothing, so the screen keeps saying why and
 * what to do (`refusal`, StartRefused.tsx) rather than a toast that fades.
 */
export function useRoomStart(code: string) {
  const start = useMutation(api.rooms.start);
  const { working: starting, run } = useBusyCall();
  const [waitingForPool, setWaitingForPool] = useState(false);
  const [refusal, setRefusal] = useState<StartRefusal | null>(null);

  async function startNow() {
    const result = await run(() => start({ code }), {
      failure: (error) => {
        const message = messageFor(error, FAILED);
        setRefusal({ code: errorCodeOf(error), message });
        return message;
      },
      toastFailure: false,
      logAs: "Starting the room's game failed",
    });
    if (result?.ok === true) {
      setRefusal(null);
      setWaitingForPool(result.value.kind === "poolEmpty");
    }
  }

  // Stable, for the pool's wait to call once per change of its status.
  const startWhenReady = useCallback(async () => {
    try {
      const outcome = await start({ code });
      if (outcome.kind === "started") setWaitingForPool(false);
    } catch (error) {
      // Back to the host's choice, with why.
      setWaitingForPool(false);
      setRefusal({ code: errorCodeOf(error), message: messageFor(error, FAILED) });
    }
  }, [start, code]);

  return { starting, waitingForPool, refusal, startNow, startWhenReady };
}
