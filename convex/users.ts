import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { internalQuery, query } from "./_generated/server";
import { currentUser } from "./functions";
import { normalizeEmail, PASSWORD_PROVIDER } from "./model/shared/accounts";
import { profileValidator, toProfile } from "./model/accounts/users";

/** The signed-in player's profile; null for visitors (and a session whose account is gone). */
export const viewer = query({
  args: {},
  returns: nullable(profileValidator),
  handler: async (ctx) => {
    const user = await currentUser(ctx);
    return user === null ? null : toProfile(user);
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
