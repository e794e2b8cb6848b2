import { useEffect } from "react";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { useViewer, type ViewerState } from "@/lib/auth/viewer";

/**
 * Who is viewing a page meant for signed-in players; a visitor gets the login dialog at once.
 * `openLogin` is for the page's own Login button.
 */
export function useViewerOrLogin(): { viewer: ViewerState; openLogin: () => void } {
  const viewer = useViewer();
  const { openLogin } = useAuthDialog();
  const signedOut = viewer.status === "signedOut";

  useEffect(() => {
    if (signedOut) openLogin();
  }, [signedOut, openLogin]);

  return { viewer, openLogin };
}
