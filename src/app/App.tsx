import { useCallback, useEffect, useLayoutEffect, useState, type ComponentProps } from "react";
import { RouterProvider } from "react-router-dom";
import { trackNavigation } from "@/lib/lazyWithReload";
import type { ConvexSessionComponent } from "./convexSessionChunk";
import { Providers, type ClientSource } from "./providers";

export type AppRouter = ComponentProps<typeof RouterProvider>["router"];

/**
 * The whole app. The Convex client and the router come from outside: the browser passes the
 * promise of a real client and a browser router (main.tsx), tests pass a test client and a memory
 * router, and `session` when the Convex session's chunk is already loaded. `visitor`: the page is
 * a visitor's, signed out from the start (src/app/providers.tsx). `onReady` runs once the pages
 * are on screen with Convex.
 */
export function App({
  client,
  router,
  session,
  visitor,
  onReady,
}: {
  client: ClientSource;
  router: AppRouter;
  session?: ConvexSessionComponent;
  visitor?: boolean;
  onReady?: () => void;
}) {
  useEffect(() => trackNavigation(router), [router]);
  // A new player signing up on the landing page came to play: straight to the game. Elsewhere
  // (a room's invitation, the stats page) the page they were on is the one that asked.
  const afterSignUp = useCallback(
    (next = "/game") => {
      if (router.state.location.pathname === "/") void router.navigate(next);
    },
    [router],
  );
  return (
    <Providers
      client={client}
      session={session}
      visitor={visitor}
      onReady={onReady}
      afterSignUp={afterSignUp}
    >
      <Router router={router} />
    </Providers>
  );
}

/**
 * RouterProvider reads the router's state as it renders and subscribes to it only in a layout
 * effect. Under the Convex session's boundary its first render can wait and resume (a concurrent
 * render): a change in between, such as the first page's code arriving, would be missed and the
 * loading screen would stay. When the state moved on since this render, it is mounted again.
 */
function Router({ router }: { router: AppRouter }) {
  const rendered = router.state;
  const [mounts, setMounts] = useState(0);
  useLayoutEffect(() => {
    // Catching up with an outside store that changed while React was not listening.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (movedOn(rendered, router.state)) setMounts((count) => count + 1);
  }, [router, rendered]);
  return <RouterProvider key={mounts} router={router} />;
}

type RouterState = AppRouter["state"];

/**
 * Where to scroll, which ScrollRestoration sets in its own layout effect (before the provider
 * subscribes) on any load after a page has saved positions: nothing the provider renders. Mounting
 * the pages again for it would start them twice (/game would open the visit twice and lose the
 * round its HTML painted).
 */
const SCROLL_ONLY = new Set<string>(["restoreScrollPosition", "preventScrollReset"]);

function movedOn(rendered: RouterState, now: RouterState): boolean {
  return (Object.keys(now) as (keyof RouterState)[]).some(
    (key) => !SCROLL_ONLY.has(key) && now[key] !== rendered[key],
  );
}
