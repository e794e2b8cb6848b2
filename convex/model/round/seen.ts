import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DEAL_CANDIDATES, DEAL_PROBES } from "../shared/rules";
import { roundClue } from "../catalogue/clue/roundClue";
import { dailyBarAt, isDailys } from "./dailyBar";
import { barredFromDeal } from "./dealBar";

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

/**
 * Records that the player was shown the anime in room `roomId` (its clue and cover, the answer
 * to come): it counts as seen, so no solo round of it scores, and no other deal gives it to them
 * for a while (dealBar.ts).
 */
export async function markShownInRoom(
  ctx: MutationCtx,
  userId: Id<"users">,
  animeId: Id<"anime">,
  roomId: Id<"rooms">,
  now: number,
): Promise<void> {
  const existing = await seenRecord(ctx, userId, animeId);
  const fields = { seenAt: now, roomSeenAt: now, roomId };
  if (existing === null) await ctx.db.insert("seenAnime", { userId, animeId, ...fields });
  else await ctx.db.patch("seenAnime", existing._id, fields);
}

/**
 * Offers `consider` dealable anime (ready covers) until it takes one, in a bounded number of
 * reads however large the pool: first DEAL_PROBES independent random points of the random-rank
 * index, each offering the anime at or after it (a single walk from one point would keep landing
 * after the runs of taken anime it lengthens, as linear probing clusters a hash table), then a
 * walk of DEAL_CANDIDATES from one more point, wrapping once, which sees every anime of a tiny
 * pool. "empty" when the pool has no anime; "declined" when `consider` took none of those offered.
 */
export async function probeDealable<T>(
  ctx: QueryCtx,
  consider: (anime: Doc<"anime">) => Promise<T | null>,
): Promise<{ kind: "taken"; value: T } | { kind: "empty" } | { kind: "declined" }> {
  const dealable = (part: "from" | "before", point: number) =>
    ctx.db
      .query("anime")
      // Only anime whose server-made covers exist are dealt.
      .withIndex("by_coverStatus_and_randomRank", (q) =>
        part === "from"
          ? q.eq("coverStatus", "ready").gte("randomRank", point)
          : q.eq("coverStatus", "ready").lt("randomRank", point),
      );
  for (let probe = 0; probe < DEAL_PROBES; probe++) {
    const point = Math.random();
    const anime =
      (await dealable("from", point).first()) ?? (await dealable("before", point).first());
    if (anime === null) return { kind: "empty" };
    const value = await consider(anime);
    if (value !== null) return { kind: "taken", value };
  }
  const point = Math.random();
  let offered = 0;
  for (const part of ["from", "before"] as const) {
    for await (const anime of dealable(part, point)) {
      const value = await consider(anime);
      if (value !== null) return { kind: "taken", value };
      if (++offered >= DEAL_CANDIDATES) return { kind: "declined" };
    }
  }
  return { kind: "declined" };
}

export type Draw =
  /** `clue`: the clue as dealt, checked against the pool now (catalogue/clue/roundClue.ts). */
  | { kind: "anime"; anime: Doc<"anime">; seenBefore: boolean; clue: string }
  /** The pool has no anime at all. */
  | { kind: "empty" }
  /** The pool holds only the anime the player was just shown. */
  | { kind: "nothingElse" };

/**
 * An anime for the player, preferring one whose answer they have not seen, in a bounded number
 * of reads however large the pool or the player's history (`probeDealable`: random probes, then
 * a short walk; a player who has seen 60 % of the pool would meet runs longer than any single
 * walk). Each candidate costs one seen-check read. If every one checked was seen, the one seen
 * longest ago comes back (it cannot score). `exclude`, the anime just shown, is never drawn, nor
 * is one barred for the player now (dealBar.ts: e.g. in play in one of their rooms, or the
 * Daily's: in its reserve, or today's or tomorrow's). An anime
 * with no clue worth dealing (roundClue: release notes only) is passed over.
 */
export async function drawAnime(
  ctx: QueryCtx,
  userId: Id<"users">,
  exclude: Id<"anime"> | null,
  now: number,
): Promise<Draw> {
  const seenAt = new Map<Id<"anime">, number>();
  const clueless = new Set<Id<"anime">>();
  let oldestSeen: { anime: Doc<"anime">; seenAt: number } | null = null;
  const barred = new Set<Id<"anime">>();
  const daily = await dailyBarAt(ctx, now);
  let sawExcluded = false;
  /** The draw for `anime` if it is unseen; otherwise notes it and returns null. */
  const consider = async (anime: Doc<"anime">): Promise<Draw | null> => {
    if (anime._id === exclude) {
      sawExcluded = true;
      return null;
    }
    if (seenAt.has(anime._id) || clueless.has(anime._id) || barred.has(anime._id)) return null;
    const seen = isDailys(anime, daily) ? null : await seenRecord(ctx, userId, anime._id);
    if (barredFromDeal(anime, seen, { kind: "solo" }, now, daily)) {
      barred.add(anime._id);
      return null;
    }
    if (seen === null) {
      const clue = await roundClue(ctx, anime);
      if (clue !== null) return { kind: "anime", anime, seenBefore: false, clue };
      clueless.add(anime._id);
      return null;
    }
    seenAt.set(anime._id, seen.seenAt);
    if (oldestSeen === null || seen.seenAt < oldestSeen.seenAt) {
      oldestSeen = { anime, seenAt: seen.seenAt };
    }
    return null;
  };
  const probed = await probeDealable(ctx, consider);
  if (probed.kind === "taken") return probed.value;
  if (probed.kind === "empty") return { kind: "empty" };
  const fallback = oldestSeen as { anime: Doc<"anime">; seenAt: number } | null;
  if (fallback !== null) {
    const clue = (await roundClue(ctx, fallback.anime)) ?? fallback.anime.clue;
    return { kind: "anime", anime: fallback.anime, seenBefore: true, clue };
  }
  // Anime that exist but may not be dealt now: nothing else to deal, no refresh to start.
  return sawExcluded || barred.size > 0 ? { kind: "nothingElse" } : { kind: "empty" };
}
