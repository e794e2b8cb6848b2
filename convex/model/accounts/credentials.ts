import { retrieveAccount } from "@convex-dev/auth/server";
import type { ActionCtx } from "../../_generated/server";
import { PASSWORD_PROVIDER } from "../shared/accounts";
import { appError, type ErrorCode } from "../shared/errors";

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

/**
 * Checks the player's current password before a change that a stolen session must not make
 * (a new password, deleting the account): Convex Auth's check, so wrong passwords count toward
 * its limit on failed attempts like a login's.
 */
export async function requireCurrentPassword(
  ctx: ActionCtx,
  email: string,
  password: string,
): Promise<void> {
  if (password === "") throw appError("CURRENT_PASSWORD_MISSING");
  try {
    await retrieveAccount(ctx, {
      provider: PASSWORD_PROVIDER,
      account: { id: email, secret: password },
    });
  } catch (error) {
    const code = retrieveFailureCode(error);
    throw code ? appError(code) : error;
  }
}
