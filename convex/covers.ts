import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { internalMutation, internalQuery } from "./_generated/server";
import { coverForToken, markCoversMissing, storeCovers } from "./model/catalogue/covers";
import { coverSet } from "./schema";

export const store = internalMutation({
  args: { animeId: v.id("anime"), covers: coverSet },
  returns: v.null(),
  handler: async (ctx, { animeId, covers }): Promise<null> => {
    await storeCovers(ctx, animeId, covers);
    return null;
  },
});

export const markMissing = internalMutation({
  args: { animeId: v.id("anime"), source: v.string() },
  returns: v.null(),
  handler: async (ctx, { animeId, source }): Promise<null> => {
    await markCoversMissing(ctx, animeId, source);
    return null;
  },
});

/** For the /cover/ HTTP route: the image a token may show at `step`, or null. */
export const forToken = internalQuery({
  args: { token: v.string(), step: v.string() },
  returns: nullable(v.id("_storage")),
  handler: async (ctx, { token, step }) => await coverForToken(ctx, token, step),
});
