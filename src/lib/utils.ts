import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its tables on its first call, a long step on a slow phone: called in a
 * task of its own before the first render, it keeps that step out of the render's.
 */
export function prepareClassMerging() {
  twMerge("p-0");
}
