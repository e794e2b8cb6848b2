import type { Doc, Id } from "@convex/_generated/dataModel";
import type { TestConvex } from "../../testing/convex/backend";
import { sessionOf } from "../../testing/world";

type RunCtx = Parameters<Parameters<TestConvex["run"]>[0]>[0];

/**
 * The reads the auth wrapper (convex/functions.ts) makes before a player's function runs: the
 * caller's session, then their user. Finds (or makes, uncounted) a session of the player's, and
 * returns what to run inside the counted transaction, before the function itself (it gives the
 * caller's user document, as the wrapper hands it on).
 */
export async function authReadsOf(
  t: TestConvex,
  userId: Id<"users">,
): Promise<(ctx: RunCtx) => Promise<Doc<"users"> | null>> {
  const sessionId = await sessionOf(t, userId);
  return async (ctx) => {
    await ctx.db.get("authSessions", sessionId);
    return await ctx.db.get("users", userId);
  };
}
