import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { playerMutation, playerQuery } from "./functions";
import * as CatchUp from "./model/game/catchUp";
import * as Play from "./model/game/play";
import {
  gameView,
  gameViewValidator,
  guessOutcomeValidator,
  nextOutcomeValidator,
  startOutcomeValidator,
} from "./model/game/view";

/** The signed-in player's game screen; null until `start` has run once. */
export const state = playerQuery({
  args: {},
  returns: nullable(gameViewValidator),
  handler: async (ctx) => await gameView(ctx, ctx.user),
});

/** Opens the game for a visit, in the player's IANA time zone (e.g. "Europe/Paris"). */
export const start = playerMutation({
  args: { timeZone: v.string() },
  returns: startOutcomeValidator,
  handler: async (ctx, { timeZone }) => await Play.startVisit(ctx, ctx.user._id, timeZone),
});

/**
 * Opens the game for a visit, as `start` does, and returns the game screen (`state`'s view) in the
 * same round trip: the page shows the clue from this result, then follows `state`: the clue is one round trip away.
 */
export const open = playerMutation({
  args: { timeZone: v.string() },
  returns: nullable(gameViewValidator),
  handler: async (ctx, { timeZone }) => {
    await Play.startVisit(ctx, ctx.user._id, timeZone);
    return await gameView(ctx, ctx.user);
  },
});

/** Submits a guess for round `roundNumber`, after `attempt` earlier guesses on it. */
export const guess = playerMutation({
  args: { roundNumber: v.number(), attempt: v.number(), guess: v.string() },
  returns: guessOutcomeValidator,
  handler: async (ctx, args) => await Play.submitGuess(ctx, ctx.user, args),
});

/** Skip, or Next Anime once the round has ended. */
export const next = playerMutation({
  args: { roundNumber: v.number() },
  returns: nextOutcomeValidator,
  handler: async (ctx, { roundNumber }) => await Play.nextRound(ctx, ctx.user._id, roundNumber),
});

/**
 * What an open game page calls at the instant its view names (`nextResetAt`, `cooldownEnd`): the
 * reset or the cooldown's end if the server's clock says it is due, nothing otherwise. Returns
 * the server's clock, for a page whose clock runs ahead to know when to ask again.
 */
export const sync = playerMutation({
  args: {},
  returns: v.object({ now: v.number() }),
  handler: async (ctx) => await CatchUp.syncGame(ctx, ctx.user._id),
});
