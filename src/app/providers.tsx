import type { ConvexReactClient } from "convex/react";
import { Suspense, useSyncExternalStore, type ReactNode } from "react";
import { AuthDialogProvider } from "@/features/auth/AuthDialogProvider";
import { lazyWithReload } from "@/lib/lazyWithReload";
import { toastsRaisedStore } from "@/lib/notify";
import { loadConvexSession, type ConvexSessionComponent } from "./convexSessionChunk";

/** The Convex client, or its promise: the browser creates it once its chunk has loaded. */
export type ClientSource = ConvexReactClient | Promise<ConvexReactClient>;

// Convex (its client, Convex Auth, the viewer) comes in a chunk of its own, so that the landing
// page's first chunk carries none of it. While it loads, this boundary keeps what is on screen:
// on "/" the prerendered page, which React hydrates once the chunk is there (src/main.tsx).
const LazyConvexSession = lazyWithReload(loadConvexSession);

// Sonner loads in its own chunk once the first toast is raised (src/lib/notify.ts); toasts raised
// before its Toaster mounts are replayed by sonner when the Toaster subscribes.
const Toaster = lazyWithReload(async () => {
  const { Toaster } = await import("@/components/ui/sonner");
  return { default: Toaster };
});

/** Everything the pages rely on: Convex with Convex Auth, the account dialogs, the toaster. */
export function Providers({
  client,
  session: ConvexSession = LazyConvexSession,
  visitor,
  onReady,
  afterSignUp,
  children,
}: {
  client: ClientSource;
  /**
   * The session's component when its chunk is already loaded (src/main.tsx, on every page but
   * "/"): it then mounts at once instead of suspending. A boundary that showed its fallback
   * reveals its content no sooner than 300 ms later (React's throttle), which delayed those
   * pages' first data by as much.
   */
  session?: ConvexSessionComponent;
  /**
   * The page is a visitor's (no stored session): signed out from the first render on, as the
   * landing page is prerendered, rather than loading until Convex Auth has read its storage.
   */
  visitor?: boolean;
  /** Called once the pages are on screen with Convex (after hydration, on "/"). */
  onReady?: () => void;
  /** What follows a successful sign-up (src/app/App.tsx). */
  afterSignUp?: (next?: string) => void;
  children: ReactNode;
}) {
  const toastsRaised = useSyncExternalStore(
    toastsRaisedStore.subscribe,
    toastsRaisedStore.getSnapshot,
    toastsRaisedStore.getServerSnapshot,
  );
  return (
    <>
      <Suspense fallback={null}>
        <ConvexSession client={client} visitor={visitor} onReady={onReady}>
          <AuthDialogProvider afterSignUp={afterSignUp}>{children}</AuthDialogProvider>
        </ConvexSession>
      </Suspense>
      {toastsRaised && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
