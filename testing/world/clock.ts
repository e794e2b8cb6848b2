/**
 * The fake clock of a backend test file: Date and timers faked, set to the same Saturday noon UTC
 * before each test (`at` another moment), real again after it. Called inside a `describe`, it
 * holds for that block's tests alone. Not re-exported from the world's index: it registers vitest
 * hooks, which only a test file may do.
 */
import { afterEach, beforeEach, vi } from "vitest";

/** The moment the backend tests play at unless they say otherwise: a Saturday, noon UTC. */
export const TEST_NOW = "2026-11-21T12:00:00Z";

export function fakeClockEachTest(at: string | number | Date = TEST_NOW): void {
  beforeEach(() => {
    // Date for the server's reads of the clock; the timeouts for convex-test's scheduler, so a
    // scheduled function runs only when a test moves time on.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(new Date(at));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
