import { importWithReload } from "@/lib/lazyWithReload";

/** The dialogs' chunk; also called on hover or focus of a Login button so it opens at once. */
export const loadAuthDialogs = () => importWithReload(() => import("./AuthDialogs"));
