import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isValidTimeZone, localDay, nextLocalMidnight } from "../../model/shared/localTime";

const at = (iso: string) => Date.parse(iso);

describe("nextLocalMidnight", () => {
  test.each([
    ["UTC", "2026-11-21T15:30:00Z", "2026-11-22T00:00:00Z"],
    ["Asia/Tokyo", "2026-11-21T15:30:00Z", "2026-11-22T15:00:00Z"], // already the 22nd, 00:30 in Tokyo
    ["Asia/Tokyo", "2026-11-21T14:59:59Z", "2026-11-21T15:00:00Z"],
    ["America/New_York", "2026-11-21T15:30:00Z", "2026-11-22T05:00:00Z"],
    ["Asia/Kolkata", "2026-11-21T00:00:00Z", "2026-11-21T18:30:00Z"],
    // Spring forward in New York (8 March 2026): the day is 23 hours long.
    ["America/New_York", "2026-03-08T12:00:00Z", "2026-03-09T04:00:00Z"],
    // Fall back in New York (1 November 2026): the day is 25 hours long.
    ["America/New_York", "2026-11-01T12:00:00Z", "2026-11-02T05:00:00Z"],
    // The night before each change still ends at the old offset's midnight.
    ["America/New_York", "2026-03-07T12:00:00Z", "2026-03-08T05:00:00Z"],
    ["Europe/Berlin", "2026-03-28T12:00:00Z", "2026-03-28T23:00:00Z"],
    ["Europe/Berlin", "2026-03-29T12:00:00Z", "2026-03-29T22:00:00Z"],
  ])("in %s after %s it is %s", (timeZone, now, expected) => {
    expect(new Date(nextLocalMidnight(at(now), timeZone)).toISOString()).toBe(
      new Date(at(expected)).toISOString(),
    );
  });

  test("where midnight itself is skipped by DST, the new day starts at its first instant", () => {
    // America/Santiago springs forward at 24:00 on 5 September 2026 (00:00 → 01:00).
    const next = nextLocalMidnight(at("2026-09-05T12:00:00Z"), "America/Santiago");
    expect(localDay(next, "America/Santiago")).toBe("2026-09-06");
    expect(localDay(next - 1, "America/Santiago")).toBe("2026-09-05");
  });

  test("is always the start of the next local day, in any zone, at any time", () => {
    const zones = [
      "UTC",
      "Asia/Tokyo",
      "America/New_York",
      "Europe/London",
      "Australia/Lord_Howe",
      "America/Santiago",
      "Asia/Kathmandu",
      "Pacific/Chatham",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: at("2024-01-01T00:00:00Z"), max: at("2030-01-01T00:00:00Z") }),
        (zone, now) => {
          const next = nextLocalMidnight(now, zone);
          expect(next).toBeGreaterThan(now);
          expect(next - now).toBeLessThanOrEqual(25 * 3_600_000);
          expect(localDay(next, zone)).not.toBe(localDay(now, zone));
          expect(localDay(next - 1000, zone)).toBe(localDay(now, zone));
        },
      ),
      { numRuns: 500 },
    );
  });
});

test("isValidTimeZone accepts IANA names and refuses anything else", () => {
  expect(isValidTimeZone("Europe/Paris")).toBe(true);
  expect(isValidTimeZone("UTC")).toBe(true);
  expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
  expect(isValidTimeZone("")).toBe(false);
  expect(isValidTimeZone("x".repeat(1000))).toBe(false);
});
