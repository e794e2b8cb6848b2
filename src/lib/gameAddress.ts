/** The game's public address: the build's VITE_PUBLIC_URL, else where this page is served. */
export function gameAddress(): string {
  return import.meta.env.VITE_PUBLIC_URL || window.location.origin;
}
