import type { Infer, ObjectType } from "convex/values";
import type { dayCounts, foldBatchFields, scoreMove, tallyFields } from "../../schema";

/**
 * What a player's call did to the shared figures (record.ts puts it down, fold.ts adds it up):
 * types of their own, so that the fold and the boards read them without importing the recorder,
 * which imports the fold's chain. The shard is the recorder's to choose.
 */
export type Tally = Omit<ObjectType<typeof tallyFields>, "shard">;
export type ScoreMove = Infer<typeof scoreMove>;
/** What a run of a lane gathered from its tallies (fold.ts), for the apply (apply.ts). */
export type Batch = Omit<ObjectType<typeof foldBatchFields>, "shard" | "seq">;
export type DayCounts = Infer<typeof dayCounts>;
