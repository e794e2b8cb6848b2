import type { Doc, Id } from "../../_generated/dataModel";
import { isDailys, type DailyBar } from "./dailyBar";
import { ROOM_SEEN_BAR_MS } from "../shared/rules";

/** Who is dealing: the player's own (solo) round, or the party room `roomId`'s round. */
export type Dealer = { kind: "solo" } | { kind: "room"; roomId: Id<"rooms"> };

/**
 * Whether an anime must not be dealt to a player now, by any deal, even one falling back to
 * anime the player has seen: the one place for every reason an anime is off limits to someone.
 *
 * - It is in the Daily's reserve (daily/reserve.ts: read off the anime's own document, no read),
 *   or one of today's or tomorrow's Daily anime (`daily`, read once per deal: round/dailyBar.ts): the
 *   same for everyone, so a Challenge or room round of it would spoil a Daily, answer it, or
 *   tell it apart from the anime that are dealt. No deal gives it to anyone, whatever else the
 *   pool holds.
 * - The player was shown it in a party room within ROOM_SEEN_BAR_MS. It may still be in play
 *   there, where its sharper cover and a "correct" are a look-up for another deal, and a solo
 *   round must never score an anime seen in a room that day. Only that same room may deal it
 *   again (a small pool repeats rather than deals nothing). It decides from the player's seen
 *   record, which every deal reads for each candidate anyway, so it costs no read.
 */
export function barredFromDeal(
  anime: Doc<"anime">,
  seen: Doc<"seenAnime"> | null,
  dealer: Dealer,
  now: number,
  daily: DailyBar,
): boolean {
  if (isDailys(anime, daily)) return true;
  if (seen?.roomSeenAt === undefined || now - seen.roomSeenAt >= ROOM_SEEN_BAR_MS) return false;
  return dealer.kind === "solo" || seen.roomId !== dealer.roomId;
}
