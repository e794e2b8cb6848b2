/** The limit on wrong codes every guessable code shares (claim codes, room codes), on its own. */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  afterWrongCode,
  lockedUntil,
  type WrongCodeLimit,
  type WrongCodes,
} from "../../model/shared/wrongCodes";

const MINUTE = 60_000;
const plain: WrongCodeLimit = { maxFailures: 3, windowMs: 10 * MINUTE, lockMs: 5 * MINUTE };
const doubling: WrongCodeLimit = {
  ...plain,
  doubling: { maxMs: 60 * MINUTE, locksForgottenMs: 24 * 60 * MINUTE },
};

/** The attempts after wrong codes at each of `times`, in order. */
function wrongCodesAt(limit: WrongCodeLimit, times: number[], from: WrongCodes | null = null) {
  let attempts: WrongCodes | null = from;
  for (const now of times) attempts = afterWrongCode(limit, attempts, now);
  return attempts!;
}

describe("wrong codes", () => {
  test("the limit's last wrong code within the window locks; fewer do not", () => {
    const two = wrongCodesAt(plain, [0, MINUTE]);
    expect(lockedUntil(two, MINUTE)).toBeNull();
    const three = wrongCodesAt(plain, [0, MINUTE, 2 * MINUTE]);
    expect(lockedUntil(three, 2 * MINUTE)).toBe(7 * MINUTE);
    // The lock ends when it says, and the next wrong code starts a new count.
    expect(lockedUntil(three, 7 * MINUTE)).toBeNull();
    expect(afterWrongCode(plain, three, 8 * MINUTE).failures).toEqual([8 * MINUTE]);
  });

  test("wrong codes older than the window are forgotten: spread out, they never lock", () => {
    const spread = wrongCodesAt(plain, [0, 6 * MINUTE, 12 * MINUTE, 18 * MINUTE]);
    expect(lockedUntil(spread, 18 * MINUTE)).toBeNull();
    expect(spread.failures).toEqual([12 * MINUTE, 18 * MINUTE]);
  });

  test("locks in a row double up to their cap; a day after the last they start over", () => {
    let attempts: WrongCodes | null = null;
    const lengths: number[] = [];
    let now = 0;
    for (let lock = 0; lock < 6; lock++) {
      attempts = wrongCodesAt(doubling, [now, now + 1, now + 2], attempts);
      lengths.push(attempts.lockedUntil! - (now + 2));
      now = attempts.lockedUntil!;
    }
    expect(lengths.map((ms) => ms / MINUTE)).toEqual([5, 10, 20, 40, 60, 60]);
    const later = now + 24 * 60 * MINUTE;
    const fresh = wrongCodesAt(doubling, [later, later + 1, later + 2], attempts);
    expect(fresh.lockedUntil! - (later + 2)).toBe(5 * MINUTE);
    // Without doubling, every lock is as long as the first.
    const again = wrongCodesAt(plain, [now, now + 1, now + 2], wrongCodesAt(plain, [0, 1, 2]));
    expect(again.lockedUntil! - (now + 2)).toBe(5 * MINUTE);
  });

  test("whatever the times, no more than the limit's wrong codes are tried in any lock's length of time", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * MINUTE }), { maxLength: 40 }), (gaps) => {
        let attempts: WrongCodes | null = null;
        let now = 0;
        const tried: number[] = [];
        for (const gap of gaps) {
          now += gap;
          // A locked account's code is not even looked at (as claim and room codes do).
          if (lockedUntil(attempts, now) !== null) continue;
          tried.push(now);
          attempts = afterWrongCode(plain, attempts, now);
        }
        for (const at of tried) {
          const within = tried.filter((t) => t >= at && t < at + plain.lockMs);
          expect(within.length).toBeLessThanOrEqual(plain.maxFailures);
        }
      }),
    );
  });
});
