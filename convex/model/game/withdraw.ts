/**
 * A round in play whose anime became the Daily's after it was dealt: it joined the Daily's
 * reserve (daily/reserve.ts), or, in a pool too small for one, was chosen for today's or
 * tomorrow's Daily. Every deal refuses those (dealBar.ts), but a round dealt before stays in
 * play, through resets that find nothing else to deal and across days: its answer, shown by a
 * skip, a miss or a right guess, could answer a Daily before the player has played it (and a
 * right guess would confirm one). So the player's next game call withdraws it (catchUp.ts): it
 * ends unrevealed, costs nothing, and another anime is dealt in its place, a deal like any other
 * (the view does not say why: with a reserve, all the withdrawal tells is that the anime is a
 * member, which skipping tells anyone).
 */
import type { QueryCtx } from "../../_generated/server";
import { dailyBarAt, isDailys } from "../round/dailyBar";
import type { Game, Round } from "./state";

/**
 * The game's round, withdrawn, if it is in play and its anime is the Daily's now; null
 * otherwise. Two reads (the Dailies, the anime), only for a round in play.
 */
export async function withdrawnRound(
  ctx: QueryCtx,
  game: Game,
  now: number,
): Promise<Round | null> {
  const round = game.round;
  if (round === null || round.status !== "playing") return null;
  const daily = await dailyBarAt(ctx, now);
  const anime = await ctx.db.get("anime", round.animeId);
  return anime !== null && isDailys(anime, daily) ? { ...round, status: "withdrawn" } : null;
}
