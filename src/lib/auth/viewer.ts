import { createContext, useContext } from "react";
import type { Profile } from "@convex/model/accounts/users";

export type ViewerState =
  { status: "loading" } | { status: "signedIn"; viewer: Profile } | { status: "signedOut" };

/**
 * Who is using the app, from the Convex session (src/app/ConvexSession.tsx, which computes it once
 * for the whole app). Until that session's code has loaded: "loading" (the landing page waits for
 * it before hydrating). Kept free of Convex imports, so that the landing page's first chunk needs
 * none.
 */
export const ViewerContext = createContext<ViewerState>({ status: "loading" });

export function useViewer(): ViewerState {
  return useContext(ViewerContext);
}
