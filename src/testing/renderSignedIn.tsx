import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { App } from "@/app/App";
import { routes } from "@/app/routes";
import { ann, createAccount, type Credentials } from "./accounts";
import { ConvexTestClient } from "./ConvexTestClient";
import { InProcessBackend } from "./inProcessBackend";

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
  }: {
    backend?: InProcessBackend;
    player?: Credentials;
    /** Runs with the new account's token before the app renders (what the page's HTML does). */
    beforeRender?: (token: string) => Promise<void>;
  } = {},
) {
  const tokens = await createAccount(backend, player);
  await beforeRender?.(tokens.token);
  const address = `http://convex-test-signed-in-${++signedInClients}.local`;
  const namespace = address.replace(/[^a-zA-Z0-9]/g, "");
  localStorage.setItem(`__convexAuthJWT_${namespace}`, tokens.token);
  localStorage.setItem(`__convexAuthRefreshToken_${namespace}`, tokens.refreshToken);

  const client = new ConvexTestClient(backend, address);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(<App client={client.asReactClient()} router={router} />);
  return { ...view, backend, client, router, user, player };
}
