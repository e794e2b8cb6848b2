import { ConvexAuthProvider, useAuthActions } from "@convex-dev/auth/react";
import { useConvexAuth, type ConvexReactClient } from "convex/react";
import { errorMessages } from "@convex/model/shared/errors";
import { use, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTokenForBoot } from "@/boot/token";
import { ViewerContext, type ViewerState } from "@/lib/auth/viewer";
import { useViewerFromConvex } from "@/lib/auth/useViewerFromConvex";
import { rememberSignedInHere } from "@/lib/auth/deviceMemory";
import { sessionEndedHere } from "@/lib/auth/sessionEnd";
import { notify } from "@/lib/notify";
import { prefetch } from "@/lib/lazyWithReload";
import { loadSignedInActions } from "@/app/layout/loadSignedInActions";

/**
 * Convex, Convex Auth and who the viewer is: the part of the providers that needs the Convex
 * client's code, in a chunk of its own (src/app/providers.tsx loads it lazily). On "/", React
 * hydrates the prerendered landing page once this has arrived; until then the page stays as the
 * HTML painted it.
 */
export default function ConvexSession({
  client,
  visitor = false,
  onReady,
  children,
}: {
  client: ConvexReactClient | Promise<ConvexReactClient>;
  visitor?: boolean;
  onReady?: () => void;
  children: ReactNode;
}) {
  const resolved = client instanceof Promise ? use(client) : client;
  return (
    <ConvexAuthProvider client={resolved}>
      <ViewerProvider visitor={visitor} onReady={onReady}>
        {children}
      </ViewerProvider>
    </ConvexAuthProvider>
  );
}

function ViewerProvider({
  visitor,
  onReady,
  children,
}: {
  visitor: boolean;
  onReady?: () => void;
  children: ReactNode;
}) {
  const fromConvex = useViewerFromConvex();
  const state = useVisitorFirst(fromConvex, visitor);
  useTokenForBoot();
  // Convex's own answer: a visitor's page shows "signed out" while a stored session still loads.
  useSignOutEndedSession(fromConvex);
  const profile = state.status === "signedIn" ? state.viewer : null;
  // One object per state, so the pages re-render when who the viewer is changes, not otherwise.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const viewer = useMemo((): ViewerState => state, [state.status, profile]);

  // Runs once this tree is on screen (hydrated, on "/"): main.tsx replays an early click then.
  const ready = useRef(onReady);
  useLayoutEffect(() => ready.current?.(), []);

  // The top bar's signed-in controls come in a chunk of their own: fetch it as soon as needed.
  useEffect(() => {
    if (viewer.status === "signedIn") {
      prefetch(loadSignedInActions);
      rememberSignedInHere();
    }
  }, [viewer.status]);

  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

/**
 * A token the server no longer answers as signed in (its session ended elsewhere: a password
 * changed or reset, a sign-out, the account deleted; src/lib/auth/sessionEnd.ts): its tokens are
 * cleared, so the tab is signed out for good rather than shown as a visitor while it holds them,
 * and the player is told why.
 */
function useSignOutEndedSession(state: ViewerState) {
  const { isAuthenticated } = useConvexAuth();
  const { signOut } = useAuthActions();
  const ended = isAuthenticated && state.status === "signedOut";
  useEffect(() => {
    if (!ended) return;
    if (!sessionEndedHere()) void notify("error", errorMessages.SESSION_ENDED);
    void signOut().catch(() => undefined);
  }, [ended, signOut]);
}

/**
 * For a visitor's page (no stored session, src/main.tsx; and the build's prerender of "/"), the
 * viewer is signed out from the first render on rather than loading while Convex Auth reads its
 * storage: the prerendered landing page shows the visitor's controls, and React hydrates it with
 * the same. Once Convex Auth has answered, its answer alone counts (a session found after all shows
 * as it loads; a sign-in later loads as usual).
 */
function useVisitorFirst(state: ViewerState, visitor: boolean): ViewerState {
  const [answered, setAnswered] = useState(state.status !== "loading");
  if (!answered && state.status !== "loading") setAnswered(true);
  return visitor && !answered ? SIGNED_OUT : state;
}

const SIGNED_OUT: ViewerState = { status: "signedOut" };
