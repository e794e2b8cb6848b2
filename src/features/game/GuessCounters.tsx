import { counterBarWidth } from "@/boot/counterBar";

/** "Anime Guesses: n/5" and "Daily Guesses: n/20": the guesses left, with a bar each. */
export function GuessCounters({
  animeRemaining,
  animeLimit,
  dailyRemaining,
  dailyLimit,
}: {
  animeRemaining: number;
  animeLimit: number;
  dailyRemaining: number;
  dailyLimit: number;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 text-xs min-[380px]:text-sm">
      <Counter label="Anime Guesses" left={animeRemaining} limit={animeLimit} />
      <Counter label="Daily Guesses" left={dailyRemaining} limit={dailyLimit} />
    </div>
  );
}

function Counter({ label, left, limit }: { label: string; left: number; limit: number }) {
  return (
    <div className="grid gap-1.5">
      <p className="font-medium tabular-nums">
        {label}: {left}/{limit}
      </p>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: counterBarWidth(left, limit) }}
        />
      </div>
    </div>
  );
}
