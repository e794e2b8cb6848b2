import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { App } from "@/app/App";
import { routes } from "@/app/routes";
import { ConvexTestClient } from "./ConvexTestClient";
import { InProcessBackend } from "./inProcessBackend";

/**
 * Renders the whole app at `path` on a fresh convex-test backend running the
 * project's real Convex functions. Pass `backend` to put several players on
 * one database.
 */
export function renderApp(path = "/", { backend = new InProcessBackend() } = {}) {
  const client = new ConvexTestClient(backend);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App client={client.asReactClient()} router={router} />);
  return { ...view, backend, client, router, user };
}
