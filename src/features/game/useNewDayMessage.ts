import { useEffect, useState } from "react";

/** How long "New day! Your guesses are back." shows after the midnight reset. */
export const NEW_DAY_MESSAGE_MS = 5000;

/**
 * Whether the midnight reset has just happened while the form was on screen: true for
 * NEW_DAY_MESSAGE_MS after the game's `lastReset` changes.
 */
export function useNewDayMessage(lastReset: number): boolean {
  const [announcedReset, setAnnouncedReset] = useState(lastReset);
  const newDay = lastReset !== announcedReset;
  useEffect(() => {
    if (!newDay) return;
    const timer = setTimeout(() => setAnnouncedReset(lastReset), NEW_DAY_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [newDay, lastReset]);
  return newDay;
}
