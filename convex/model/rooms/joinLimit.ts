import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  ROOM_JOIN_FAILURE_WINDOW_MS,
  ROOM_JOIN_LOCK_MAX_MS,
  ROOM_JOIN_LOCK_MS,
  ROOM_JOIN_LOCKS_FORGOTTEN_MS,
  ROOM_JOIN_MAX_FAILURES,
} from "../shared/rules";
import { afterWrongCode, type WrongCodeLimit } from "../shared/wrongCodes";

/*
 * Why a per-account limit is enough: a code is one of 31^6 ≈ 887 million (shared/rules.ts), and
 * an account gets ROOM_JOIN_MAX_FAILURES wrong ones a minute at most, then a lock that doubles
 * each time (1, 2, 4 … minutes, up to a day). Even at the unlocked rate, trying every code takes
 * centuries, while a room lives ROOM_MAX_AGE_MS at most. Counted per account, not per address:
 * an address says nothing about who is behind it, and a session is an account.
 */

export type JoinAttempts = Doc<"roomJoinAttempts">;

export async function attemptsOf(ctx: QueryCtx, userId: Id<"users">): Promise<JoinAttempts | null> {
  return await ctx.db
    .query("roomJoinAttempts")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

const ROOM_CODES: WrongCodeLimit = {
  maxFailures: ROOM_JOIN_MAX_FAILURES,
  windowMs: ROOM_JOIN_FAILURE_WINDOW_MS,
  lockMs: ROOM_JOIN_LOCK_MS,
  doubling: { maxMs: ROOM_JOIN_LOCK_MAX_MS, locksForgottenMs: ROOM_JOIN_LOCKS_FORGOTTEN_MS },
};

/**
 * Counts a wrong code (one that names no open room). The limit's last one locks the account at
 * once, for ROOM_JOIN_LOCK_MS doubled per lock in a row; returns the lock's end, if it locked.
 */
export async function recordWrongCode(
  ctx: MutationCtx,
  userId: Id<"users">,
  attempts: JoinAttempts | null,
  now: number,
): Promise<number | null> {
  const fields = afterWrongCode(ROOM_CODES, attempts, now);
  if (attempts === null) await ctx.db.insert("roomJoinAttempts", { userId, ...fields });
  else await ctx.db.patch("roomJoinAttempts", attempts._id, fields);
  return fields.lockedUntil ?? null;
}
