import { nullable } from "convex-helpers/validators";
import { playerQuery } from "./functions";
import { gameOf } from "./model/game/state";
import { statsView, statsViewValidator } from "./model/game/stats";

/**
 * The signed-in player's streak, today's and all-time counts and last 7 days; null before they
 * first play. It reads the game document, which the midnight reset rewrites: the view turns to
 * the new day then, although a query's clock does not move between its re-runs.
 */
export const mine = playerQuery({
  args: {},
  returns: nullable(statsViewValidator),
  handler: async (ctx) => await statsView(ctx, ctx.user._id, await gameOf(ctx, ctx.user._id)),
});
