import type { StatsView } from "@convex/model/game/stats";
import { countOf } from "@/lib/plural";

export function daysText(count: number): string {
  return countOf(count, "day");
}

/** A broken streak, named kindly; null while it lives (or there was none). */
export function endedStreakText(streak: StatsView["streak"]): string | null {
  return streak.ended === null
    ? null
    : `Streak ended at ${daysText(streak.ended)}. Start a new one!`;
}

/** Solved rounds of those played, as a whole percentage; null before any round. */
export function accuracyPercent(totals: StatsView["totals"]): number | null {
  return totals.rounds === 0 ? null : Math.round((100 * totals.solved) / totals.rounds);
}
