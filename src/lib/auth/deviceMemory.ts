/**
 * Whether someone has signed in on this device before: a first visit's "Start Playing" opens
 * Sign Up, a returning player's opens Login. Kept apart from Convex Auth's tokens, which signing
 * out removes; forgotten when the account is deleted.
 */
import { SIGNED_IN_HERE_STORAGE_KEY as KEY } from "@/boot/protocol";

export function hasSignedInHere(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    // Storage blocked (a privacy mode): treat the visitor as new, which costs one click at most.
    return false;
  }
}

export function rememberSignedInHere() {
  try {
    localStorage.setItem(KEY, "1");
  } catch {
    // Nothing to remember it in; see hasSignedInHere.
  }
}

export function forgetSignedInHere() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
