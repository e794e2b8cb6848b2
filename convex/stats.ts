import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { playerQuery } from "./functions";
import { gameOf } from "./model/game/state";
import { statsView, statsViewValidator } from "./model/game/stats";

/**
 * The signed-in player's streak, today's and all-time counts and last 7 days; null before they
 * first play. `at` is the client's clock (a query must not read the server's, which would stand
 * still in Convex's cache): the day shown is the player's day at that instant, never one before
 * their last move; the view says when their next day starts, and the client asks again then.
 */
export const mine = playerQuery({
  args: { at: v.number() },
  returns: nullable(statsViewValidator),
  handler: async (ctx, { at }) =>
    await statsView(ctx, ctx.user._id, await gameOf(ctx, ctx.user._id), at),
});
