import { useMutation } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";

/**
 * Skip / Next Anime →: deals the next round through the screen's loader (with its retries);
 * `dealing` meanwhile, and whether the pool had nothing else to deal for this round.
 */
export function useDealNext({
  roundNumber,
  load,
}: {
  roundNumber: number;
  load: (attempt: () => Promise<boolean>) => Promise<boolean>;
}) {
  const next = useMutation(api.game.next);
  const [dealing, setDealing] = useState(false);
  // Kept by round number: the reset can deal a new round into this same form.
  const [nothingElseIn, setNothingElseIn] = useState<number | null>(null);

  async function deal() {
    setDealing(true);
    try {
      await load(async () => {
        const outcome = await next({ roundNumber });
        if (outcome.kind === "nothingElse") setNothingElseIn(roundNumber);
        return outcome.kind !== "poolEmpty";
      });
    } finally {
      setDealing(false);
    }
  }

  return { dealing, nothingElse: nothingElseIn === roundNumber, deal };
}
