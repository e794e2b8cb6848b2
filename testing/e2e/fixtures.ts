import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { TOKEN_STORAGE_KEY } from "../../src/boot/protocol";
import { testAnime } from "../fixtures/anime";
import type { AniListState } from "./protocol";

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
export class ServerControl {
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

  /**
   * How AniList and its image host answer the catalogue refresh (an empty pool starts one): "down"
   * (every test starts so), "held" (waiting until told otherwise) or "up" (a first page of 3
   * anime of the offline sample, and generated covers).
   */
  aniList(state: Partial<AniListState>) {
    return this.control<null>("anilist", state);
  }

  /** The last password-reset code the server "sent" to `email` (the offline preview prints it). */
  resetCode(email: string) {
    return this.control<string | null>("reset-code", { email });
  }

  /** The last reset e-mail's link to `email`, as the offline preview prints it. */
  resetLink(email: string) {
    return this.control<string | null>("reset-link", { email });
  }

  advanceClock(ms: number) {
    return this.control<{ now: number }>("clock", { advanceMs: ms });
  }

  /**
   * Fills the anime pool with `count` anime, "Test Show 1" to "Test Show N". Every one also
   * accepts the answer "Test Show", so a test can guess right without knowing which was dealt;
   * each clue starts with "File n." so a test can tell which one is on screen. The test server
   * gives each its generated cover images (testing/fixtures/covers.ts); nothing fetches `coverImage`.
   */
  seedAnimePool(count: number) {
    const palette = ["#e4a15d", "#5d8be4", "#4fbf8f", "#d65d8b", "#9b6ae4", "#e4d35d"];
    return this.seed(
      "anime",
      Array.from({ length: count }, (_, i) => {
        const n = i + 1;
        return testAnime(n, {
          english: `Test Show ${n}`,
          romaji: `Tesuto Shou ${n}`,
          clue:
            `File ${n}. Someone leaves a quiet village to find a lost friend, and learns that ` +
            `the road remembers everyone who walked it.\nGenres: Adventure, Drama`,
          answers: [`Test Show ${n}`, `Tesuto Shou ${n}`, "Test Show"],
          genres: ["Adventure", "Drama"],
          coverColor: palette[i % palette.length],
          randomRank: (i + 0.5) / count,
        });
      }),
    );
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
      ({ token, refreshToken, base, bootKey }) => {
        // Once per tab: a later reload must not undo a logout.
        if (window.sessionStorage.getItem("e2e-signed-in")) return;
        window.sessionStorage.setItem("e2e-signed-in", "1");
        const namespace = `${window.location.origin}${base}`.replace(/[^a-zA-Z0-9]/g, "");
        window.localStorage.setItem(`__convexAuthJWT_${namespace}`, token);
        window.localStorage.setItem(`__convexAuthRefreshToken_${namespace}`, refreshToken);
        // The app keeps the token for the boot too, as a signed-in tab leaves it (src/boot/token.ts).
        window.localStorage.setItem(bootKey, token);
      },
      { ...tokens, base: E2E, bootKey: TOKEN_STORAGE_KEY },
    );
    return player;
  }
}

export const test = base.extend<{ backend: ServerControl }>({
  backend: async ({ request }, use) => {
    const backend = new ServerControl(request);
    await backend.reset();
    await use(backend);
  },
});

export { expect };

/** Where screenshots go: the test artifacts, or the folder SCREENS_DIR names (to look at them). */
export const SCREENS_DIR = process.env.SCREENS_DIR ?? "test-results/screenshots";

/**
 * Saves a screenshot at desktop (1280×800) and mobile (390×844) sizes, and with `narrow` at the
 * narrowest phone the app supports (320×640); `fullPage`: all of it.
 */
export async function screenshots(
  page: Page,
  name: string,
  { fullPage = false, narrow = false } = {},
) {
  const sizes = [
    ["desktop", { width: 1280, height: 800 }],
    ["mobile", { width: 390, height: 844 }],
    ...(narrow ? ([["narrow", { width: 320, height: 640 }]] as const) : []),
  ] as const;
  for (const [label, size] of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(100); // let the layout follow the new size
    await settleAnimations(page);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${label}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Holds the app's cover requests back `delayMs`, to watch the page while a cover is on its way. */
export async function delayCovers(target: Page | BrowserContext, delayMs: number) {
  await target.route("**/__convex_test/cover/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

/**
 * Waits for the page's finite animations and transitions to end: a dialog fading in, or a button
 * fading back from disabled, has no contrast yet, and a screenshot of it is of nothing a person
 * looks at. (A fixed wait was too short on a loaded machine.)
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A paused or endless one (a spinner) never finishes.
        .filter(
          (animation) =>
            animation.playState === "running" &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Every axe violation on what the page shows once its animations have ended, as lines to compare. */
export async function axeViolations(page: Page, impacts?: readonly string[]) {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => impacts === undefined || impacts.includes(v.impact ?? ""))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** An axe scan of what the page shows once settled: no serious or critical violations. */
export async function expectNoSeriousViolations(page: Page) {
  expect(await axeViolations(page, ["serious", "critical"])).toEqual([]);
}

/** An axe scan of what the page shows once settled: no violations at all. */
export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The page as it is now, at its size (or whole), saved as SCREENS_DIR/`name`.png. */
export async function screenshotAs(page: Page, name: string, { fullPage = false } = {}) {
  await settleAnimations(page);
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png`, fullPage });
}

/** The errors and warnings the page logs, and its uncaught exceptions, from now on. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}
