import { v } from "convex/values";
import { playerQuery } from "./functions";
import { suggestTitles } from "./model/judge/suggestions";

/** Up to 8 pool titles for the typed text (2 characters or more): the same list in every round. */
export const suggest = playerQuery({
  args: { text: v.string() },
  returns: v.array(v.string()),
  handler: async (ctx, { text }) => await suggestTitles(ctx, text),
});
