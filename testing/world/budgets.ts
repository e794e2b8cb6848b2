import { BUDGETS, type BudgetName } from "../../convex/model/ops/budget";
import type { World } from "./world";

/**
 * Every shard of the game's `budget` holding `tokens` as of `at` (made, or set, directly): a
 * budget as a flood or a day of use leaves it.
 */
export async function setBudget(
  world: Pick<World, "run">,
  budget: BudgetName,
  tokens: number,
  at = Date.now(),
) {
  await world.run(async (ctx) => {
    for (let shard = 0; shard < BUDGETS[budget].shards; shard++) {
      const doc = await ctx.db
        .query("budgetShards")
        .withIndex("by_budget_and_shard", (q) => q.eq("budget", budget).eq("shard", shard))
        .unique();
      if (doc === null) await ctx.db.insert("budgetShards", { budget, shard, tokens, at });
      else await ctx.db.patch("budgetShards", doc._id, { tokens, at });
    }
    return null;
  });
}

/**
 * The game's `budget` used up by a flood, and kept empty for `forMs`: every shard holds no token
 * as of that moment, so none refills before it (a sign-up shard refills a token a second, quicker
 * than a component test types a form). Tests that drain a budget through the real functions use
 * convex-test's fake clock instead (convex/tests/ops/budgets.test.ts).
 */
export async function useUpBudget(world: Pick<World, "run">, budget: BudgetName, forMs = 60_000) {
  await setBudget(world, budget, 0, Date.now() + forMs);
}
