/**
 * The fake clock of a backend test file: Date and timers faked, set to the same Saturday noon UTC
 * before each test (`at` another moment), real again after it. Not re-exported from the world's
 * index: it registers vitest hooks, which only a test file may do.
 */
import { afterEach, beforeEach, vi } from "vitest";

export function fakeClockEachTest(at = "2026-11-21T12:00:00Z"): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(new Date(at));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
