import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";

/**
 * A player's Challenge and the round on screen: the types and the one read every game path
 * shares, kept apart from the moves (play.ts) so that the view and the stats, which the moves
 * call, need not import the moves back.
 */
export type Game = Doc<"games">;
export type Round = NonNullable<Game["round"]>;
/** A patch to a game: anything but its identity and its player. */
export type GameChanges = Partial<Omit<Game, "_id" | "_creationTime" | "userId">>;

export async function gameOf(ctx: QueryCtx, userId: Id<"users">): Promise<Game | null> {
  return await ctx.db
    .query("games")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}
