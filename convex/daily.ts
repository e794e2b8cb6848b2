import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { internalMutation, query } from "./_generated/server";
import { playerMutation, playerQuery } from "./functions";
import { poolHeldByDaily } from "./model/round/dailyBar";
import * as Play from "./model/daily/play";
import * as Puzzle from "./model/daily/puzzle";
import * as Results from "./model/daily/results";
import {
  dailyGuessOutcomeValidator,
  dailyMoveOutcomeValidator,
  dailyOpenOutcomeValidator,
  dailyView,
  dailyViewValidator,
} from "./model/daily/view";

/**
 * The player's screen of Daily #`number`: null until they have opened it (on its day). The page
 * opens today's with `open`, then follows this.
 */
export const view = playerQuery({
  args: { number: v.number() },
  returns: nullable(dailyViewValidator),
  handler: async (ctx, { number }) => await dailyView(ctx, ctx.user._id, number),
});

/**
 * Opens today's Daily (its first anime on the first visit) and returns its screen; or, while
 * the pool cannot fill a Daily yet, why (an empty pool's fill started), for the page to wait.
 */
export const open = playerMutation({
  args: {},
  returns: dailyOpenOutcomeValidator,
  handler: async (ctx) => await Play.openDaily(ctx, ctx.user._id),
});

/**
 * Whether today's and tomorrow's Dailies hold every anime ready (today being Daily #`number`):
 * then the game and rooms deal nothing, and their screens say why. How many are ready then;
 * null otherwise. Names no anime: only a count, the same for everyone.
 */
export const poolHeld = playerQuery({
  args: { number: v.number() },
  returns: nullable(v.object({ ready: v.number() })),
  handler: async (ctx, { number }) => await poolHeldByDaily(ctx, number),
});

/** A guess on anime `index` of Daily #`number`, after `attempt` earlier guesses on it. */
export const guess = playerMutation({
  args: { number: v.number(), index: v.number(), attempt: v.number(), guess: v.string() },
  returns: dailyGuessOutcomeValidator,
  handler: async (ctx, args) => await Play.guessDaily(ctx, ctx.user._id, args),
});

/** Give up on anime `index`: its answer is shown, and it counts as missed. */
export const giveUp = playerMutation({
  args: { number: v.number(), index: v.number() },
  returns: dailyMoveOutcomeValidator,
  handler: async (ctx, args) => await Play.giveUpDaily(ctx, ctx.user._id, args),
});

/** Next anime: the one after anime `index`, once that one has ended. */
export const next = playerMutation({
  args: { number: v.number(), index: v.number() },
  returns: dailyMoveOutcomeValidator,
  handler: async (ctx, args) => await Play.nextDaily(ctx, ctx.user._id, args),
});

/**
 * How everyone did on anime `index` of Daily #`number` (players, guesses it took, missed), as
 * folded so far: the same for every viewer (no identity read), so Convex runs it once for all
 * of them, and again only when the fold adds to that Daily's results. Names no anime.
 */
export const results = query({
  args: { number: v.number(), index: v.number() },
  returns: Results.dailyResultsValidator,
  handler: async (ctx, { number, index }) => await Results.readResults(ctx, number, index),
});

/**
 * At each UTC day's start (convex/crons.ts): today's Daily if missing, and tomorrow's when the
 * pool holds enough for both (model/daily/puzzle.ts).
 */
export const prepare = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    await Puzzle.ensureTodayAndTomorrow(ctx, Date.now());
    return null;
  },
});
