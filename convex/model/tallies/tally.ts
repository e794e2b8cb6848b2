import type { Infer, ObjectType } from "convex/values";
import type { scoreMove, tallyFields } from "../../schema";

/**
 * What a player's call did to the shared figures (record.ts puts it down, fold.ts adds it up):
 * types of their own, so that the fold and the boards read them without importing the recorder,
 * which imports the fold's chain.
 */
export type Tally = ObjectType<typeof tallyFields>;
export type ScoreMove = Infer<typeof scoreMove>;
