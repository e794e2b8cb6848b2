import { Outlet, ScrollRestoration } from "react-router-dom";
import { TopBar } from "./TopBar";

/** Every page: the top bar above the route's content. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
