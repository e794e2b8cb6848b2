/// <reference types="vite/client" />
import { convexTest } from "convex-test";
import { ConvexError } from "convex/values";
import { expect } from "vitest";
import { api } from "./_generated/api";
import type { ErrorCode } from "./model/errors";
import schema from "./schema";

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
      ids.push(
        await ctx.db.insert("anime", {
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
        }),
      );
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
