import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { App } from "@/app/App";
import { routes } from "@/app/routes";
import { ann, signUp, type Credentials } from "../world";
import { ConvexTestClient } from "./ConvexTestClient";
import { InProcessBackend } from "./inProcessBackend";

function renderWith(
  client: ConvexTestClient,
  backend: InProcessBackend,
  path: string,
  visitor = false,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App client={client.asReactClient()} router={router} visitor={visitor} />);
  return { ...view, backend, client, router, user };
}

/**
 * Renders the whole app at `path` on a fresh convex-test backend running the
 * project's real Convex functions. Pass `backend` to put several players on
 * one database; `visitor` to render it as the browser renders a page without a stored session
 * (src/main.tsx): signed out from the start.
 */
export function renderApp(path = "/", { backend = new InProcessBackend(), visitor = false } = {}) {
  return renderWith(new ConvexTestClient(backend), backend, path, visitor);
}

let signedInClients = 0;

/**
 * Renders the whole app at `path` with `player` already signed in: a new account's tokens are
 * put where Convex Auth's provider looks for them (its storage, namespaced by the client's
 * address), as a returning player's browser would have them.
 */
export async function renderSignedIn(
  path: string,
  {
    backend = new InProcessBackend(),
    player = ann,
    beforeRender,
    visitor = false,
  }: {
    backend?: InProcessBackend;
    player?: Credentials;
    /** Rendered as a visitor's page (no stored token for the boot): the session is found after all. */
    visitor?: boolean;
    /** Runs with the new account's token before the app renders (what the page's HTML does). */
    beforeRender?: (token: string) => Promise<void>;
  } = {},
) {
  const { tokens } = await signUp(backend, player);
  await beforeRender?.(tokens.token);
  const address = `http://convex-test-signed-in-${++signedInClients}.local`;
  const namespace = address.replace(/[^a-zA-Z0-9]/g, "");
  localStorage.setItem(`__convexAuthJWT_${namespace}`, tokens.token);
  localStorage.setItem(`__convexAuthRefreshToken_${namespace}`, tokens.refreshToken);
  return {
    ...renderWith(new ConvexTestClient(backend, address), backend, path, visitor),
    player,
  };
}
