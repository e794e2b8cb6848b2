import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { usernameKey, usernameProblem } from "../shared/accounts";
import { appError } from "../shared/errors";

/** Copies of the username rewritten per step (board rows and room seats carry one each). */
export const RENAME_BATCH = 200;

/**
 * Renames the player. The name's key is read through the index in the same transaction that
 * writes it, so of two players racing for one name, one commits and the other is re-run by
 * Convex, finds it taken and gets "This username is already taken". A change of case alone is
 * the player's own name, and allowed.
 */
export async function changeUsername(
  ctx: MutationCtx,
  user: Doc<"users">,
  wanted: string,
): Promise<{ changed: boolean }> {
  const username = wanted.trim();
  const problem = usernameProblem(username);
  if (problem) throw appError(problem);
  if (username === user.username) return { changed: false };
  const holder = await ctx.db
    .query("users")
    .withIndex("by_usernameKey", (q) => q.eq("usernameKey", usernameKey(username)))
    .first();
  if (holder !== null && holder._id !== user._id) throw appError("USERNAME_TAKEN");
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
