import { importWithReload } from "@/lib/lazyWithReload";

/** react-confetti's chunk; prefetched when a guess goes out, so it is there if the guess is right. */
export const loadConfetti = () => importWithReload(() => import("react-confetti"));
