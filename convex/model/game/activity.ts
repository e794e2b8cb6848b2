import type { MutationCtx } from "../../_generated/server";
import { recordTally } from "../tallies/record";
import type { Tally } from "../tallies/tally";
import { utcDay } from "../shared/localTime";

/** Days counted before the fold existed were split over this many documents each. */
export const STATS_SHARDS = 8;

type Activity = Omit<Tally, "day" | "daily">;

/**
 * Adds to today's game-use counters, through the fold: a tally now, in today's counters within
 * a couple of seconds. A game session start (the spec's `game_session_start` event) is counted
 * here, where the admin dashboard's chart reads it. A correct guess brings its score moves
 * (boards/board.ts `addPoints`), so that it writes one tally, not two. The tally goes to the
 * player's shard of the fold (tallies/shard.ts).
 */
export async function countGameActivity(
  ctx: MutationCtx,
  userId: string,
  activity: Activity,
): Promise<void> {
  await recordTally(ctx, { day: utcDay(Date.now()), ...activity }, userId);
}
