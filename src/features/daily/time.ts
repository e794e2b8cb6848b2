/** "01:00" in the player's own time (their locale's way of writing it). */
export function localTime(instant: number): string {
  return new Date(instant).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
}

/** "3 h 12 min", "12 min", "less than a minute". */
export function timeLeft(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (ms <= 0 || minutes < 1) return "less than a minute";
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
}
