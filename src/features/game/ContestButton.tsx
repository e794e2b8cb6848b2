import { useMutation } from "convex/react";
import { FlagIcon } from "lucide-react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { messageFor } from "@/lib/errors";
import { useBusyCall } from "@/lib/useBusyCall";
import { CONTEST_SENT } from "./contestable";

/** "Contest" beside a guess of the round that just ended: one click sends it to the admins. */
export function ContestButton({ roundNumber, guess }: { roundNumber: number; guess: string }) {
  const send = useMutation(api.contests.send);
  const { working, run } = useBusyCall();
  const [sent, setSent] = useState(false);
  async function contest() {
    const result = await run(() => send({ roundNumber, guess }), {
      success: CONTEST_SENT,
      failure: (error) => messageFor(error, "The contest could not be sent. Please try again"),
      logAs: "Contest failed",
    });
    if (result?.ok === true) setSent(true);
  }
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      className="h-6 px-2 text-xs"
      disabled={working || sent}
      aria-label={sent ? `“${guess}” sent to the admins` : `Contest “${guess}”: it names the anime`}
      onClick={() => void contest()}
    >
      {working ? <Spinner /> : <FlagIcon />}
      {sent ? "Sent" : "Contest"}
    </Button>
  );
}
