import { getAuthSessionId, getAuthUserId } from "@convex-dev/auth/server";
import {
  customAction,
  customCtx,
  customMutation,
  customQuery,
} from "convex-helpers/server/customFunctions";
import { internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { action, mutation, query, type ActionCtx, type QueryCtx } from "./_generated/server";
import { appError } from "./model/shared/errors";
import { toProfile, type Profile } from "./model/accounts/users";

/**
 * Who calls, by their token: "visitor" without one; "ended" when the token's session is gone
 * (signed out, a password changed or reset, the account deleted). An access token lives up to
 * an hour after its session ends; the session's document is the truth, one read by id.
 */
type Caller = { kind: "visitor" } | { kind: "ended" } | { kind: "signedIn"; userId: Id<"users"> };

async function callerOf(ctx: QueryCtx): Promise<Caller> {
  const userId = await getAuthUserId(ctx);
  if (userId === null) return { kind: "visitor" };
  const sessionId = ctx.db.normalizeId("authSessions", (await getAuthSessionId(ctx)) ?? "");
  const session = sessionId === null ? null : await ctx.db.get("authSessions", sessionId);
  return session?.userId === userId ? { kind: "signedIn", userId } : { kind: "ended" };
}

/** Whether an action's caller still has their session: see `callerOf` (users:liveSession). */
export async function isSessionLive(ctx: QueryCtx): Promise<boolean> {
  return (await callerOf(ctx)).kind === "signedIn";
}

/**
 * The signed-in user's document, or null for a visitor, a session that ended, or a session whose
 * user is gone.
 */
export async function currentUser(ctx: QueryCtx): Promise<Doc<"users"> | null> {
  const caller = await callerOf(ctx);
  return caller.kind === "signedIn" ? await ctx.db.get("users", caller.userId) : null;
}

async function requirePlayer(ctx: QueryCtx): Promise<{ user: Doc<"users">; profile: Profile }> {
  const caller = await callerOf(ctx);
  if (caller.kind === "visitor") throw appError("NOT_SIGNED_IN");
  if (caller.kind === "ended") throw appError("SESSION_ENDED");
  const user = await ctx.db.get("users", caller.userId);
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
    if (!(await ctx.runQuery(internal.users.liveSession, {}))) throw appError("SESSION_ENDED");
    return { userId };
  }),
);

/** Public functions for admins only; the role is checked on every call. */
export const adminQuery = customQuery(query, customCtx(requireAdmin));
export const adminMutation = customMutation(mutation, customCtx(requireAdmin));
