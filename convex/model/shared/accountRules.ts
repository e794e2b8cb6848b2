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
/**
 * Names nobody may take, because a player would read them as the game speaking, or its staff:
 * refused at sign-up and rename together with every look-alike (`Adm1n`, `ADMlN`, `S_y_s_t_e_m`,
 * a Cyrillic letter for a Latin one) and with digits after them (`Admin2`). Compared by the
 * username key (convex/model/accounts/usernameKey.ts), so each is written once, plainly.
 */
export const RESERVED_USERNAMES = [
  "admin",
  "administrator",
  "moderator",
  "mod",
  "staff",
  "system",
  "support",
  "AnimeGuess",
] as const;

/** The longest address SMTP allows (RFC 5321); a longer one could only bloat the account documents. */
export const MAX_EMAIL_LENGTH = 254;

/** A password-reset code: digits only, so it is easy to type from a phone's mail app. */
export const RESET_CODE_LENGTH = 8;
/**
 * How long a reset e-mail (its code and its link) works after it was sent: as long as the
 * window of RESET_CODES_PER_HOUR, so that whenever that budget refuses a request, the newest
 * e-mail sent is still valid in the owner's inbox (docs/operations.md, "What each limit protects").
 */
export const RESET_CODE_VALID_MINUTES = 60;
/** Codes sent to one account per hour: a stranger cannot flood someone's inbox. */
export const RESET_CODES_PER_HOUR = 3;
/**
 * Wrong codes typed for an account's live code before that code dies (the address never locks:
 * the e-mail's link still works, and a new code can be asked for).
 */
export const RESET_CODE_MAX_WRONG_TRIES = 5;
/** Random bytes in a reset link's token: 128 bits, unguessable, so the link needs no try limit. */
export const RESET_LINK_TOKEN_BYTES = 16;
/** The site's page a reset e-mail links to (`?email=…&token=…`). */
export const RESET_LINK_PATH = "/reset";

/**
 * Sign-ups the whole game takes per minute (a token bucket holding a minute's worth, so a burst of
 * that many passes at once), split into this many shards (convex/model/ops/budget.ts). Each
 * sign-up runs a 32 MiB password hash: the budget caps what a script's flood of accounts costs,
 * far above a viral day's real sign-ups (docs/operations.md#budgets).
 */
export const SIGN_UPS_PER_MINUTE = 600;
export const SIGN_UPS_BUDGET_SHARDS = 10;
