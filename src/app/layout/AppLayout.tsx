import { Outlet, ScrollRestoration } from "react-router-dom";
import { SkipLink } from "./SkipLink";
import { TopBar } from "./TopBar";

/** Every page: the top bar above the route's content (and before it, the route's skip link). */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
