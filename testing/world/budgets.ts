import { BUDGETS, type BudgetName } from "../../convex/model/ops/budget";
import type { World } from "./world";

/**
 * The game's `budget` used up by a flood, and kept empty for `forMs`: every shard holds no token
 * as of that moment, so none refills before it (a sign-up shard refills a token a second, quicker
 * than a component test types a form). Tests that drain a budget through the real functions use
 * convex-test's fake clock instead (convex/budgets.test.ts).
 */
export async function useUpBudget(world: World, budget: BudgetName, forMs = 60_000) {
  await world.run(async (ctx) => {
    for (let shard = 0; shard < BUDGETS[budget].shards; shard++) {
      await ctx.db.insert("budgetShards", { budget, shard, tokens: 0, at: Date.now() + forMs });
    }
    return null;
  });
}
