import type { UserIdentity } from "convex/server";
import type { TestConvexForDataModel } from "convex-test";
import type { DataModel, Id } from "../../convex/_generated/dataModel";

/** Calls the project's functions as one caller: a visitor, or a signed-in player. */
export type Caller = Pick<TestConvexForDataModel<DataModel>, "query" | "mutation" | "action">;

/**
 * The backend a test's world lives in: convex-test's `t` in the backend tests, or the
 * in-process backend the component tests' client talks to (testing/client/inProcessBackend.ts),
 * which has the same calls and also tells the client's live queries of every change. The
 * world's helpers take either, so a scenario reads the same at both layers.
 */
export type World = Caller &
  Pick<TestConvexForDataModel<DataModel>, "run"> & {
    withIdentity(identity: Partial<UserIdentity>): Caller;
  };

/**
 * Someone the world knows: by account id (a signed-up player, a caller with a role), or by
 * e-mail (credentials a component test signed up with).
 */
export type Someone = { userId: Id<"users"> } | { email: string };

/** A signed-in caller. */
export type Player = Someone & { as: Caller };

/** The database as `World.run` hands it over. */
type RunCtx = Parameters<Parameters<World["run"]>[0]>[0];

/** `someone`'s account id, read in `ctx`. */
export async function userIdIn(ctx: RunCtx, someone: Someone): Promise<Id<"users">> {
  if ("userId" in someone) return someone.userId;
  const user = await ctx.db
    .query("users")
    .withIndex("by_email", (q) => q.eq("email", someone.email))
    .unique();
  if (user === null) throw new Error(`No account for ${someone.email}`);
  return user._id;
}
