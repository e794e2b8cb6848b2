import { useAuthToken } from "@convex-dev/auth/react";
import { useConvexAuth } from "convex/react";
import { useEffect } from "react";
import { TOKEN_STORAGE_KEY } from "./protocol";

/**
 * Keeps the signed-in player's token under the app's own key for the boot's game:open call
 * (game.ts), and removes it on sign-out. Convex Auth's `useAuthToken` is its documented way to
 * authenticate calls over HTTP; its own storage keys are its business (a custom
 * `storageNamespace` would only rename their suffix, and sign every stored session out once).
 */
export function useTokenForBoot(): void {
  const token = useAuthToken();
  const { isLoading } = useConvexAuth();
  useEffect(() => {
    if (isLoading) return;
    try {
      if (token === null) localStorage.removeItem(TOKEN_STORAGE_KEY);
      else localStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // Storage refused: the boot's call is skipped, and the app opens the game itself.
    }
  }, [token, isLoading]);
}
