import { useConvexAuth, useQueries, type RequestForQueries } from "convex/react";
import { useMemo } from "react";
import { api } from "@convex/_generated/api";
import type { Profile } from "@convex/model/accounts/users";
import type { ViewerState } from "@/lib/auth/viewer";

/**
 * Who is using the app, from Convex Auth and the player's profile; read through `useViewer`
 * (src/app/ConvexSession.tsx provides it). While Convex Auth or the profile loads: "loading".
 * A profile that fails to load, or a session whose account is gone, counts as signed out.
 */
export function useViewerFromConvex(): ViewerState {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const queries = useMemo((): RequestForQueries => {
    const signedIn: RequestForQueries = { viewer: { query: api.users.viewer, args: {} } };
    return isAuthenticated ? signedIn : {};
  }, [isAuthenticated]);
  const result = useQueries(queries) as { viewer?: Profile | null | Error };

  if (isLoading) return { status: "loading" };
  if (!isAuthenticated || result.viewer instanceof Error || result.viewer === null) {
    return { status: "signedOut" };
  }
  if (result.viewer === undefined) return { status: "loading" };
  return { status: "signedIn", viewer: result.viewer };
}
