import { useEffect, useState } from "react";
import { localTime, timeLeft } from "./time";

/** The clock, ticking once a minute (and at `until`), for the countdown. */
function useMinuteClock(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - now;
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left, 60_000 - (now % 60_000)));
    return () => clearTimeout(timer);
  }, [now, until]);
  return now;
}

/**
 * When the next Daily starts, in the player's local time (the day is the same for everyone:
 * 00:00 UTC), and once it has, a way to it.
 */
export function NextDaily({
  nextStartsAt,
  nextNumber,
  onOpenNext,
}: {
  nextStartsAt: number;
  nextNumber: number;
  onOpenNext: () => void;
}) {
  const now = useMinuteClock(nextStartsAt);
  if (now >= nextStartsAt) {
    return (
      <p className="text-sm">
        Daily #{nextNumber} is out.{" "}
        <button
          type="button"
          onClick={onOpenNext}
          className="rounded-sm font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Play it now
        </button>
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground">
      Next Daily at{" "}
      <time dateTime={new Date(nextStartsAt).toISOString()}>{localTime(nextStartsAt)}</time> your
      time (in {timeLeft(nextStartsAt - now)})
    </p>
  );
}
