import type { JoinResult } from "@convex/model/rooms/lobby";
import { errorMessages } from "@convex/model/shared/errors";

/**
 * The address friends open to join: the build's public URL, else where this page is served. A
 * private room's secret goes after "#": a browser never sends that part to a server, so it
 * stays out of servers' logs and other sites' Referer headers.
 */
export function roomAddress(code: string, linkSecret: string | null = null): string {
  const base = import.meta.env.VITE_PUBLIC_URL || window.location.origin;
  return `${base.replace(/\/$/, "")}/room/${code}${linkSecret === null ? "" : `#${linkSecret}`}`;
}

/** The secret a private room's link carries (`roomAddress`), from the page's `location.hash`. */
export function linkSecretOf(hash: string): string | undefined {
  const secret = hash.replace(/^#/, "");
  return secret === "" ? undefined : secret;
}

export function ordinal(place: number): string {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][place % 10] ?? "th");
  return `${place}${suffix}`;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** What a refused join tells the player: the lock says until when. */
export function refusalText(refusal: Extract<JoinResult, { kind: "refused" }>): string {
  const reason = errorMessages[refusal.reason];
  if (refusal.retryAt === undefined) return reason;
  return `${reason}. Try again after ${timeFormat.format(refusal.retryAt)}`;
}
