import { errorCodeOf, errorMessages } from "@convex/model/shared/errors";

/** The message a player should read for an error from a Convex call, else `fallback`. */
export function messageFor(error: unknown, fallback: string): string {
  const code = errorCodeOf(error);
  return code === null ? fallback : errorMessages[code];
}
