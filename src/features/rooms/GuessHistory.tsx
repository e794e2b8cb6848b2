import { cn } from "@/lib/utils";
import type { GuessEntry } from "./useRoundGuesses";

/** This round's guesses, oldest first, each with its outcome. */
export function GuessHistory({ entries }: { entries: GuessEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="room-guesses">
      <h2 id="room-guesses" className="mb-1 text-xs font-semibold text-muted-foreground">
        Your guesses this round
      </h2>
      <ol className="grid gap-1 text-sm">
        {entries.map((entry, index) => (
          <li
            key={index}
            className="flex min-w-0 items-center justify-between gap-2 rounded-md border px-2 py-0.5"
          >
            <span className="min-w-0 truncate">{entry.text}</span>
            <span
              className={cn(
                "shrink-0 text-xs font-semibold",
                entry.outcome === "wrong" && "text-rose-300",
                entry.outcome === "already tried" && "text-muted-foreground",
                entry.outcome === "correct" && "text-emerald-300",
              )}
            >
              {entry.outcome}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
