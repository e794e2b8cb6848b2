import { defineTable } from "convex/server";
import { v } from "convex/values";
import { dailyRoundEnd } from "../daily/tables";

/**
 * The fold: facts from players' paths, summed by one writer (convex/model/tallies/).
 * convex/schema.ts composes the tables and re-exports the validators, so the code imports them
 * from there.
 */

/** One score change on a board, as the fold applies it to the board's rank statistics. */
export const scoreMove = v.object({ board: v.string(), from: v.number(), to: v.number() });

/**
 * What one call on a player's path did to the shared figures (a game opened, a guess judged,
 * points scored), inserted there and never read there: players never write a shared document.
 * The fold adds each to the day's counters and the boards' statistics, and deletes it in the same
 * transaction. Names no player: rank statistics need only the scores.
 */
export const tallyFields = {
  /**
   * Which of the fold's FOLD_SHARDS lanes adds it up (model/tallies/shard.ts): a player's tallies
   * always share one, so their score moves are applied in the order they were made. Absent on a
   * tally put down before the fold had lanes: lane 0 takes those.
   */
  shard: v.optional(v.number()),
  /** The UTC day the figures count on. */
  day: v.string(),
  sessions: v.optional(v.number()),
  guesses: v.optional(v.number()),
  correctGuesses: v.optional(v.number()),
  moves: v.optional(v.array(scoreMove)),
  /** A player's round of a Daily anime that ended: the fold adds it to that Daily's results. */
  daily: v.optional(dailyRoundEnd),
};

/**
 * The fold's chain of jobs (one document): each run checks that it is the current generation, so
 * a chain restarted after a stall never runs beside the old one. Written only when the fold falls
 * asleep or wakes (never per run): players read `sleeping` to know whether to wake it.
 */
export const foldStateFields = {
  /** The lane (the tallies' shard) this chain folds; absent on the chain from before lanes. */
  shard: v.optional(v.number()),
  generation: v.number(),
  /** True while no tally waits and no run is scheduled; absent in a chain started before it. */
  sleeping: v.optional(v.boolean()),
  /** Written by every run before the fold slept; cleared at the next transition. */
  lastRunAt: v.optional(v.number()),
};

/**
 * Where a lane of the fold stopped (one per shard, written by each run of that lane, read by no
 * player): its next run reads its shard's tallies from here, never stepping over the deleted
 * entries of those it folded, and numbers its next batch.
 */
export const foldCursorFields = {
  shard: v.number(),
  /** The creation time of the last tally it folded (absent: none yet). */
  after: v.optional(v.number()),
  /** The number its next batch gets (its shard's batches are numbered 0, 1, 2, … in order). */
  seq: v.number(),
};

/** A day's game-use counts, as a batch of tallies adds them up. */
export const dayCounts = v.object({
  day: v.string(),
  sessions: v.number(),
  guesses: v.number(),
  correctGuesses: v.number(),
  dailyAnime: v.number(),
});

/**
 * What one run of a lane gathered from up to FOLD_BATCH tallies of its shard, for the apply
 * (model/tallies/apply.ts) to add to the shared figures: a few documents a second for it to read,
 * where the tallies were thousands.
 */
export const foldBatchFields = {
  shard: v.number(),
  seq: v.number(),
  /** How many tallies it holds. */
  tallies: v.number(),
  days: v.array(dayCounts),
  /** Per board, its score moves in the order they were made: from, to, from, to, … */
  moves: v.array(v.object({ board: v.string(), scores: v.array(v.number()) })),
  dailyEnds: v.array(dailyRoundEnd),
};

/**
 * The apply's state (one document, written only by the apply and the ranks' publishing): which
 * batch of each shard it applies next, and the boards moved since their ranks were last published.
 */
export const foldAppliedFields = {
  /** next[shard]: the number of that shard's next batch to apply. */
  next: v.array(v.number()),
  /** Boards whose statistics moved since the last publish. */
  boards: v.array(v.string()),
  /** When the scheduled publish runs (absent: none scheduled). */
  publishAt: v.optional(v.number()),
  /** When the ranks were last published. */
  publishedAt: v.optional(v.number()),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const tallyTables = {
  // Each lane reads its shard in creation order (an index ends with _creationTime).
  tallies: defineTable(tallyFields).index("by_shard", ["shard"]),
  foldState: defineTable(foldStateFields).index("by_shard", ["shard"]),
  foldCursors: defineTable(foldCursorFields).index("by_shard", ["shard"]),
  foldBatches: defineTable(foldBatchFields).index("by_shard_and_seq", ["shard", "seq"]),
  foldApplied: defineTable(foldAppliedFields),
};
