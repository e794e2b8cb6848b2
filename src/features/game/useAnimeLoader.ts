import { useCallback, useEffect, useRef, useState } from "react";

/** A failed round load is retried up to 3 times, 2 s apart. */
export const LOAD_RETRIES = 3;
export const LOAD_RETRY_DELAY_MS = 2000;

export type LoadStatus = "loading" | "retrying" | "failed" | "loaded";

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a load with the spec's retries. `attempt` resolves true once it has what it asked for
 * (opening the game: the screen; Skip: a new round); false (Skip found the pool empty) or an
 * error counts as a failure. The status drives the messages: "loading"
 * before the first load ends, "retrying" after a failure, "failed" once the retries are spent.
 * A screen that already has its round starts "loaded".
 */
export function useAnimeLoader(initialStatus: LoadStatus = "loading") {
  const [status, setStatus] = useState<LoadStatus>(initialStatus);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(async (attempt: () => Promise<boolean>): Promise<boolean> => {
    for (let tries = 0; tries <= LOAD_RETRIES; tries++) {
      if (tries > 0) {
        setStatus("retrying");
        await delay(LOAD_RETRY_DELAY_MS);
        if (!mounted.current) return false;
      }
      const loaded = await attempt().catch((error: unknown) => {
        console.error("Loading an anime failed", error);
        return false;
      });
      if (loaded) {
        setStatus("loaded");
        return true;
      }
    }
    setStatus("failed");
    return false;
  }, []);

  return { status, load };
}
