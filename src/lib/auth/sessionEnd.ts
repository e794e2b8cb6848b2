/**
 * A session can end while this tab still holds its access token (up to an hour): a password
 * changed or reset on another device, a sign-out there, the account deleted. The server then
 * answers this tab as a visitor, and `useSignOutEndedSession` (src/app/ConvexSession.tsx) signs
 * it out and says why. A sign-out this tab asked for itself (Logout, deleting the account) ends
 * the session the same way a moment before its tokens are cleared: marked here, it is not
 * announced as if it came from elsewhere.
 */
let endingHere = false;

export function endingSessionHere(): void {
  endingHere = true;
}

/** Whether this tab ended its session itself; asking clears the mark. */
export function sessionEndedHere(): boolean {
  const was = endingHere;
  endingHere = false;
  return was;
}
