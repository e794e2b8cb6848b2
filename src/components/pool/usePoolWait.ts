import { useMutation, useQuery } from "convex/react";
import { useEffect, useRef } from "react";
import { api } from "@convex/_generated/api";
import type { PoolStatus } from "@convex/model/catalogue/pool";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * A screen waiting for the anime pool's first anime (the game's first round, a room's Start): the
 * pool's status, live; `onReady` called as soon as an anime is ready (the screen asks the server
 * again: no reload), and again at each change while that call found nothing; and Try again for a
 * pool nothing fills any more (`status.stuck`), which starts a new fill.
 */
export function usePoolWait(onReady: () => Promise<unknown>): {
  status: PoolStatus | undefined;
  tryAgain: () => void;
  trying: boolean;
} {
  const status = useQuery(api.catalogue.poolStatus, {});
  const fillAgain = useMutation(api.catalogue.fillAgain);
  const { working: trying, run } = useBusyCall();
  const asking = useRef(false);
  const ready = status?.ready ?? 0;

  useEffect(() => {
    if (ready === 0 || asking.current) return;
    asking.current = true;
    // Once it has what it waited for, this screen is gone; a call that found nothing waits for
    // the next change.
    void onReady().finally(() => (asking.current = false));
  }, [ready, onReady]);

  const tryAgain = () => {
    void run(() => fillAgain({}), {
      failure: (error) => messageFor(error, "Could not fill the anime pool"),
      logAs: "Filling the anime pool again failed",
    });
  };
  return { status, tryAgain, trying };
}
