import type { Infer } from "convex/values";
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { budgetName } from "../../schema";
import { SIGN_UPS_BUDGET_SHARDS, SIGN_UPS_PER_MINUTE } from "../shared/accountRules";
import { ROOM_WRONG_CODES_BUDGET_SHARDS, ROOM_WRONG_CODES_PER_MINUTE } from "../shared/rules";

/*
 * Global budgets: how much of something the whole game allows per minute, whoever asks (sign-ups,
 * wrong room codes). A per-account limit holds one account, and accounts are free; a budget holds
 * a script of any number of them. Each is a token bucket (as convex-helpers' and
 * @convex-dev/rate-limiter's): it holds up to a minute's worth, refills at its rate, and each use
 * takes one token.
 *
 * Why shards: one bucket document would be read and written by every sign-up in the world, so
 * any two at once would conflict (Convex re-runs one), and a player's path must never
 * read-modify-write what other players' paths write. So each budget is SHARDS documents holding
 * 1/SHARDS of it each. A use reads one shard picked at random and, only if that one is empty,
 * one other: two uses at once touch the same document only when they pick the same shard, and
 * every use reads at most two documents and writes one, at any number of players. The price:
 * while other shards still hold tokens, a use that found its two empty is refused, so under a
 * flood the budget lets a little less than its rate through, never more.
 */

export type BudgetName = Infer<typeof budgetName>;

type Budget = { perMinute: number; shards: number };

export const BUDGETS: Record<BudgetName, Budget> = {
  signUps: { perMinute: SIGN_UPS_PER_MINUTE, shards: SIGN_UPS_BUDGET_SHARDS },
  wrongRoomCodes: {
    perMinute: ROOM_WRONG_CODES_PER_MINUTE,
    shards: ROOM_WRONG_CODES_BUDGET_SHARDS,
  },
};

const MINUTE_MS = 60_000;

/** A shard as read: its document (none until first used) and its tokens at that moment. */
export type ShardSeen = {
  budget: BudgetName;
  shard: number;
  doc: Doc<"budgetShards"> | null;
  tokens: number;
};

/**
 * A use allowed (on this shard), or refused: a shard refills a token within a minute (its
 * capacity per minute is at least one), which is what the refusal's message tells people.
 */
export type Found = { ok: true; shard: ShardSeen } | { ok: false };

function capacityOf(budget: BudgetName): number {
  const { perMinute, shards } = BUDGETS[budget];
  return perMinute / shards;
}

/** Tokens a shard holds at `now`: what it held, refilled for the time since, up to its capacity. */
function tokensAt(budget: BudgetName, doc: Doc<"budgetShards"> | null, now: number): number {
  const capacity = capacityOf(budget);
  if (doc === null) return capacity;
  const refill = (Math.max(0, now - doc.at) * capacity) / MINUTE_MS;
  return Math.min(capacity, doc.tokens + refill);
}

async function see(
  ctx: QueryCtx,
  budget: BudgetName,
  shard: number,
  now: number,
): Promise<ShardSeen> {
  const doc = await ctx.db
    .query("budgetShards")
    .withIndex("by_budget_and_shard", (q) => q.eq("budget", budget).eq("shard", shard))
    .unique();
  return { budget, shard, doc, tokens: tokensAt(budget, doc, now) };
}

/**
 * Whether `budget` has a token now, without taking it: a random shard, then (if empty) one other.
 * Reads one or two documents.
 */
export async function findToken(ctx: QueryCtx, budget: BudgetName, now: number): Promise<Found> {
  const { shards } = BUDGETS[budget];
  const first = Math.floor(Math.random() * shards);
  const seen = [await see(ctx, budget, first, now)];
  if (seen[0].tokens < 1 && shards > 1) {
    const other = (first + 1 + Math.floor(Math.random() * (shards - 1))) % shards;
    seen.push(await see(ctx, budget, other, now));
  }
  const full = seen.find((shard) => shard.tokens >= 1);
  if (full !== undefined) return { ok: true, shard: full };
  return { ok: false };
}

/** Takes the token `findToken` found, on its shard (a shard's first use makes its document). */
export async function spend(ctx: MutationCtx, seen: ShardSeen, now: number): Promise<void> {
  const fields = { tokens: seen.tokens - 1, at: now };
  if (seen.doc === null) {
    await ctx.db.insert("budgetShards", { budget: seen.budget, shard: seen.shard, ...fields });
  } else {
    await ctx.db.patch("budgetShards", seen.doc._id, fields);
  }
}

/** Takes one token of `budget` if it has one. */
export async function take(ctx: MutationCtx, budget: BudgetName, now: number): Promise<Found> {
  const found = await findToken(ctx, budget, now);
  if (found.ok) await spend(ctx, found.shard, now);
  return found;
}
