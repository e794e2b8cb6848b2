import { useMutation } from "convex/react";
import { useCallback, useState } from "react";
import { api } from "@convex/_generated/api";
import { useViewer } from "@/lib/auth/viewer";
import { notify } from "@/lib/notify";
import { useBusyCall } from "@/lib/useBusyCall";
import { startFailureMessage } from "./startFailure";

/**
 * The host's Start (or Play again). On a pool with no anime yet (a fresh deployment) the server
 * starts the fill and answers "poolEmpty": the host's screen then waits for it
 * (`waitingForPool`, shown by RoomPoolWait.tsx) and starts again by itself once an anime is ready.
 * A pool the Dailies hold whole is refused, and an admin is told how to fill it (startFailure.ts).
 */
export function useRoomStart(code: string, failure: string) {
  const start = useMutation(api.rooms.start);
  const { working: starting, run } = useBusyCall();
  const [waitingForPool, setWaitingForPool] = useState(false);
  const viewer = useViewer();
  const isAdmin = viewer.status === "signedIn" && viewer.viewer.isAdmin;

  async function startNow() {
    const result = await run(() => start({ code }), {
      failure: (error) => startFailureMessage(error, failure, isAdmin),
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
      void notify("error", startFailureMessage(error, failure, isAdmin));
    }
  }, [start, code, failure, isAdmin]);

  return { starting, waitingForPool, startNow, startWhenReady };
}
