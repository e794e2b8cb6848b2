import type { ErrorCode } from "../shared/errors";

/**
 * Convex Auth's `retrieveAccount` reports why credentials failed with one of these documented
 * codes (the error's message); everything else it throws is unexpected and stays as it is.
 */
const retrieveFailures: Record<string, ErrorCode> = {
  InvalidAccountId: "ACCOUNT_NOT_FOUND",
  InvalidSecret: "INCORRECT_PASSWORD",
  TooManyFailedAttempts: "TOO_MANY_ATTEMPTS",
};

/** Our code for a failure of `retrieveAccount`, or null for an unexpected one. */
export function retrieveFailureCode(error: unknown): ErrorCode | null {
  return error instanceof Error ? (retrieveFailures[error.message] ?? null) : null;
}
