import { ConvexReactClient } from "convex/react";

/** The production Convex client; src/main.tsx imports this lazily (see src/app/providers.tsx). */
export function createConvexClient(): ConvexReactClient {
  return new ConvexReactClient(import.meta.env.VITE_CONVEX_URL);
}
