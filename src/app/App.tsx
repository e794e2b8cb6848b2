import { useEffect, type ComponentProps } from "react";
import { RouterProvider } from "react-router-dom";
import { trackNavigation } from "@/lib/lazyWithReload";
import { Providers, type ClientSource } from "./providers";

export type AppRouter = ComponentProps<typeof RouterProvider>["router"];

/**
 * The whole app. The Convex client and the router come from outside: the browser passes the
 * promise of a real client and a browser router (main.tsx), tests pass a test client and a memory
 * router. `onReady` runs once the pages are on screen with Convex.
 */
export function App({
  client,
  router,
  onReady,
}: {
  client: ClientSource;
  router: AppRouter;
  onReady?: () => void;
}) {
  useEffect(() => trackNavigation(router), [router]);
  return (
    <Providers client={client} onReady={onReady}>
      <RouterProvider router={router} />
    </Providers>
  );
}
