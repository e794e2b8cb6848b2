import { useMutation } from "convex/react";
import { api } from "@convex/_generated/api";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";

/**
 * Give up and Next anime on anime `index` of Daily #`number`, one at a time (`moving` while one
 * runs): a failure is a toast that says what to do.
 */
export function useDailyMoves({ number, index }: { number: number; index: number }) {
  const giveUp = useMutation(api.daily.giveUp);
  const next = useMutation(api.daily.next);
  const { working, run } = useBusyCall();
  const move = (call: () => Promise<unknown>, failure: string) =>
    void run(call, { failure: (error) => messageFor(error, failure), logAs: failure });
  return {
    moving: working,
    giveUp: () => move(() => giveUp({ number, index }), "Could not give up. Please try again."),
    next: () =>
      move(() => next({ number, index }), "Could not deal the next anime. Please try again."),
  };
}
