import { importWithReload } from "@/lib/lazyWithReload";

/** The top bar's signed-in controls: they use Convex, so they stay out of the landing's chunk. */
export const loadSignedInActions = () => importWithReload(() => import("./SignedInActions"));
