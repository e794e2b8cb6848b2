/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import type { FunctionReference } from "convex/server";
import { ConvexError, type ValidatorJSON } from "convex/values";
import { expect } from "vitest";
import { api } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { ErrorCode } from "./model/shared/errors";
import { createPlayer } from "./model/accounts/users";
import schema from "./schema";
import { testAnime } from "../tests/support/testAnime";
import { insertTestAnime } from "../tests/support/testCovers";

import { identityFromToken, modules, type FunctionKind } from "./test.harness";

export { identityFromToken, modules, type FunctionKind };

export type TestConvex = ReturnType<typeof newBackend>;

export function newBackend() {
  return convexTest(schema, modules);
}

type Credentials = { email: string; password: string; username?: string };

/** Runs Convex Auth's real sign-in action, as the dialogs do. */
export async function signIn(t: TestConvex, flow: "signUp" | "signIn", params: Credentials) {
  const result = await t.action(api.auth.signIn, {
    provider: "password",
    params: { flow, ...params },
  });
  if (!result.tokens) throw new Error("Sign-in returned no tokens");
  return result.tokens;
}

/** A signed-up player and a test accessor that calls functions as them. */
export async function signUpPlayer(
  t: TestConvex,
  { email = "ann@example.com", username = "Ann", password = "secret1" } = {},
) {
  const tokens = await signIn(t, "signUp", { email, username, password });
  return { tokens, as: t.withIdentity(identityFromToken(tokens.token)) };
}

let animeCount = 0;

/** Inserts `count` anime into the pool, titled "Show 1", "Show 2", … with clues that never name them. */
export async function seedAnime(t: TestConvex, count: number) {
  return await t.run(async (ctx) => {
    const ids = [];
    for (let i = 0; i < count; i++) {
      const n = ++animeCount;
      const anime = testAnime(n, {
        english: `Show ${n}`,
        romaji: `Shou ${n}`,
        native: `ショー${n}`,
        synonyms: [`S${n}X`],
        clue: "A story about someone who keeps guessing. Genres: Action",
        genres: ["Action"],
      });
      ids.push(await insertTestAnime(ctx, anime));
    }
    return ids;
  });
}

/** Asserts that `promise` fails with our ConvexError carrying `code`. */
export async function expectErrorCode(promise: Promise<unknown>, code: ErrorCode) {
  const error: unknown = await promise.then(
    () => new Error(`expected ${code}, but the call succeeded`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConvexError);
  expect((error as ConvexError<{ code: string }>).data.code).toBe(code);
}

/** "module:function" for every public function the generated `api` lists, e.g. "game:guess". */
export type PublicFunctionName = FunctionNamesIn<typeof api>;

type FunctionNamesIn<Tree, Module extends string = ""> = {
  [Key in keyof Tree & string]: Tree[Key] extends FunctionReference<"query" | "mutation" | "action">
    ? `${Module}:${Key}`
    : FunctionNamesIn<Tree[Key], Module extends "" ? Key : `${Module}/${Key}`>;
}[keyof Tree & string];

export type RegisteredFunction = {
  name: string;
  kind: FunctionKind;
  isPublic: boolean;
  args: ValidatorJSON;
  /** Its `returns` validator, null when it declares none. */
  returns: ValidatorJSON | null;
};

type RegisteredExport = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs?: () => string;
  exportReturns?: () => string;
};

/**
 * Every function the Convex modules register, public and internal, read from
 * their exports as a deployment reads them (so it holds even when
 * convex/_generated is stale).
 */
export async function registeredFunctions(): Promise<RegisteredFunction[]> {
  const found: RegisteredFunction[] = [];
  for (const [path, load] of Object.entries(modules)) {
    if (path.startsWith("./_generated/")) continue;
    const moduleName = path.replace(/^\.\//, "").replace(/\.[jt]s$/, "");
    const exports = (await load()) as Record<string, RegisteredExport | null | undefined>;
    for (const [exportName, fn] of Object.entries(exports)) {
      if (typeof fn !== "object" && typeof fn !== "function") continue;
      const kind = fn?.isQuery
        ? "query"
        : fn?.isMutation
          ? "mutation"
          : fn?.isAction
            ? "action"
            : null;
      if (kind === null || fn?.exportArgs === undefined) continue;
      found.push({
        name: `${moduleName}:${exportName}`,
        kind,
        isPublic: fn.isPublic === true,
        args: JSON.parse(fn.exportArgs()) as ValidatorJSON,
        returns: JSON.parse(fn.exportReturns?.() ?? "null") as ValidatorJSON | null,
      });
    }
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : 1));
}

export type Role = "visitor" | "player" | "betaTester" | "admin";
export const ROLES = ["visitor", "player", "betaTester", "admin"] as const satisfies Role[];

/**
 * A signed-in caller with `role` (an admin here is not a beta tester: the
 * flags are independent), made directly in the database: the user sign-up
 * creates, a session, and the identity Convex Auth's JWT carries for them
 * ("userId|sessionId"). It skips the password hashing that makes a real
 * sign-up take most of a second, for tests that need many callers.
 */
export async function signedInAs(
  t: TestConvex,
  role: Exclude<Role, "visitor">,
  { email, username }: { email?: string; username?: string } = {},
) {
  email ??= `${role.toLowerCase()}@example.com`;
  username ??= role;
  const { userId, sessionId } = await t.run(async (ctx) => {
    const userId = await createPlayer(ctx, { email, username });
    if (role === "betaTester") {
      await ctx.db.patch("users", userId, { isBetaTester: true, betaJoinDate: Date.now() });
    }
    if (role === "admin") await ctx.db.patch("users", userId, { isAdmin: true });
    const sessionId = await ctx.db.insert("authSessions", {
      userId,
      expirationTime: Date.now() + 30 * 86_400_000,
    });
    return { userId, sessionId };
  });
  const identity = { subject: `${userId}|${sessionId}`, issuer: process.env.CONVEX_SITE_URL };
  return {
    userId,
    sessionId,
    email,
    as: t.withIdentity(identity),
  };
}

/** A caller made by `signedInAs`. */
export type TestPlayer = Awaited<ReturnType<typeof signedInAs>>;

/** A backend with `poolSize` anime, and a player whose game is started in `timeZone`. */
export async function playerInGame(poolSize: number, timeZone = "UTC") {
  const t = newBackend();
  await seedAnime(t, poolSize);
  const player = await signedInAs(t, "player");
  await player.as.mutation(api.game.start, { timeZone });
  return { t, player };
}

/** The player's game document (after `game.start`). */
export async function gameOfPlayer(t: TestConvex, player: TestPlayer): Promise<Doc<"games">> {
  const game = await t.run(
    async (ctx) =>
      await ctx.db
        .query("games")
        .withIndex("by_userId", (q) => q.eq("userId", player.userId))
        .unique(),
  );
  if (game === null) throw new Error("The player has no game");
  return game;
}

/** The anime on the player's screen: what a test must know to guess right. */
export async function dealtAnimeOf(t: TestConvex, player: TestPlayer): Promise<Doc<"anime">> {
  const { round } = await gameOfPlayer(t, player);
  if (round === null) throw new Error("The player has no round");
  const anime = await t.run(async (ctx) => await ctx.db.get("anime", round.animeId));
  if (anime === null) throw new Error("The dealt anime is gone");
  return anime;
}

/** What the game screen shows the player (`game.state`). */
export async function viewOf(player: TestPlayer) {
  const state = await player.as.query(api.game.state, {});
  if (state === null) throw new Error("The player has no game");
  return state;
}

/** A guess on the round on screen, as the guess box sends it. */
export async function guessAs(player: TestPlayer, text: string) {
  const { round } = await viewOf(player);
  return await player.as.mutation(api.game.guess, {
    roundNumber: round!.number,
    attempt: round!.guessesUsed,
    guess: text,
  });
}

/** Skip / Next Anime on the round on screen. */
export async function skipAs(player: TestPlayer) {
  const { round } = await viewOf(player);
  return await player.as.mutation(api.game.next, { roundNumber: round!.number });
}

/** The player's score as stored. */
export async function scoreOf(t: TestConvex, player: TestPlayer) {
  return await t.run(async (ctx) => (await ctx.db.get("users", player.userId))!.score);
}
