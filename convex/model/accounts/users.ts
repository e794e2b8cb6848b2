import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { usernameKey } from "../shared/accounts";
import { appError } from "../shared/errors";

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

/** The player's profile as the client sees it (no lower-cased username key). */
export function toProfile(user: Doc<"users">): Profile {
  return {
    _id: user._id,
    email: user.email,
    username: user.username,
    score: user.score,
    isBetaTester: user.isBetaTester,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt,
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
