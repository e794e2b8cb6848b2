// The scale bench's budgets (`npm run bench -- --only scale`), each with where it comes from, in
// one place: scripts/bench/run.mjs prints each figure beside its budget and exits non-zero when
// one is missed (missedScaleBudgets).

/** @typedef {{ name: string, label: string, limit: number, below?: boolean, source: string, pick: (scale: any) => number | undefined }} ScaleBudget */

/** @type {ScaleBudget[]} */
export const SCALE_BUDGETS = [
  {
    name: "failedGuessRate",
    label: "failedGuessRate",
    limit: 0.001,
    below: true,
    source: "issue 33: fewer than 1 guess in 1,000 fails after retries",
    pick: (s) => s.failedGuessRate,
  },
  {
    name: "failedRoomGuessRate",
    label: "failedRoomGuessRate",
    limit: 0.001,
    below: true,
    source: "the same bar for a full party room answering at once",
    pick: (s) => s.failedRoomGuessRate,
  },
  {
    name: "rankRunsPerCorrectGuess",
    label: "rankRunsPerCorrectGuess",
    limit: 1,
    source: "a correct guess re-runs at most one rank query, whatever the viewers",
    pick: (s) => s.rankRunsPerCorrectGuess,
  },
  {
    name: "bytesWrittenPerCorrectGuess",
    label: "bytesWrittenPerCorrectGuess",
    limit: 4_096,
    source: "docs/speed.md: a correct guess writes at most 4 kB",
    pick: (s) => s.bytesWrittenPerCorrectGuess,
  },
  {
    name: "pendingJobsPerMillionPlayers",
    label: "pendingJobsPerMillionPlayers",
    limit: 10_000,
    source: "nothing scheduled per player (Convex caps pending jobs at 1,000,000)",
    pick: (s) => s.pendingJobsPerMillionPlayers,
  },
  {
    name: "maxJobsDueAtOnce",
    label: "maxJobsDueAtOnce",
    limit: 1_000,
    source: "no time zone's players all due at one instant",
    pick: (s) => s.maxJobsDueAtOnce,
  },
  {
    name: "failedCallRate",
    label: "failedCallRate (worst player-facing function)",
    limit: 0.001,
    below: true,
    source: "issue 41: every player-facing function, OCC and overload failures together",
    pick: (s) => s.failedCallRate,
  },
  ...[1_000, 3_000].map((rate) => ({
    name: `foldLagMs@${rate}`,
    label: `foldLagMs at ${rate.toLocaleString("en-US")} correct/s`,
    limit: 3_000,
    source: "issue 41: ranks and counters lag at most 3 s",
    pick: (s) => s.foldPace?.[rate]?.foldLagMs,
  })),
  {
    name: "foldBacklogGrowing@10000",
    label: "fold backlog growing at 10,000 correct/s (1 = yes)",
    limit: 0,
    source: "issue 41: the fold keeps up (its backlog bounded) at 10,000 correct/s",
    pick: (s) =>
      s.foldPace?.[10_000] === undefined ? undefined : s.foldPace[10_000].bounded ? 0 : 1,
  },
  {
    name: "pushedBytesPerSecond:leaderboard.ranks",
    label: "pushedBytesPerSecond leaderboard.ranks",
    limit: 10_000_000,
    source: "issue 41: what the rank statistics push to 10,000 viewers, at most 10 MB/s",
    pick: (s) => s.pushedBytesPerSecond?.["leaderboard.ranks (all)"],
  },
  {
    name: "midnightPeakInFlight",
    label: "midnight peak in flight (of the cap)",
    limit: Number.NaN,
    source: "issue 41: a time zone's midnight stays within the deployment's cap",
    pick: (s) => s.midnight?.peakInFlight,
  },
];

/** A budget's limit for these figures (the midnight's is the deployment's cap). */
export function limitOf(budget, scale) {
  return budget.name === "midnightPeakInFlight" ? scale.model?.cap : budget.limit;
}

/** Whether `value` meets `budget` (a figure not measured misses it). */
export function meets(budget, value, scale) {
  const limit = limitOf(budget, scale);
  if (typeof value !== "number" || Number.isNaN(value) || typeof limit !== "number") return false;
  return budget.below ? value < limit : value <= limit;
}

/** The names of the budgets these figures miss. */
export function missedScaleBudgets(scale) {
  return SCALE_BUDGETS.filter((budget) => !meets(budget, budget.pick(scale), scale)).map(
    (budget) => budget.name,
  );
}
