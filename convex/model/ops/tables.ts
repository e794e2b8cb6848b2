import { defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * The game's budgets (convex/model/ops/budget.ts). convex/schema.ts composes the tables and re-
 * exports the validators, so the code imports them from there.
 */

/** The global budgets (convex/model/ops/budget.ts): what each one limits. */
export const budgetName = v.union(v.literal("signUps"), v.literal("wrongRoomCodes"));

/**
 * One shard of a global budget, a token bucket: `tokens` as of `at`, refilling with time up to
 * the shard's share of the budget. Made on first use; a shard nobody used is full.
 */
export const budgetShardFields = {
  budget: budgetName,
  shard: v.number(),
  tokens: v.number(),
  at: v.number(),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const opsTables = {
  budgetShards: defineTable(budgetShardFields).index("by_budget_and_shard", ["budget", "shard"]),
};
