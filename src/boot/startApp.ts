import { APP_SCRIPT_ID, BOOT_DATA_ID, type BootData } from "./protocol";

/** The data the build writes beside the root (scripts/prerender). */
export function readBootData(): BootData {
  return JSON.parse(document.getElementById(BOOT_DATA_ID)?.textContent ?? "null") as BootData;
}

/** The path inside the app's base: "/game" for "/game/" under base "/". */
export function appPath(): string {
  const base = import.meta.env.BASE_URL;
  return "/" + location.pathname.slice(base.length).replace(/[/]+$/, "");
}

/**
 * The route `path` is on, among the build's routes: itself ("/game"), or the one whose `:name`
 * segments stand for its own ("/room/:code" for "/room/K7QM2X", a room's link).
 */
export function routeOf(path: string, routes: string[]): string | undefined {
  if (routes.includes(path)) return path;
  const segments = path.split("/");
  return routes.find((route) => {
    const parts = route.split("/");
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part === segments[i] || (part.startsWith(":") && segments[i] !== ""))
    );
  });
}

/** What a page other than the landing page needs beside the entry: Convex's session, its route. */
export function pageChunks(data: BootData): string[] {
  const route = routeOf(appPath(), Object.keys(data.routes));
  return [...data.session, ...(route === undefined ? [] : data.routes[route])];
}

function preload(href: string) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
}

/**
 * Starts the app's main script, once whoever calls first (the boot's scripts may each), with
 * everything the page needs preloaded beside it: the main script first (the largest download, so
 * it waits for no connection), then its imports and `more`.
 */
export function startApp(data: BootData, more: string[]): void {
  if (document.getElementById(APP_SCRIPT_ID) !== null) return;
  const script = document.createElement("script");
  script.id = APP_SCRIPT_ID;
  script.type = "module";
  script.crossOrigin = "";
  script.src = data.entry;
  document.head.append(script);
  for (const href of [...data.entryImports, ...more]) preload(href);
}
