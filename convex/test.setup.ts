/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import type { FunctionReference } from "convex/server";
import { ConvexError, type ValidatorJSON } from "convex/values";
import { expect } from "vitest";
import { api } from "./_generated/api";
import type { ErrorCode } from "./model/errors";
import { createPlayer } from "./model/users";
import { insertAnime } from "./model/titleIndex";
import schema from "./schema";
import { attachTestCovers } from "../src/testing/testCovers";

/** Every Convex module, for convex-test (tests and declaration files excluded). */
export const modules = import.meta.glob([
  "./**/*.ts",
  "./**/*.js",
  "!./**/*.test.ts",
  "!./**/*.d.ts",
  "!./test.setup.ts",
]);

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

/** The identity a deployment derives from a Convex Auth JWT: `sub` is "userId|sessionId". */
export function identityFromToken(token: string) {
  const payload = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as {
    sub: string;
    iss: string;
  };
  return { subject: payload.sub, issuer: payload.iss };
}

let animeCount = 0;

/** Inserts `count` anime into the pool, titled "Show 1", "Show 2", … with clues that never name them. */
export async function seedAnime(t: TestConvex, count: number) {
  return await t.run(async (ctx) => {
    const ids = [];
    for (let i = 0; i < count; i++) {
      const n = ++animeCount;
      const id = await insertAnime(ctx, {
        anilistId: 900_000 + n,
        title: { english: `Show ${n}`, romaji: `Shou ${n}`, native: `ショー${n}` },
        synonyms: [`S${n}X`],
        clue: `A story about someone who keeps guessing. Genres: Action`,
        answers: [`Show ${n}`, `Shou ${n}`, `ショー${n}`, `S${n}X`],
        coverImage: `https://img.example/cover-${n}.jpg`,
        coverColor: "#aa66ff",
        siteUrl: `https://anilist.co/anime/${900_000 + n}`,
        genres: ["Action"],
        randomRank: Math.random(),
        updatedAt: 0,
      });
      await attachTestCovers(ctx, id);
      ids.push(id);
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

export type FunctionKind = "query" | "mutation" | "action";

export type RegisteredFunction = {
  name: string;
  kind: FunctionKind;
  isPublic: boolean;
  args: ValidatorJSON;
};

type RegisteredExport = {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  exportArgs?: () => string;
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
