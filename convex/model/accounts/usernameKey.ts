import unhomoglyph from "unhomoglyph";
import { RESERVED_USERNAMES } from "../shared/accountRules";
import { usernameProblem } from "../shared/accounts";
import type { ErrorCode } from "../shared/errors";

/*
 * Server-side only: the confusables table (about 100 kB) stays out of the client's bundle. The
 * client checks the name's shape (`usernameProblem`); the server adds the reserved names and the
 * look-alikes, and its error code reaches the form.
 */

/**
 * UTS #39's skeleton: NFD, every character replaced by its prototype in Unicode's confusables.txt
 * (the `unhomoglyph` package's copy of it: Cyrillic у → y, I → l, 0 → O, m → rn, fullwidth A → A),
 * NFD again. Two strings that look alike have the same skeleton.
 */
export function confusableSkeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD")).normalize("NFD");
}

const ASCII_LOOKALIKES: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  i: "l",
};

/**
 * The look-alikes among lower-case letters and digits that the skeleton leaves apart. It merges
 * 0 with O and 1 with l, but not 4dmin with admin or 5taff with staff, the digits people write
 * for letters. And i must meet l: names are taken whatever their case, so I is i, and I looks
 * exactly like l (the skeleton says so: AIice is Alice), so i, I, l and 1 are one letter here.
 * The price is a few honest names counted as taken ("Eli" beside "Ell"); the other way, an
 * impostor's AIice sits beside alice.
 */
export function foldAsciiLookalikes(lowerCase: string): string {
  return lowerCase.replace(/[0134578i]/g, (character) => ASCII_LOOKALIKES[character]);
}

/** Characters a name's key ignores: the separators, and the invisible ones UTS #39 drops. */
const IGNORED = /[\s_.\-\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The key two names share when a player could take one for the other: the confusable skeleton,
 * lower-cased, with digits read as the letters they stand for and the separators gone. A new name
 * whose key an account already holds is taken. Repeated until it settles, because each step can
 * hand the next something new (Cyrillic М → M → m → rn); it settles in two or three rounds.
 * It starts from NFKC, which folds the compatibility forms (fullwidth ＤＭ, ligatures) that
 * confusables.txt leaves to it. The key is for comparing, never for showing: "Anime_Guess" keys
 * as "anlrneguess".
 */
export function usernameKey(username: string): string {
  let key = username.normalize("NFKC");
  for (let round = 0; round < 5; round++) {
    const next = foldAsciiLookalikes(confusableSkeleton(key).toLowerCase()).replace(IGNORED, "");
    if (next === key) break;
    key = next;
  }
  return key;
}

const RESERVED_KEYS = new Set(RESERVED_USERNAMES.map(usernameKey));

/** Digits and separators after a name: "Admin2" and "system_01" are the reserved names too. */
const NUMBERED = /[\d_.-]+$/;

/** Whether the name, or a look-alike of it, is one of the names nobody may take. */
export function isReservedUsername(username: string): boolean {
  return (
    RESERVED_KEYS.has(usernameKey(username)) ||
    RESERVED_KEYS.has(usernameKey(username.trim().replace(NUMBERED, "")))
  );
}

/**
 * The first rule a wanted username breaks, on the server: the form's rule (its shape), then the
 * reserved names. Whether it is taken needs the database (`createPlayer`, `changeUsername`).
 */
export function usernameRefusal(username: string): ErrorCode | null {
  return usernameProblem(username) ?? (isReservedUsername(username) ? "USERNAME_RESERVED" : null);
}
