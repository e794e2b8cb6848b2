import { useConvexAuth, useMutation, useQueries, type RequestForQueries } from "convex/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "@convex/_generated/api";
import type { Profile } from "@convex/model/users";
import type { ViewerState } from "@/lib/auth/viewer";

/**
 * Who is using the app, from Convex Auth and the player's profile; read through `useViewer`
 * (src/app/ConvexSession.tsx provides it). While Convex Auth or the profile loads: "loading".
 * A profile that fails to load counts as signed out (spec §4 Session); an
 * account without a profile yet gets one made, then shows as signed in.
 */
export function useViewerFromConvex(): ViewerState {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const queries = useMemo((): RequestForQueries => {
    const signedIn: RequestForQueries = { viewer: { query: api.users.viewer, args: {} } };
    return isAuthenticated ? signedIn : {};
  }, [isAuthenticated]);
  const result = useQueries(queries) as { viewer?: Profile | null | Error };
  const ensureProfile = useMutation(api.users.ensureProfile);
  const askedForProfile = useRef(false);
  const [profileFailed, setProfileFailed] = useState(false);
  const needsProfile = isAuthenticated && result.viewer === null;

  useEffect(() => {
    if (!needsProfile || askedForProfile.current) return;
    askedForProfile.current = true;
    ensureProfile().catch((error: unknown) => {
      console.error("Could not create the player profile", error);
      setProfileFailed(true);
    });
  }, [needsProfile, ensureProfile]);

  if (isLoading) return { status: "loading" };
  if (!isAuthenticated || result.viewer instanceof Error) return { status: "signedOut" };
  if (result.viewer === undefined) return { status: "loading" };
  if (result.viewer === null)
    return profileFailed ? { status: "signedOut" } : { status: "loading" };
  return { status: "signedIn", viewer: result.viewer };
}
