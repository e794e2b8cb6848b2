import {
  getAuthSessionId,
  invalidateSessions,
  modifyAccountCredentials,
} from "@convex-dev/auth/server";
import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery, query } from "./_generated/server";
import { currentUser, isSessionLive, playerAction, playerMutation } from "./functions";
import { MIN_PASSWORD_LENGTH } from "./model/shared/accountRules";
import { normalizeEmail, PASSWORD_PROVIDER } from "./model/shared/accounts";
import { appError } from "./model/shared/errors";
import { profileValidator, toProfile } from "./model/accounts/users";
import { requireCurrentPassword } from "./model/accounts/credentials";
import * as Deletion from "./model/accounts/deletion";
import * as Profile from "./model/accounts/profile";
import * as Reset from "./model/accounts/passwordReset";
import * as Budget from "./model/ops/budget";

/** The signed-in player's profile; null for visitors (and a session whose account is gone). */
export const viewer = query({
  args: {},
  returns: nullable(profileValidator),
  handler: async (ctx) => {
    const user = await currentUser(ctx);
    return user === null ? null : toProfile(user);
  },
});

/**
 * Whether the calling action's session still exists (an action cannot read it itself): the
 * identity passes on to `runQuery`. playerAction asks it first.
 */
export const liveSession = internalQuery({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => await isSessionLive(ctx),
});

/**
 * Takes a sign-up from the game's sign-up budget (model/ops/budget.ts), before the password is
 * hashed: false when it is used up, so a flood of sign-ups costs this mutation, not a hash each.
 */
export const takeSignUp = internalMutation({
  args: {},
  returns: v.boolean(),
  handler: async (ctx) => (await Budget.take(ctx, "signUps", Date.now())).ok,
});

export const isEmailRegistered = internalQuery({
  args: { email: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { email }) =>
    (await Reset.passwordAccountOf(ctx, normalizeEmail(email))) !== null,
});

// --- Forgotten passwords (the flows are the password provider's, in convex/auth.ts) ---

/** Whether this deployment can send reset codes: the login dialog says so before anyone asks. */
export const passwordResetAvailable = query({
  args: {},
  returns: v.boolean(),
  handler: () => Promise.resolve(Reset.resetSender() !== null),
});

/** Stores a new reset e-mail's hashes and reserves one of the hour's codes: see `takeResetCode`. */
export const takeResetCode = internalMutation({
  args: { email: v.string(), codeHash: v.string(), linkHash: v.string() },
  returns: nullable(Reset.reservedCodeValidator),
  handler: async (ctx, { email, codeHash, linkHash }) =>
    await Reset.takeResetCode(ctx, email, { codeHash, linkHash }),
});

/** A reserved code that could not be sent: see `returnResetCode`. */
export const returnResetCode = internalMutation({
  args: { reserved: Reset.reservedCodeValidator, unsentCodeHash: v.string() },
  returns: v.null(),
  handler: async (ctx, { reserved, unsentCodeHash }) => {
    await Reset.returnResetCode(ctx, reserved, unsentCodeHash);
    return null;
  },
});

/** A typed reset code, spent when right, counted against the code when wrong: `spendResetCode`. */
export const spendResetCode = internalMutation({
  args: { email: v.string(), code: v.string() },
  returns: nullable(v.object({ userId: v.id("users") })),
  handler: async (ctx, { email, code }) => await Reset.spendResetCode(ctx, email, code),
});

/** A reset e-mail's link, spent when its token is the live one: `spendResetLink`. */
export const spendResetLink = internalMutation({
  args: { email: v.string(), token: v.string() },
  returns: nullable(v.object({ userId: v.id("users") })),
  handler: async (ctx, { email, token }) => await Reset.spendResetLink(ctx, email, token),
});

// --- The profile page ---

/** Renames the player; the board rows and room seats that copy the name follow in steps. */
export const changeUsername = playerMutation({
  args: { username: v.string() },
  returns: v.null(),
  handler: async (ctx, { username }) => {
    const { changed } = await Profile.changeUsername(ctx, ctx.user, username);
    if (changed) {
      await ctx.scheduler.runAfter(0, internal.users.copyUsername, {
        userId: ctx.user._id,
        table: "boardEntries",
        cursor: null,
      });
    }
    return null;
  },
});

export const copyUsername = internalMutation({
  args: {
    userId: v.id("users"),
    table: v.union(v.literal("boardEntries"), v.literal("roomPlayers")),
    cursor: nullable(v.string()),
  },
  returns: v.null(),
  handler: async (ctx, { userId, table, cursor }) => {
    const next = await Profile.copyUsername(ctx, userId, table, cursor);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.users.copyUsername, { userId, ...next });
    return null;
  },
});

export const passwordLogin = internalQuery({
  args: { userId: v.id("users") },
  returns: nullable(v.object({ email: v.string() })),
  handler: async (ctx, { userId }) => {
    const account = await ctx.db
      .query("authAccounts")
      .withIndex("userIdAndProvider", (q) =>
        q.eq("userId", userId).eq("provider", PASSWORD_PROVIDER),
      )
      .unique();
    return account === null ? null : { email: account.providerAccountId };
  },
});

/**
 * Changes the password after checking the current one (Convex Auth's check: wrong passwords
 * count toward its limit), and ends the account's other sessions: this device stays signed in.
 */
export const changePassword = playerAction({
  args: { currentPassword: v.string(), newPassword: v.string() },
  returns: v.null(),
  handler: async (ctx, { currentPassword, newPassword }) => {
    if (currentPassword === "") throw appError("CURRENT_PASSWORD_MISSING");
    if (newPassword.length < MIN_PASSWORD_LENGTH) throw appError("PASSWORD_TOO_SHORT");
    const login = await ctx.runQuery(internal.users.passwordLogin, { userId: ctx.userId });
    if (login === null) throw appError("USER_NOT_FOUND");
    await requireCurrentPassword(ctx, login.email, currentPassword);
    await modifyAccountCredentials(ctx, {
      provider: PASSWORD_PROVIDER,
      account: { id: login.email, secret: newPassword },
    });
    const sessionId = await getAuthSessionId(ctx);
    await invalidateSessions(ctx, {
      userId: ctx.userId,
      except: sessionId === null ? [] : [sessionId],
    });
    return null;
  },
});

/**
 * Deletes the account once the player has typed their username and their current password (a
 * session someone else got hold of cannot): at once the sign-in, the account and the first batch
 * of its data (the boards stop showing it); the rest in steps.
 */
export const deleteAccount = playerAction({
  args: { confirmation: v.string(), password: v.string() },
  returns: v.null(),
  handler: async (ctx, { confirmation, password }) => {
    const leaving = await ctx.runQuery(internal.users.leavingPlayer, { userId: ctx.userId });
    if (leaving === null) throw appError("USER_NOT_FOUND");
    if (confirmation.trim() !== leaving.username) throw appError("DELETE_NOT_CONFIRMED");
    if (leaving.email === null) throw appError("USER_NOT_FOUND");
    await requireCurrentPassword(ctx, leaving.email, password);
    await ctx.runMutation(internal.users.startDeletion, { userId: ctx.userId });
    return null;
  },
});

/** `deleteAccount`'s first step, the sign-in and the address's limits among it; then in steps. */
export const startDeletion = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null) return null;
    if (!(await Deletion.purgeStep(ctx, { userId, email: user.email }))) {
      await ctx.scheduler.runAfter(0, internal.users.purgeAccount, { userId });
    }
    return null;
  },
});

/** Whom `deleteAccount` deletes: their username, and the address they sign in with. */
export const leavingPlayer = internalQuery({
  args: { userId: v.id("users") },
  returns: nullable(v.object({ username: v.string(), email: nullable(v.string()) })),
  handler: async (ctx, { userId }) => {
    const user = await ctx.db.get("users", userId);
    if (user === null) return null;
    const account = await ctx.db
      .query("authAccounts")
      .withIndex("userIdAndProvider", (q) =>
        q.eq("userId", userId).eq("provider", PASSWORD_PROVIDER),
      )
      .unique();
    return { username: user.username, email: account?.providerAccountId ?? null };
  },
});

export const purgeAccount = internalMutation({
  args: { userId: v.id("users") },
  returns: v.null(),
  handler: async (ctx, { userId }) => {
    if (!(await Deletion.purgeStep(ctx, { userId }))) {
      await ctx.scheduler.runAfter(0, internal.users.purgeAccount, { userId });
    }
    return null;
  },
});
