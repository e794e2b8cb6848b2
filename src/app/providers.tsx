import { ConvexAuthProvider } from "@convex-dev/auth/react";
import type { ConvexReactClient } from "convex/react";
import { Suspense, type ReactNode } from "react";
import { AuthDialogProvider } from "@/features/auth/AuthDialogProvider";
import { lazyWithReload } from "@/lib/lazyWithReload";

// Sonner loads in its own chunk after the first paint; toasts raised before it mounts are
// replayed by sonner when its Toaster subscribes.
const Toaster = lazyWithReload(async () => {
  const { Toaster } = await import("@/components/ui/sonner");
  return { default: Toaster };
});

/** Everything the pages rely on: Convex with Convex Auth, the account dialogs, the toaster. */
export function Providers({
  client,
  children,
}: {
  client: ConvexReactClient;
  children: ReactNode;
}) {
  return (
    <ConvexAuthProvider client={client}>
      <AuthDialogProvider>{children}</AuthDialogProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ConvexAuthProvider>
  );
}
