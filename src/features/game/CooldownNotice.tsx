import { TimerIcon } from "lucide-react";
import { formatCountdown } from "./useCooldownCountdown";

/**
 * While the 10-minute cooldown runs: how long until the guesses come back. It sits in the round's
 * live region; the timer itself is not live (role "timer"), so it is not read out every second.
 */
export function CooldownNotice({ secondsLeft }: { secondsLeft: number }) {
  return (
    <div className="flex w-full items-center gap-3 rounded-lg border border-primary/40 bg-primary/10 px-3 py-2 text-sm">
      <TimerIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <p>
        Out of daily guesses. New guesses in{" "}
        <span
          role="timer"
          aria-live="off"
          className="font-mono text-base font-semibold tabular-nums"
        >
          {formatCountdown(secondsLeft)}
        </span>
      </p>
    </div>
  );
}
