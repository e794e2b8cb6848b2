import { getAuthUserId } from "@convex-dev/auth/server";
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import type { Doc } from "./_generated/dataModel";
import { action, mutation, query, type ActionCtx, type QueryCtx } from "./_generated/server";
import { appError } from "./model/shared/errors";
import { toProfile, type Profile } from "./model/accounts/users";

/** The signed-in user's document, or null for a visitor (or a session whose user is gone). */
export async function currentUser(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const userId = await getAuthUserId(ctx);
  return userId === null ? null : await ctx.db.get("users", userId);
}

async function requirePlayer(ctx: QueryCtx): Promise<{ user: Doc<"users">; profile: Profile }> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) throw appError("NOT_SIGNED_IN");
  const user = await ctx.db.get("users", userId);
  if (user === null) throw appError("USER_NOT_FOUND");
  const profile = toProfile(user);
  return { user, profile };
}

async function requireAdmin(ctx: QueryCtx) {
  const player = await requirePlayer(ctx);
  if (!player.profile.isAdmin) throw appError("FORBIDDEN");
  return player;
}

/** Public functions for signed-in players: `ctx.user` and `ctx.profile` are the caller's. */
export const playerQuery = customQuery(query, customCtx(requirePlayer));
export const playerMutation = customMutation(mutation, customCtx(requirePlayer));

/**
 * Public actions for signed-in players: `ctx.userId` is the caller's. An action cannot read the
 * database itself; it reads the account through an internal query and must expect it gone.
 */
export const playerAction = customAction(
  action,
  customCtx(async (ctx: ActionCtx) => {
    const userId = await getAuthUserId(ctx);
    if (userId === null) throw appError("NOT_SIGNED_IN");
    return { userId };
  }),
);

/** Public functions for admins only; the role is checked on every call. */
export const adminQuery = customQuery(query, customCtx(requireAdmin));
export const adminMutation = customMutation(mutation, customCtx(requireAdmin));
