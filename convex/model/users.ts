import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { USERNAME_PATTERN, usernameKey } from "./accounts";
import { appError } from "./errors";

/** What a player's own profile looks like to the client (`users.viewer`). */
export const profileValidator = v.object({
  _id: v.id("users"),
  email: v.string(),
  username: v.string(),
  score: v.number(),
  isBetaTester: v.boolean(),
  isAdmin: v.boolean(),
  createdAt: v.number(),
  betaJoinDate: v.optional(v.number()),
});

export type Profile = Infer<typeof profileValidator>;

/** The player's profile, or null while the document lacks one (a dashboard-made account). */
export function toProfile(user: Doc<"users">): Profile | null {
  if (user.username === undefined || user.email === undefined) return null;
  return {
    _id: user._id,
    email: user.email,
    username: user.username,
    score: user.score ?? 0,
    isBetaTester: user.isBetaTester ?? false,
    isAdmin: user.isAdmin ?? false,
    createdAt: user.createdAt ?? user._creationTime,
    ...(user.betaJoinDate === undefined ? {} : { betaJoinDate: user.betaJoinDate }),
  };
}

export async function isUsernameTaken(ctx: QueryCtx, username: string): Promise<boolean> {
  const holder = await ctx.db
    .query("users")
    .withIndex("by_usernameKey", (q) => q.eq("usernameKey", usernameKey(username)))
    .first();
  return holder !== null;
}

/**
 * Inserts a new player. Runs inside Convex Auth's account-creating mutation, so
 * the uniqueness check and the insert share one transaction: of two sign-ups
 * racing for a name, one commits and the other retries and sees it taken.
 */
export async function createPlayer(
  ctx: MutationCtx,
  { email, username }: { email: string; username: string },
): Promise<Id<"users">> {
  if (await isUsernameTaken(ctx, username)) throw appError("USERNAME_TAKEN");
  return await ctx.db.insert("users", {
    email,
    username,
    usernameKey: usernameKey(username),
    score: 0,
    isBetaTester: false,
    isAdmin: false,
    createdAt: Date.now(),
  });
}

/** A valid, free username made from the e-mail's local part ("jo.ann@x" → "jo_ann"). */
export async function usernameFromEmail(ctx: QueryCtx, email: string): Promise<string> {
  const base = (email.split("@")[0] ?? "")
    .replace(/[^A-Za-z0-9_]/g, "_")
    .slice(0, 20)
    .padEnd(3, "_");
  if (!(await isUsernameTaken(ctx, base))) return base;
  // Bounded: a handful of numbered variants before falling back to a random one.
  for (let n = 2; n < 10; n++) {
    const candidate = `${base.slice(0, 20 - String(n).length)}${n}`;
    if (!(await isUsernameTaken(ctx, candidate))) return candidate;
  }
  const random = Math.random().toString(36).slice(2, 8);
  return `${base.slice(0, 13)}_${random}`;
}

/** Completes a profile that an account made outside sign-up is missing. Idempotent. */
export async function ensureProfile(ctx: MutationCtx, user: Doc<"users">): Promise<void> {
  if (toProfile(user) !== null) return;
  const email = user.email ?? "";
  const username = user.username ?? (await usernameFromEmail(ctx, email));
  if (!USERNAME_PATTERN.test(username)) throw appError("INVALID_USERNAME");
  await ctx.db.patch("users", user._id, {
    email,
    username,
    usernameKey: usernameKey(username),
    score: user.score ?? 0,
    isBetaTester: user.isBetaTester ?? false,
    isAdmin: user.isAdmin ?? false,
    createdAt: user.createdAt ?? Date.now(),
  });
}
