import { TOKEN_STORAGE_KEY } from "./protocol";

/** Whether the app has kept a signed-in player's token (src/boot/token.ts) in this browser. */
export function hasStoredToken(): boolean {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false; // storage refused: the app signs in as usual
  }
}
