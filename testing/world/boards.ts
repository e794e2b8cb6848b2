import type { FunctionArgs } from "convex/server";
import { api } from "../../convex/_generated/api";
import { rankOf } from "../../convex/model/shared/rank";
import { foldTallies } from "../../convex/model/tallies/fold";
import { allShards } from "../../convex/model/tallies/shard";
import type { Caller, World } from "./world";

/**
 * Folds every tally waiting, as the fold's chain would within a couple of seconds: what boards,
 * ranks and day counters show once the fold has caught up. Returns how many it folded.
 */
export async function foldAll(world: World): Promise<number> {
  let total = 0;
  for (;;) {
    const { folded, more } = await world.run(
      async (ctx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER),
    );
    total += folded;
    if (!more) return total;
  }
}

/**
 * The fold's lanes awake, as on a busy day: players' tallies schedule no wake. (A fresh backend's
 * fold is asleep, so its first tally schedules one.) For the benches that record players' calls.
 */
export async function foldAwake(world: World): Promise<void> {
  await world.run(async (ctx) => {
    for (const shard of allShards()) {
      const state = await ctx.db
        .query("foldState")
        .withIndex("by_shard", (q) => q.eq("shard", shard))
        .first();
      if (state === null)
        await ctx.db.insert("foldState", { shard, generation: 1, sleeping: false });
    }
  });
}

type BoardArgs = FunctionArgs<typeof api.leaderboard.mine>;

/**
 * A player's standing on a board as their screen shows it: their own points (`leaderboard.mine`)
 * ranked against the board's statistics (`leaderboard.ranks`), as useLeaderboard does.
 */
export async function standingAs(player: { as: Caller }, board: BoardArgs) {
  const own = await player.as.query(api.leaderboard.mine, board);
  const stats = await player.as.query(api.leaderboard.ranks, board);
  return { ...own, ...rankOf(stats, own.score) };
}
