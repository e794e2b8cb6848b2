import { Scrypt } from "lucia";
import { foldAll } from "./boards";
import { api } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { createPlayer } from "../../convex/model/accounts/users";
import { syncAllTime } from "../../convex/model/boards/board";
import { identityFromToken } from "../convex/modules";
import { ann, type Credentials, type Tokens } from "../fixtures/accounts";
import { userIdIn, type Someone, type World } from "./world";

type SignInParams = { email: string; password: string; username?: string };

/** Runs Convex Auth's real sign-in action, as the dialogs do; returns the session's tokens. */
export async function signIn(
  world: World,
  flow: "signUp" | "signIn",
  params: SignInParams,
): Promise<Tokens> {
  const result = await world.action(api.auth.signIn, {
    provider: "password",
    params: { flow, ...params },
  });
  if (!result.tokens) throw new Error("Sign-in returned no tokens");
  return result.tokens;
}

/**
 * Signs a player up through Convex Auth's real sign-up (Ann unless `credentials` says
 * otherwise): their session's tokens, and a caller that calls functions as them.
 */
export async function signUp(world: World, credentials: Partial<Credentials> = {}) {
  const player = { ...ann, ...credentials };
  const tokens = await signIn(world, "signUp", player);
  const identity = identityFromToken(tokens.token);
  const userId = identity.subject.split("|")[0] as Id<"users">;
  return { ...player, tokens, userId, as: world.withIdentity(identity) };
}

export type Role = "visitor" | "player" | "betaTester" | "admin";
export const ROLES = ["visitor", "player", "betaTester", "admin"] as const satisfies Role[];

/**
 * A signed-in caller with `role` (an admin here is not a beta tester: the flags are
 * independent), made directly in the database: the user sign-up creates, a session, and the
 * identity Convex Auth's JWT carries for them ("userId|sessionId"). It skips the password
 * hashing of a real sign-up, for tests that need many callers; a client cannot use it (it has
 * no token): `signUp` gives one.
 */
export async function signedInAs(
  world: World,
  role: Exclude<Role, "visitor">,
  { email, username }: { email?: string; username?: string } = {},
) {
  email ??= `${role.toLowerCase()}@example.com`;
  username ??= role;
  const { userId, sessionId } = await world.run(async (ctx) => {
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
  return { userId, sessionId, email, as: world.withIdentity(identity) };
}

/**
 * A session of the player's, as a device of theirs that is signed in holds: one they have, or a
 * new one (made directly, like `signedInAs`'s). The auth wrapper reads it on every call.
 */
export async function sessionOf(world: Pick<World, "run">, userId: Id<"users">) {
  return await world.run(async (ctx) => {
    const session = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", userId))
      .first();
    return (
      session?._id ??
      (await ctx.db.insert("authSessions", {
        userId,
        expirationTime: Date.now() + 30 * 86_400_000,
      }))
    );
  });
}

/** `count` signed-in players, Player0 (p0@example.com) on: for a test that needs several. */
export async function signedInPlayers(world: World, count: number) {
  const made: Awaited<ReturnType<typeof signedInAs>>[] = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await signedInAs(world, "player", { email: `p${i}@example.com`, username: `Player${i}` }),
    );
  }
  return made;
}

/**
 * Gives a `signedInAs` player the password account a real sign-up makes (Convex Auth's
 * `authAccounts` row, hashed as the password provider hashes), for the profile's password calls.
 */
export async function givePassword(
  world: World,
  { userId, email }: { userId: Id<"users">; email: string },
  password: string,
) {
  const secret = await new Scrypt().hash(password);
  await world.run(async (ctx) => {
    await ctx.db.insert("authAccounts", {
      userId,
      provider: "password",
      providerAccountId: email,
      secret,
    });
  });
}

/** A caller made by `signedInAs`. */
export type TestPlayer = Awaited<ReturnType<typeof signedInAs>>;

/** `someone`'s account, as stored. */
export async function userOf(world: World, someone: Someone): Promise<Doc<"users">> {
  const user = await world.run(
    async (ctx) => await ctx.db.get("users", await userIdIn(ctx, someone)),
  );
  if (user === null) throw new Error("The account is gone");
  return user;
}

type Roles = { isBetaTester?: boolean; isAdmin?: boolean };

/** Sets role flags on `someone`'s account, as the Convex dashboard would. */
export async function setRoles(world: World, someone: Someone, roles: Roles) {
  await world.run(async (ctx) => {
    await ctx.db.patch("users", await userIdIn(ctx, someone), {
      ...roles,
      ...(roles.isBetaTester ? { betaJoinDate: Date.now() } : {}),
    });
  });
}

/** Raises a player's score, all-time board included (another player's progress; scores only rise). */
export async function setScore(world: World, userId: Id<"users">, score: number) {
  await world.run(async (ctx) => {
    await ctx.db.patch("users", userId, { score });
    await syncAllTime(ctx, (await ctx.db.get("users", userId))!);
  });
  await foldAll(world);
}
