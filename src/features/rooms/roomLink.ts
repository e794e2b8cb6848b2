/** The address friends open to join: the build's public URL, else where this page is served. */
export function roomAddress(code: string): string {
  const base = import.meta.env.VITE_PUBLIC_URL || window.location.origin;
  return `${base.replace(/\/$/, "")}/room/${code}`;
}

export function ordinal(place: number): string {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][place % 10] ?? "th");
  return `${place}${suffix}`;
}
