import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { appError } from "../shared/errors";
import { usernameKey, usernameRefusal } from "./usernameKey";
import { isUsernameTaken } from "./users";

/** Copies of the username rewritten per step (board rows and room seats carry one each). */
export const RENAME_BATCH = 200;

/**
 * Renames the player. The name's key is read through the index in the same transaction that
 * writes it, so of two players racing for one name, one commits and the other is re-run by
 * Convex, finds it taken and gets "This username is already taken". A look-alike of the player's
 * own name (a change of case, I for l) is theirs, and allowed, unless another account shares its
 * key (`isUsernameTaken`). Reserved names are refused, the player's own included.
 */
export async function changeUsername(
  ctx: MutationCtx,
  user: Doc<"users">,
  wanted: string,
): Promise<{ changed: boolean }> {
  const username = wanted.trim();
  const problem = usernameRefusal(username);
  if (problem) throw appError(problem);
  if (username === user.username) return { changed: false };
  if (await isUsernameTaken(ctx, username, user._id)) throw appError("USERNAME_TAKEN");
  await ctx.db.patch("users", user._id, { username, usernameKey: usernameKey(username) });
  return { changed: true };
}

export type CopyTable = "boardEntries" | "roomPlayers";

/**
 * One step of bringing the username's copies (board rows, room seats) in line with the account:
 * at most RENAME_BATCH of `table`'s rows from `cursor` on. Each step reads the name anew, so after
 * two quick renames the last one wins. Returns where to go on, or null when done.
 */
export async function copyUsername(
  ctx: MutationCtx,
  userId: Id<"users">,
  table: CopyTable,
  cursor: string | null,
): Promise<{ table: CopyTable; cursor: string | null } | null> {
  const user = await ctx.db.get("users", userId);
  if (user === null) return null;
  const page = await ctx.db
    .query(table)
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .paginate({ numItems: RENAME_BATCH, cursor });
  for (const row of page.page) {
    if (row.username !== user.username) {
      await ctx.db.patch(table, row._id, { username: user.username });
    }
  }
  if (!page.isDone) return { table, cursor: page.continueCursor };
  return table === "boardEntries" ? { table: "roomPlayers", cursor: null } : null;
}
