import type { ComponentProps, ComponentType } from "react";
import { importWithReload } from "@/lib/lazyWithReload";
import type ConvexSession from "./ConvexSession";

/** Loads the Convex session's chunk (src/app/ConvexSession.tsx). */
export function loadConvexSession() {
  return importWithReload(() => import("./ConvexSession"));
}

/** The session's component, loaded or lazy. */
export type ConvexSessionComponent = ComponentType<ComponentProps<typeof ConvexSession>>;
