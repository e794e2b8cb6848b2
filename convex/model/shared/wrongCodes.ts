/*
 * One account's wrong codes, for any code it may only guess so often (an admin claim code, a room
 * code): the times of its wrong codes within a sliding window, and a lock once they reach the
 * limit. Plain values in, plain values out: each caller stores them in its own table (different
 * fields: a claim's attempts are forgotten by a cleanup, a room's keep their count of locks).
 */

export type WrongCodeLimit = {
  /** Wrong codes allowed within `windowMs`; the last of them locks. */
  maxFailures: number;
  windowMs: number;
  /** How long the first lock lasts. */
  lockMs: number;
  /**
   * Locks in a row double, up to this long, and a lock `locksForgottenMs` after the last starts
   * over from `lockMs`. Without it every lock lasts `lockMs`.
   */
  doubling?: { maxMs: number; locksForgottenMs: number };
};

/** What a caller's attempts document holds of the limit (none yet: null). */
export type WrongCodes = {
  failures: number[];
  lockedUntil?: number;
  locks?: number;
  lastLockAt?: number;
};

/** Until when the account may not try a code, if it is locked now. */
export function lockedUntil(attempts: WrongCodes | null, now: number): number | null {
  const until = attempts?.lockedUntil;
  return until !== undefined && until > now ? until : null;
}

/**
 * The attempts after one more wrong code at `now`, whole (a caller may store them as they are):
 * the window's failures with it, or, at the limit, a lock (`lockedUntil`) and the failures
 * cleared, so that the lock's end starts afresh.
 */
export function afterWrongCode(
  limit: WrongCodeLimit,
  attempts: WrongCodes | null,
  now: number,
): { failures: number[]; lockedUntil: number | undefined; locks: number; lastLockAt?: number } {
  const failures = [
    ...(attempts?.failures ?? []).filter((at) => at > now - limit.windowMs),
    now,
  ].slice(-limit.maxFailures);
  const lastLockAt = attempts?.lastLockAt;
  const forgotten =
    limit.doubling === undefined ||
    lastLockAt === undefined ||
    now - lastLockAt >= limit.doubling.locksForgottenMs;
  const locks = forgotten ? 0 : (attempts?.locks ?? 0);
  // The last lock's time is kept (not left to the caller's patch), so that these attempts alone
  // say whether the next lock doubles.
  if (failures.length < limit.maxFailures) {
    return { failures, lockedUntil: undefined, locks, lastLockAt };
  }
  const lockMs =
    limit.doubling === undefined
      ? limit.lockMs
      : Math.min(limit.lockMs * 2 ** locks, limit.doubling.maxMs);
  return { failures: [], lockedUntil: now + lockMs, locks: locks + 1, lastLockAt: now };
}
