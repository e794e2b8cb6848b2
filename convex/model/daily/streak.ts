/**
 * A player's Daily streak: consecutive Daily NUMBERS completed. The number is the server's (the
 * UTC day the Daily ran on), never the player's clock or zone, so no time-zone change can bring
 * two Dailies nearer or play one twice; and a Daily completes once (its last round ends once), a
 * replay or a second finishing call finding it complete already.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";

export type Streak = { current: number; best: number };

async function streakDoc(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("dailyStreaks")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

/** The streak after Daily #`number` was completed, from the one before (pure: the rule itself). */
export function streakAfter(
  previous: Pick<Doc<"dailyStreaks">, "current" | "best" | "lastNumber"> | null,
  number: number,
): { current: number; best: number; lastNumber: number } {
  if (previous !== null && previous.lastNumber >= number) return previous;
  const current = previous?.lastNumber === number - 1 ? previous.current + 1 : 1;
  return { current, best: Math.max(previous?.best ?? 0, current), lastNumber: number };
}

/** Notes that the player completed Daily #`number` (their own document only). */
export async function completeDaily(
  ctx: MutationCtx,
  userId: Id<"users">,
  number: number,
): Promise<void> {
  const doc = await streakDoc(ctx, userId);
  const next = streakAfter(doc, number);
  if (doc === null) await ctx.db.insert("dailyStreaks", { userId, ...next });
  else if (next.lastNumber !== doc.lastNumber) await ctx.db.patch("dailyStreaks", doc._id, next);
}

/**
 * The streak as the player sees it during Daily #`today`: it still stands while today's or
 * yesterday's Daily was the last completed, and is 0 once a Daily was missed.
 */
export async function streakOn(ctx: QueryCtx, userId: Id<"users">, today: number): Promise<Streak> {
  const doc = await streakDoc(ctx, userId);
  if (doc === null) return { current: 0, best: 0 };
  return { current: doc.lastNumber >= today - 1 ? doc.current : 0, best: doc.best };
}
