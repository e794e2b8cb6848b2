/**
 * The admin claim code's rules, shared by the server and /make-admin (whose
 * copy renders from them). An operator creates a code with the internal
 * `admin:createClaimCode`; a player enters it at /make-admin.
 */
export const CLAIM_CODE_VALID_MINUTES = 15;
/** Wrong codes a player may enter within `CLAIM_FAILURE_WINDOW_MINUTES`… */
export const CLAIM_MAX_FAILURES = 5;
export const CLAIM_FAILURE_WINDOW_MINUTES = 60;
/** …before /make-admin refuses them for this long. */
export const CLAIM_LOCK_MINUTES = 60;

/**
 * 12 characters of 32 that cannot be mistaken for one another (no 0/O, 1/I):
 * 60 bits. Shown in groups of four ("ABCD-EFGH-JKLM"); case, spaces and
 * dashes do not matter when it is entered.
 */
export const CLAIM_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CLAIM_CODE_LENGTH = 12;
export const CLAIM_CODE_GROUP = 4;

/** "ABCDEFGHJKLM" → "ABCD-EFGH-JKLM", as codes are shown. */
export function groupClaimCode(letters: string): string {
  return (letters.match(new RegExp(`.{1,${CLAIM_CODE_GROUP}}`, "g")) ?? []).join("-");
}

/** What a code looks like, for the page's hint. */
export const CLAIM_CODE_EXAMPLE = groupClaimCode(CLAIM_CODE_ALPHABET.slice(0, CLAIM_CODE_LENGTH));

const MINUTE_MS = 60_000;
export const CLAIM_CODE_VALID_MS = CLAIM_CODE_VALID_MINUTES * MINUTE_MS;
export const CLAIM_FAILURE_WINDOW_MS = CLAIM_FAILURE_WINDOW_MINUTES * MINUTE_MS;
export const CLAIM_LOCK_MS = CLAIM_LOCK_MINUTES * MINUTE_MS;

/** "15 minutes", "1 hour", "90 minutes": a rule's duration as copy. */
export function minutesText(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} hour${hours === 1 ? "" : "s"}`;
  }
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
