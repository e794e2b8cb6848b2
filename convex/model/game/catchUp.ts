/**
 * What the clock says should already have happened to a game (a reset due, a cooldown over, a
 * round withdrawn because its anime became a Daily's), applied by the player's own calls. No job
 * is scheduled per player for any of them: every game call catches up first, and an open game
 * page calls `game.sync` at the instant the view names (`nextResetAt`, `cooldownEnd`), so the
 * player watching sees the change at once. The server decides by its own clock: a call before
 * the instant changes nothing.
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { cooldownEndChanges } from "./cooldown";
import { dealRound } from "./deal";
import { nextReset, resetChanges } from "./reset";
import { gameOf, type Game, type GameChanges } from "./state";
import { withdrawnRound } from "./withdraw";

/**
 * Withdraws a round in play whose anime became a Daily's (withdraw.ts), then applies a missed
 * reset or a finished cooldown. A player who has spent nothing since the last reset (the
 * allowance is full) and is not watching only has the next reset moved; one who is watching (an
 * open page asking) gets the new day's anime on screen. A withdrawn round is replaced at once,
 * by the reset's deal when one is due, or by a deal of its own.
 */
export async function catchUp(
  ctx: MutationCtx,
  game: Game,
  now: number,
  { watching = false }: { watching?: boolean } = {},
): Promise<Game> {
  const withdrawn = await withdrawnRound(ctx, game, now);
  const current = withdrawn === null ? game : { ...game, round: withdrawn };
  let changes: GameChanges = withdrawn === null ? {} : { round: withdrawn };
  let dealtAtReset = false;
  if (now >= current.nextResetAt) {
    dealtAtReset = watching || current.lastActiveAt >= current.lastReset;
    const reset = dealtAtReset
      ? await resetChanges(ctx, current, now)
      : nextReset(current, current.lastReset, now);
    changes = { ...changes, ...reset };
  } else if (current.cooldownEnd !== null && now >= current.cooldownEnd) {
    changes = { ...changes, ...cooldownEndChanges(current) };
  }
  if (withdrawn !== null && !dealtAtReset) {
    const dealt = await dealRound(ctx, { ...current, ...changes }, now);
    if (dealt.kind === "dealt") changes = { ...changes, ...dealt.changes };
  }
  if (Object.keys(changes).length === 0) return game;
  await ctx.db.patch("games", game._id, changes);
  return { ...game, ...changes };
}

/**
 * `game.sync`: an open page asking, at the instant its view named, for what is due by then.
 * Returns the server's clock, which the page's may disagree with: asked too early, it knows how
 * long to wait before asking again.
 */
export async function syncGame(ctx: MutationCtx, userId: Id<"users">): Promise<{ now: number }> {
  const now = Date.now();
  const game = await gameOf(ctx, userId);
  if (game !== null) await catchUp(ctx, game, now, { watching: true });
  return { now };
}
