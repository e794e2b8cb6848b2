import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { env, internalMutation } from "./_generated/server";
import { adminQuery, playerMutation } from "./functions";
import {
  feedbackSummary,
  listFeedback,
  makeListedPlayerAdmin,
  setAdminByEmail,
} from "./model/admin";

/** All beta feedback, newest first, 20 a page, with each author's username. */
export const feedback = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  handler: async (ctx, { paginationOpts }) => await listFeedback(ctx, paginationOpts),
});

/** The dashboard's charts: the rating, the difficulty votes and 14 days of game use. */
export const summary = adminQuery({
  args: {},
  handler: async (ctx) => await feedbackSummary(ctx, Date.now()),
});

/** The /make-admin button: only for players whose e-mail the deployment lists in ADMIN_EMAILS. */
export const makeMeAdmin = playerMutation({
  args: {},
  handler: async (ctx) => {
    await makeListedPlayerAdmin(ctx, ctx.profile, env.ADMIN_EMAILS);
    return null;
  },
});

/**
 * Grants or revokes admin by e-mail, for operators:
 * `npx convex run admin:setAdmin '{"email":"a@b.c","isAdmin":true}'` or the Convex dashboard.
 */
export const setAdmin = internalMutation({
  args: { email: v.string(), isAdmin: v.boolean() },
  handler: async (ctx, { email, isAdmin }) => await setAdminByEmail(ctx, email, isAdmin),
});
