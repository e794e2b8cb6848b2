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
/** How long a reset code works after it was sent. */
export const RESET_CODE_VALID_MINUTES = 15;
/** Codes sent to one account per hour: a stranger cannot flood someone's inbox. */
export const RESET_CODES_PER_HOUR = 3;
