import { useEffect } from "react";
import { useAuthDialog } from "@/lib/auth/authDialog";
import { useViewer, type ViewerState } from "@/lib/auth/viewer";

/**
 * Who is viewing a page meant for signed-in players; a visitor gets the login dialog at once, or
 * with `welcome` the way in for a newcomer (Sign Up on a device nobody has signed in on: the game,
 * where "Play Now" and the QR code lead). `openLogin` is for the page's own Login button.
 * `prompt: false` holds the dialog back (a page whose player is leaving on purpose).
 */
export function useViewerOrLogin({
  prompt = true,
  welcome = false,
}: { prompt?: boolean; welcome?: boolean } = {}): {
  viewer: ViewerState;
  openLogin: () => void;
} {
  const viewer = useViewer();
  const { openLogin, openWelcome } = useAuthDialog();
  const signedOut = viewer.status === "signedOut";
  const open = welcome ? openWelcome : openLogin;

  useEffect(() => {
    if (signedOut && prompt) open();
  }, [signedOut, prompt, open]);

  return { viewer, openLogin };
}
