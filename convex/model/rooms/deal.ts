import type { Doc, Id } from "../../_generated/dataModel";
import type { QueryCtx } from "../../_generated/server";
import { gameOf } from "../game/state";
import { barredFromDeal } from "../round/dealBar";
import { dailyBarAt, isDailys } from "../round/dailyBar";
import { probeDealable, seenRecord } from "../round/seen";
import { roundClue } from "../catalogue/clue/roundClue";

/** An anime for a room's round and its clue as dealt (catalogue/clue/roundClue.ts). */
export type RoomDraw = { anime: Doc<"anime">; clue: string };

/**
 * The anime for a room's round, the same for everyone: one no member has seen the answer of,
 * never one on a member's solo screen now or barred for a member (round/dealBar.ts: e.g. in play
 * in another of their rooms, or the Daily's: a member of its reserve, or today's or tomorrow's),
 * and not played in this game. Like the solo deal (round/seen.ts),
 * random probes of the ready-cover index and then a short walk, each candidate checked against
 * every member's history (≤ 12 reads): bounded whatever the pool. When every candidate was seen
 * by someone, the one seen by the fewest comes back; a tiny pool may repeat an anime of this game
 * rather than deal nothing; an anime with no clue worth dealing is passed over. Null when nothing
 * may be dealt (`roomId` null: a check that the pool has anything at all).
 */
export async function drawForRoom(
  ctx: QueryCtx,
  roomId: Id<"rooms"> | null,
  userIds: Id<"users">[],
  playedThisGame: Set<Id<"anime">>,
  now: number,
): Promise<RoomDraw | null> {
  const onScreen = new Set<Id<"anime">>();
  for (const userId of userIds) {
    const round = (await gameOf(ctx, userId))?.round;
    if (round?.status === "playing") onScreen.add(round.animeId);
  }
  const daily = await dailyBarAt(ctx, now);
  const checked = new Set<Id<"anime">>();
  let best: { anime: Doc<"anime">; seenBy: number } | null = null;
  let repeat: Doc<"anime"> | null = null;
  /** The anime if nobody has seen it; otherwise notes it and returns null. */
  const consider = async (anime: Doc<"anime">): Promise<RoomDraw | null> => {
    if (checked.has(anime._id)) return null;
    checked.add(anime._id);
    // The pool check (no room) asks whether anything is ready at all: the Daily's count there.
    if (onScreen.has(anime._id) || (roomId !== null && isDailys(anime, daily))) return null;
    let seenBy = 0;
    for (const userId of userIds) {
      const seen = await seenRecord(ctx, userId, anime._id);
      if (roomId !== null && barredFromDeal(anime, seen, { kind: "room", roomId }, now, daily)) {
        return null;
      }
      if (seen !== null) seenBy++;
    }
    if (playedThisGame.has(anime._id)) {
      repeat ??= anime;
      return null;
    }
    if (seenBy === 0) {
      const clue = await roundClue(ctx, anime);
      return clue === null ? null : { anime, clue };
    }
    if (best === null || seenBy < best.seenBy) best = { anime, seenBy };
    return null;
  };
  const probed = await probeDealable(ctx, consider);
  if (probed.kind === "taken") return probed.value;
  if (probed.kind === "empty") return null;
  const fallback = (best as { anime: Doc<"anime">; seenBy: number } | null)?.anime ?? repeat;
  if (fallback === null) return null;
  return { anime: fallback, clue: (await roundClue(ctx, fallback)) ?? fallback.clue };
}
