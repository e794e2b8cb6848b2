import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export type Player = { email: string; username: string; password: string };

const E2E = "/__convex_test";

let playerCount = 0;

/** A fresh, unique player's credentials. */
export function newPlayer(name = "player"): Player {
  playerCount += 1;
  const username = `${name}${playerCount}`.slice(0, 20);
  return { email: `${username}@example.com`, username, password: "secret123" };
}

/** The e2e backend in the preview server: reset, seed, act as a player, move the clock. */
export class TestBackend {
  constructor(private readonly request: APIRequestContext) {}

  private async control<T>(route: string, body: unknown = {}): Promise<T> {
    const response = await this.request.post(`${E2E}/control/${route}`, { data: body });
    const json = (await response.json()) as { value?: T; error?: string };
    if (!response.ok()) throw new Error(`e2e ${route} failed: ${json.error}`);
    return json.value as T;
  }

  reset() {
    return this.control<null>("reset");
  }

  seed(table: string, documents: Record<string, unknown>[]) {
    return this.control<string[]>("seed", { table, documents });
  }

  patchUser(email: string, fields: Record<string, unknown>) {
    return this.control<null>("patch-user", { email, fields });
  }

  makeAdmin(email: string) {
    return this.patchUser(email, { isAdmin: true });
  }

  makeBetaTester(email: string) {
    return this.patchUser(email, { isBetaTester: true, betaJoinDate: Date.now() });
  }

  /** Runs any function, internal ones included, as the player with `email` (or nobody). */
  run<T>(kind: "query" | "mutation" | "action", path: string, args = {}, email?: string) {
    return this.control<T>("run", { kind, path, args, email });
  }

  advanceClock(ms: number) {
    return this.control<{ now: number }>("clock", { advanceMs: ms });
  }

  /** Creates an account through Convex Auth's real sign-up, and returns its session tokens. */
  async createAccount(player: Player): Promise<{ token: string; refreshToken: string }> {
    const response = await this.request.post(`${E2E}/api/action`, {
      data: {
        path: "auth:signIn",
        format: "convex_encoded_json",
        args: [{ provider: "password", params: { flow: "signUp", ...player } }],
      },
    });
    const result = (await response.json()) as {
      status: string;
      value?: { tokens: { token: string; refreshToken: string } };
      errorMessage?: string;
    };
    if (result.status !== "success") throw new Error(`sign-up failed: ${result.errorMessage}`);
    return result.value!.tokens;
  }

  /** Signs `page` in as a new account before it loads the app: a player in one line. */
  async signIn(page: Page, player: Player = newPlayer()): Promise<Player> {
    const tokens = await this.createAccount(player);
    await page.addInitScript(
      ({ token, refreshToken, base }) => {
        // Once per tab: a later reload must not undo a logout.
        if (window.sessionStorage.getItem("e2e-signed-in")) return;
        window.sessionStorage.setItem("e2e-signed-in", "1");
        const namespace = `${window.location.origin}${base}`.replace(/[^a-zA-Z0-9]/g, "");
        window.localStorage.setItem(`__convexAuthJWT_${namespace}`, token);
        window.localStorage.setItem(`__convexAuthRefreshToken_${namespace}`, refreshToken);
      },
      { ...tokens, base: E2E },
    );
    return player;
  }
}

export const test = base.extend<{ backend: TestBackend }>({
  backend: async ({ request }, use) => {
    const backend = new TestBackend(request);
    await backend.reset();
    await use(backend);
  },
});

export { expect };

/** Saves a screenshot as a test artifact at desktop (1280×800) and mobile (390×844) sizes. */
export async function screenshots(page: Page, name: string) {
  for (const [label, size] of [
    ["desktop", { width: 1280, height: 800 }],
    ["mobile", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150); // let layout and dialog animations settle
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
