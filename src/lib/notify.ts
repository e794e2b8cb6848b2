/**
 * Shows a toast from code in the landing chunk without pulling sonner into it: sonner arrives
 * with the root Toaster's lazy chunk, and this import reuses that chunk. The Toaster itself
 * (src/app/providers.tsx) mounts on the first toast: until then no page loads sonner, so it never
 * competes with a page's own code; sonner shows the toasts raised before its Toaster subscribed.
 */
export async function notify(
  kind: "success" | "error",
  message: string,
  /** One toast for this id however often it is raised (a page's effect may run twice). */
  id?: string,
): Promise<void> {
  if (!toastsRaised) {
    toastsRaised = true;
    for (const listener of listeners) listener();
  }
  const { toast } = await import("sonner");
  toast[kind](message, id === undefined ? undefined : { id });
}

let toastsRaised = false;
const listeners = new Set<() => void>();

/** For `useSyncExternalStore`: whether any toast has been raised yet in this tab. */
export const toastsRaisedStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): boolean => toastsRaised,
  getServerSnapshot: (): boolean => false,
};
