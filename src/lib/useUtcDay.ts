import { useEffect, useState } from "react";

const DAY_MS = 24 * 60 * 60 * 1000;

const utcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Today's UTC day ("2026-11-23"), changing at UTC midnight. Queries never read the clock (Convex
 * caches a query's result until the documents it read change), so a screen that shows "today"
 * names the day it shows, and moves on to the new one at midnight without a reload.
 */
export function useUtcDay(): string {
  const [day, setDay] = useState(() => utcDay(Date.now()));
  useEffect(() => {
    const now = Date.now();
    const nextMidnight = Date.parse(`${utcDay(now)}T00:00:00Z`) + DAY_MS;
    const timer = setTimeout(() => setDay(utcDay(Date.now())), nextMidnight - now + 50);
    return () => clearTimeout(timer);
  }, [day]);
  return day;
}
