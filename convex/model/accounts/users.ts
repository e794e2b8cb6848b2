import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import { usernameKey } from "./usernameKey";

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

/** The player's profile as the client sees it (no username key). */
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

/**
 * Whether an account other than `self` holds the name or a look-alike of it (its key). The
 * index is not unique: two accounts whose names were apart before the look-alike key
 * (`migrations:rekeyUsernames`) may share a key and both keep their names; the name is then
 * taken for everyone else, and for each of them too, since the other holds it.
 *
 * Until that migration (2026-11-28) has run on a deployment, older accounts are stored under
 * their lower-cased name, so that key is asked too: no name is ever taken twice, even then. Ask
 * only the key once it has run on every deployment. (A stored
 * key that equals a name's lower-cased spelling is a key, and keys are case-blind, so it never
 * refuses a name nobody holds.) Reads at most four documents.
 */
export async function isUsernameTaken(
  ctx: QueryCtx,
  username: string,
  self: Id<"users"> | null = null,
): Promise<boolean> {
  for (const key of new Set([usernameKey(username), username.toLowerCase()])) {
    const holders = await ctx.db
      .query("users")
      .withIndex("by_usernameKey", (q) => q.eq("usernameKey", key))
      .take(2);
    if (holders.some((holder) => holder._id !== self)) return true;
  }
  return false;
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
