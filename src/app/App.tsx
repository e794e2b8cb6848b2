import type { ConvexReactClient } from "convex/react";
import { useEffect, type ComponentProps } from "react";
import { RouterProvider } from "react-router-dom";
import { trackNavigation } from "@/lib/lazyWithReload";
import { Providers } from "./providers";

export type AppRouter = ComponentProps<typeof RouterProvider>["router"];

/**
 * The whole app. The Convex client and the router come from outside: the browser passes a real
 * client and a browser router (main.tsx), tests pass a test client and a memory router.
 */
export function App({ client, router }: { client: ConvexReactClient; router: AppRouter }) {
  useEffect(() => trackNavigation(router), [router]);
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
