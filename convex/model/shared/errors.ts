import { ConvexError } from "convex/values";
import {
  CLAIM_CODE_VALID_MINUTES,
  CLAIM_FAILURE_WINDOW_MINUTES,
  CLAIM_LOCK_MINUTES,
  CLAIM_MAX_FAILURES,
  minutesText,
} from "./claimRules";
import {
  MIN_PASSWORD_LENGTH,
  RESET_CODE_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "./accountRules";
import {
  FEEDBACK_INTERVAL_MS,
  FEEDBACK_TEXT_MAX_LENGTH,
  RATING_MAX,
  RATING_MIN,
} from "./feedbackRules";
import {
  ACCEPTED_NAMES_PER_ANIME,
  CONTESTS_PER_DAY,
  MAX_GUESS_LENGTH,
  ROOM_JOIN_MAX_FAILURES,
  ROOM_MAX_PLAYERS,
  ROOM_ROUND_CHOICES,
  ROOM_SECONDS_MAX,
  ROOM_SECONDS_MIN,
} from "./rules";

/**
 * Every error a player must be able to read, keyed by a stable code. Server
 * functions throw `ConvexError`s carrying the code (production deployments
 * replace plain error messages with "Server Error"); the client maps the code
 * back to this text, so the wording lives in one place.
 */
export const errorMessages = {
  MISSING_CREDENTIALS: "Please enter both email and password",
  MISSING_FIELDS: "Please fill in all fields",
  INVALID_EMAIL: "Please enter a valid email address",
  PASSWORD_TOO_SHORT: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  INVALID_USERNAME: `Username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters and can only contain letters, numbers, and underscores`,
  ACCOUNT_NOT_FOUND: "No account found with this email",
  INCORRECT_PASSWORD: "Incorrect password",
  TOO_MANY_ATTEMPTS: "Too many failed attempts. Please try again later",
  EMAIL_TAKEN: "This email is already registered",
  SIGN_UPS_BUSY: "Lots of people are signing up right now. Please try again in a minute",
  USERNAME_TAKEN: "This username is already taken",
  USERNAME_RESERVED: "That username is reserved. Please choose another",
  RESET_NOT_SET_UP:
    "Password reset is not set up on this server yet. Ask whoever runs it to reset your password",
  RESET_CODE_MISSING: `Please enter the ${RESET_CODE_LENGTH}-digit code from the email`,
  RESET_CODE_INVALID:
    "That code is wrong or has expired. Open the link in the email, or ask for a new code and try again",
  RESET_LINK_INVALID:
    "This reset link is wrong, used or expired. Ask for a new code: the newest email's link works",
  CURRENT_PASSWORD_MISSING: "Please enter your current password",
  DELETE_NOT_CONFIRMED: "Type your username exactly as shown to confirm",
  NOT_SIGNED_IN: "Please log in to continue",
  SESSION_ENDED:
    "You were signed out: your password was changed, or this session ended on another device. Please log in again",
  USER_NOT_FOUND: "User not found",
  FORBIDDEN: "You do not have permission to do that",
  NOT_BETA_TESTER: "Join the beta program to send feedback",
  INVALID_RATING: `The rating must be a whole number of stars from ${RATING_MIN} to ${RATING_MAX}`,
  FEEDBACK_TOO_LONG: `Each answer can be at most ${FEEDBACK_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters`,
  FEEDBACK_TOO_SOON: `You just sent feedback. Please wait ${FEEDBACK_INTERVAL_MS / 1000} seconds before sending more`,
  CLAIM_CODE_MISSING: "Enter the claim code an operator gave you",
  CLAIM_CODE_WRONG: "That is not a valid claim code",
  CLAIM_CODE_USED: "That claim code has already been used. Ask an operator for a new one",
  CLAIM_CODE_EXPIRED: `That claim code has expired (codes are valid for ${minutesText(CLAIM_CODE_VALID_MINUTES)}). Ask an operator for a new one`,
  CLAIM_LOCKED: `Too many wrong codes (${CLAIM_MAX_FAILURES} within ${minutesText(CLAIM_FAILURE_WINDOW_MINUTES)}): claiming is locked for ${minutesText(CLAIM_LOCK_MINUTES)}`,
  INVALID_TIME_ZONE: "Your device reported an unknown time zone",
  GAME_NOT_STARTED: "Open the game first",
  CONTEST_ROUND_NOT_ENDED: "A guess can be contested once its round is over",
  CONTEST_GUESS_NOT_FOUND: "Only a wrong guess of the round that just ended can be contested",
  CONTEST_DAILY_LIMIT: `You can contest at most ${CONTESTS_PER_DAY} guesses a day. Try again tomorrow`,
  CONTEST_NOT_FOUND: "That contest was already answered or is gone",
  CONTEST_TOO_MANY_NAMES: `An anime keeps at most ${ACCEPTED_NAMES_PER_ANIME} accepted names`,
  GUESS_TOO_LONG: `A guess can be at most ${MAX_GUESS_LENGTH} characters: type one title`,
  GUESS_IS_A_LIST: "One title per guess: that looks like a list. Your guess was not used",
  GUESS_TOO_GENERIC:
    "Common words alone never count, even from the title: type a title, or a word only its title has. Your guess was not used",
  INVALID_DAY: "That day is not a date like 2026-11-23",
  ROOM_NOT_FOUND: "There is no room with that code. Check the code or ask for a new link",
  ROOM_FULL: `This room is full (${ROOM_MAX_PLAYERS} players). Ask the host to make another one`,
  ROOM_CLOSED: "This room has finished and closed. Ask the host for a new one",
  NOT_IN_ROOM: "Join the room first",
  NOT_ROOM_HOST: "Only the host can do that",
  ROOM_BAD_SETTINGS: `Pick ${ROOM_ROUND_CHOICES.join(", ")} rounds and ${ROOM_SECONDS_MIN} to ${ROOM_SECONDS_MAX} seconds per round`,
  ROOM_NOT_IN_LOBBY: "The game has already started",
  ROOM_GUESS_TOO_FAST: "One guess per second. Your guess was not used",
  ROOM_CREATE_TOO_FAST: "You just made a room. Wait a few seconds before making another",
  ROOM_JOIN_LOCKED: `Too many wrong room codes (${ROOM_JOIN_MAX_FAILURES} in a minute), so joining by code is paused for a while. Check the code with your friends, or open their link`,
  ROOM_CODES_BUSY:
    "Lots of room codes are being tried right now, so codes are paused for a moment and yours was not checked. Please try again in a minute, or open your friend's link",
  ROOM_REMOVED: "The host removed you from this room. Ask them for another one",
  ROOM_PLAYER_NOT_FOUND: "That player is no longer in the room",
  ROOM_REMOVE_SELF: "You can't remove yourself. Use Leave instead",
  ROOM_NOT_PRIVATE: "This room is open to its code: it has no private link to renew",
  ROOM_POOL_TOO_SMALL:
    "Too few anime are ready to play: today's and tomorrow's Daily hold every one, and no game deals the Daily's anime. The pool is still being filled; check back later",
  ROOM_NOTHING_TO_DEAL:
    "Every anime ready to play is in use in another room of one of the players. Try again in a minute",
} as const;

export type ErrorCode = keyof typeof errorMessages;

export type AppErrorData = { code: ErrorCode; message: string };

export function appError(code: ErrorCode): ConvexError<AppErrorData> {
  return new ConvexError({ code, message: errorMessages[code] });
}

export function isAppErrorData(data: unknown): data is AppErrorData {
  return (
    typeof data === "object" &&
    data !== null &&
    "code" in data &&
    typeof data.code === "string" &&
    Object.hasOwn(errorMessages, data.code)
  );
}

/** The code carried by an error thrown from a Convex function, if it is one of ours. */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof ConvexError && isAppErrorData(error.data) ? error.data.code : null;
}
