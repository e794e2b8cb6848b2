/**
 * The account rules, shared by the sign-up and login dialogs, the error messages and the server.
 * No imports: the error messages (in every page's bundle) render from these numbers.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = new RegExp(
  `^[A-Za-z0-9_]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`,
);
/** The longest address SMTP allows (RFC 5321); a longer one could only bloat the account documents. */
export const MAX_EMAIL_LENGTH = 254;

/** A password-reset code: digits only, so it is easy to type from a phone's mail app. */
export const RESET_CODE_LENGTH = 8;
/** How long a reset code works after it was sent. */
export const RESET_CODE_VALID_MINUTES = 15;
/** Codes sent to one account per hour: a stranger cannot flood someone's inbox. */
export const RESET_CODES_PER_HOUR = 3;

/**
 * Sign-ups the whole game takes per minute (a token bucket holding a minute's worth, so a burst of
 * that many passes at once), split into this many shards (convex/model/ops/budget.ts). Each
 * sign-up runs a 32 MiB password hash: the budget caps what a script's flood of accounts costs,
 * far above a viral day's real sign-ups (docs/operations.md#budgets).
 */
export const SIGN_UPS_PER_MINUTE = 600;
export const SIGN_UPS_BUDGET_SHARDS = 10;
