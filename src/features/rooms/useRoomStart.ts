import { useMutation } from "convex/react";
import { useCallback, useState } from "react";
import { api } from "@convex/_generated/api";
import { messageFor } from "@/lib/errors";
import { notify } from "@/lib/notify";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * The host's Start (or Play again). On a pool with no anime yet (a fresh deployment) the server
 * starts the fill and answers "poolEmpty": the host's screen then waits for it
 * (`waitingForPool`, shown by RoomPoolWait.tsx) and starts again by itself once an anime is ready.
 */
export function useRoomStart(code: string, failure: string) {
  const start = useMutation(api.rooms.start);
  const { working: starting, run } = useBusyCall();
  const [waitingForPool, setWaitingForPool] = useState(false);

  async function startNow() {
    const result = await run(() => start({ code }), {
      failure: (error) => messageFor(error, failure),
      logAs: "Starting the room's game failed",
    });
    if (result?.ok === true) setWaitingForPool(result.value.kind === "poolEmpty");
  }

  // Stable, for the pool's wait to call once per change of its status.
  const startWhenReady = useCallback(async () => {
    try {
      const outcome = await start({ code });
      if (outcome.kind === "started") setWaitingForPool(false);
    } catch (error) {
      // Back to the Start button, with why.
      setWaitingForPool(false);
      void notify("error", messageFor(error, failure));
    }
  }, [start, code, failure]);

  return { starting, waitingForPool, startNow, startWhenReady };
}
