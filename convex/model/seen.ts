import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { DEAL_CANDIDATES } from "./rules";

/** The player's record of having seen `animeId`'s answer, if any (one indexed read). */
export async function seenRecord(
  ctx: QueryCtx,
  userId: Id<"users">,
  animeId: Id<"anime">,
): Promise<Doc<"seenAnime"> | null> {
  return await ctx.db
    .query("seenAnime")
    .withIndex("by_userId_and_animeId", (q) => q.eq("userId", userId).eq("animeId", animeId))
    .first();
}

/** Records that the player has seen the answer (again: the time moves, for the fallback order). */
export async function markSeen(
  ctx: MutationCtx,
  userId: Id<"users">,
  animeId: Id<"anime">,
  now: number,
): Promise<void> {
  const existing = await seenRecord(ctx, userId, animeId);
  if (existing === null) await ctx.db.insert("seenAnime", { userId, animeId, seenAt: now });
  else await ctx.db.patch("seenAnime", existing._id, { seenAt: now });
}

export type Draw =
  | { kind: "anime"; anime: Doc<"anime">; seenBefore: boolean }
  /** The pool has no anime at all. */
  | { kind: "empty" }
  /** The pool holds only the anime the player was just shown. */
  | { kind: "nothingElse" };

/**
 * An anime for the player, preferring one whose answer they have not seen, in a bounded number
 * of reads however large the pool or the player's history: walk the random-rank index from a
 * random point (wrapping round once), checking at most DEAL_CANDIDATES anime (one seen-check
 * read each, so at most 2 × DEAL_CANDIDATES + 1 reads). If every one checked was seen, the one
 * seen longest ago comes back (it cannot score). `exclude`, the anime just shown, is never drawn.
 */
export async function drawAnime(
  ctx: QueryCtx,
  userId: Id<"users">,
  exclude: Id<"anime"> | null,
): Promise<Draw> {
  const start = Math.random();
  let oldestSeen: { anime: Doc<"anime">; seenAt: number } | null = null;
  let checked = 0;
  let sawExcluded = false;
  for (const part of ["from start", "before start"] as const) {
    const walk = ctx.db
      .query("anime")
      .withIndex("by_randomRank", (q) =>
        part === "from start" ? q.gte("randomRank", start) : q.lt("randomRank", start),
      );
    for await (const anime of walk) {
      if (anime._id === exclude) {
        sawExcluded = true;
        continue;
      }
      const seen = await seenRecord(ctx, userId, anime._id);
      if (seen === null) return { kind: "anime", anime, seenBefore: false };
      if (oldestSeen === null || seen.seenAt < oldestSeen.seenAt) {
        oldestSeen = { anime, seenAt: seen.seenAt };
      }
      if (++checked >= DEAL_CANDIDATES) break;
    }
    if (checked >= DEAL_CANDIDATES) break;
  }
  if (oldestSeen !== null) return { kind: "anime", anime: oldestSeen.anime, seenBefore: true };
  return sawExcluded ? { kind: "nothingElse" } : { kind: "empty" };
}
