import { v } from "convex/values";
import { internalQuery, mutation, query } from "./_generated/server";
import { currentUser } from "./functions";
import { normalizeEmail, PASSWORD_PROVIDER } from "./model/accounts";
import { appError } from "./model/errors";
import { ensureProfile as completeProfile, profileValidator, toProfile } from "./model/users";

/** The signed-in player's profile; null for visitors and for accounts without a profile yet. */
export const viewer = query({
  args: {},
  returns: v.union(profileValidator, v.null()),
  handler: async (ctx) => {
    const user = await currentUser(ctx);
    return user === null ? null : toProfile(user);
  },
});

/**
 * Gives an account made outside sign-up (on the dashboard, say) its profile on
 * first sign-in: the e-mail's local part as username, score 0, no roles.
 */
export const ensureProfile = mutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const user = await currentUser(ctx);
    if (user === null) throw appError("NOT_SIGNED_IN");
    await completeProfile(ctx, user);
    return null;
  },
});

export const isEmailRegistered = internalQuery({
  args: { email: v.string() },
  returns: v.boolean(),
  handler: async (ctx, { email }) => {
    const account = await ctx.db
      .query("authAccounts")
      .withIndex("providerAndAccountId", (q) =>
        q.eq("provider", PASSWORD_PROVIDER).eq("providerAccountId", normalizeEmail(email)),
      )
      .first();
    return account !== null;
  },
});
