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
  generation: v.number(),
  /** True while no tally waits and no run is scheduled; absent in a chain started before it. */
  sleeping: v.optional(v.boolean()),
  /** Written by every run before the fold slept; cleared at the next transition. */
  lastRunAt: v.optional(v.number()),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const tallyTables = {
  tallies: defineTable(tallyFields),
  foldState: defineTable(foldStateFields),
};
