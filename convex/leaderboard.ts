import { v } from "convex/values";
import { query } from "./_generated/server";
import { playerQuery } from "./functions";
import { DEFAULT_LEADERBOARD_SIZE, rankOf, topPlayers } from "./model/leaderboard";

/** The top players, for everyone: visitors may view the leaderboard too. */
export const top = query({
  args: { limit: v.optional(v.number()) },
  handler: async (ctx, { limit }) => await topPlayers(ctx, limit ?? DEFAULT_LEADERBOARD_SIZE),
});

/** The signed-in player's own standing. */
export const mine = playerQuery({
  args: {},
  handler: async (ctx) => ({
    id: ctx.profile._id,
    username: ctx.profile.username,
    score: ctx.profile.score,
    rank: await rankOf(ctx, ctx.profile.score),
  }),
});
