/**
 * A round in play whose anime became a Daily's after it was dealt. Every deal refuses today's
 * and tomorrow's Daily anime (dealBar.ts), but a round dealt before its anime was chosen stays
 * in play, through resets that find nothing else to deal and across days: its answer, shown by
 * a skip, a miss or a right guess, would answer the Daily before the player has played it (and a
 * right guess would confirm one). So the player's next game call withdraws it (catchUp.ts):
 * it ends unrevealed, costs nothing, and another anime is dealt in its place.
 */
import type { QueryCtx } from "../../_generated/server";
import { dailyBarAt } from "../daily/bar";
import type { Game, Round } from "./state";

/**
 * The game's round, withdrawn, if it is in play and its anime is one of today's or tomorrow's
 * Daily now; null otherwise. One indexed read, only for a round in play.
 */
export async function withdrawnRound(
  ctx: QueryCtx,
  game: Game,
  now: number,
): Promise<Round | null> {
  const round = game.round;
  if (round === null || round.status !== "playing") return null;
  const daily = await dailyBarAt(ctx, now);
  return daily.has(round.animeId) ? { ...round, status: "withdrawn" } : null;
}
