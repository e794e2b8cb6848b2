/**
 * The days the game counts: the UTC day (the boards', the admin's counters', the Daily's
 * results') and local-midnight arithmetic for IANA time zones (a player's allowance and streaks),
 * with Intl only (no tz database of our own).
 */

/** The UTC day of `instant` as "YYYY-MM-DD". */
export function utcDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return parts as unknown as WallClock;
}

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of the local day after the one containing `now`. On a day
 * whose midnight does not exist (a DST jump at 00:00), that is the first
 * instant that does, e.g. 01:00.
 */
export function nextLocalMidnight(now: number, timeZone: string): number {
  const today = wallClock(now, timeZone);
  const midnightAsUtc = Date.UTC(today.year, today.month - 1, today.day + 1);
  // Two passes settle the offset, which may differ between now and midnight.
  let candidate = midnightAsUtc - offsetAt(now, timeZone);
  candidate = midnightAsUtc - offsetAt(candidate, timeZone);
  if (candidate <= now) candidate = midnightAsUtc - offsetAt(candidate + 3_600_000, timeZone);
  // In a gap, local time jumps past 00:00: step to the first local instant of the new day.
  const landed = wallClock(candidate, timeZone);
  if (landed.day !== new Date(midnightAsUtc).getUTCDate()) {
    candidate += 3_600_000 - (landed.minute * 60_000 + landed.second * 1000);
  }
  return candidate;
}

/** The local calendar day of `instant` as "YYYY-MM-DD". */
export function localDay(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}
