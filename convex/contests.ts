import { v } from "convex/values";
import { adminMutation, adminQuery, playerMutation } from "./functions";
import { sendContest } from "./model/contests/send";
import {
  acceptContest,
  contestGroupValidator,
  dismissContest,
  openContests,
} from "./model/contests/review";

/**
 * Contests a guess of round `roundNumber` that the judge did not take ("this names it"), once
 * that round is over: the admins see it on their dashboard.
 */
export const send = playerMutation({
  args: { roundNumber: v.number(), guess: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => await sendContest(ctx, ctx.user._id, args),
});

/** The open contests, grouped by anime, with how many players sent each name (admins only). */
export const open = adminQuery({
  args: {},
  returns: v.array(contestGroupValidator),
  handler: async (ctx) => await openContests(ctx),
});

/** Makes the contested name an alternative title of its anime, for everyone (admins only). */
export const accept = adminMutation({
  args: { contestId: v.id("contests") },
  returns: v.null(),
  handler: async (ctx, { contestId }) => await acceptContest(ctx, contestId),
});

/** Closes the contested name for good (admins only). */
export const dismiss = adminMutation({
  args: { contestId: v.id("contests") },
  returns: v.null(),
  handler: async (ctx, { contestId }) => await dismissContest(ctx, contestId),
});
