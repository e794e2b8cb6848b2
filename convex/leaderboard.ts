import { paginationOptsValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, query } from "./_generated/server";
import { playerQuery } from "./functions";
import * as Boards from "./model/boards/board";
import { readRanks } from "./model/boards/rank";

/**
 * Which board: the period (all time by default) and the UTC day the client shows as today, which
 * the day and week boards require.
 */
const boardArgs = { period: v.optional(Boards.periodValidator), day: v.optional(v.string()) };

/** A board's top players, for everyone: visitors may view the leaderboard too. */
export const top = query({
  args: { ...boardArgs, limit: v.optional(v.number()) },
  returns: v.array(Boards.leaderboardEntryValidator),
  handler: async (ctx, args) =>
    await Boards.topOfBoard(ctx, Boards.boardOf(args.period ?? "all", args.day), args.limit),
});

/**
 * The signed-in player's own points on a board: re-runs only when they score. Their rank comes
 * from these and `ranks` (src/features/leaderboard/useLeaderboard.ts).
 */
export const mine = playerQuery({
  args: boardArgs,
  returns: Boards.ownEntryValidator,
  handler: async (ctx, args) =>
    await Boards.ownEntryOn(ctx, Boards.boardOf(args.period ?? "all", args.day), ctx.profile),
});

/**
 * A board's rank statistics (players, best scores, score buckets), for everyone: the same for
 * every viewer, so Convex runs it once per board for all of them, and again only when the fold
 * publishes them (at most every RANKS_PUBLISH_MS, model/boards/snapshot.ts). Each screen ranks
 * its own live score against them.
 */
export const ranks = query({
  args: boardArgs,
  returns: Boards.rankStatsValidator,
  handler: async (ctx, args) =>
    await readRanks(ctx, Boards.boardOf(args.period ?? "all", args.day)),
});

/**
 * Puts every existing player's score on the all-time board and its rank statistics, a page of
 * users per run, each run scheduling the next: `npx convex run leaderboard:backfillAllTime`.
 * Safe to run again or while players score (an entry only ever rises to the user's score).
 */
export const backfillAllTime = internalMutation({
  args: { paginationOpts: v.optional(paginationOptsValidator) },
  returns: v.object({ scanned: v.number(), updated: v.number(), isDone: v.boolean() }),
  handler: async (ctx, { paginationOpts }) => {
    const page = await ctx.db
      .query("users")
      .paginate(paginationOpts ?? { numItems: 200, cursor: null });
    let updated = 0;
    for (const user of page.page) if (await Boards.syncAllTime(ctx, user)) updated += 1;
    if (!page.isDone) {
      await ctx.scheduler.runAfter(0, internal.leaderboard.backfillAllTime, {
        paginationOpts: { numItems: paginationOpts?.numItems ?? 200, cursor: page.continueCursor },
      });
    }
    return { scanned: page.page.length, updated, isDone: page.isDone };
  },
});

const PRUNE_BATCH = 500;

/**
 * Daily (convex/crons.ts): deletes every day and week board older than what is kept
 * (DAY_BOARDS_KEPT_DAYS, WEEK_BOARDS_KEPT_WEEKS), so past boards do not pile up; boards a missed
 * run left behind go too. A batch now, the rest by `prunePastBoards` runs it schedules.
 */
export const pruneOldBoards = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx) => {
    const kept = Boards.keptBoardsFrom(Date.now());
    if (!(await Boards.prunePastBoards(ctx, kept, PRUNE_BATCH))) {
      await ctx.scheduler.runAfter(0, internal.leaderboard.prunePastBoards, kept);
    }
    return null;
  },
});

/** Deletes past boards a batch at a time, each run scheduling the next until none is left. */
export const prunePastBoards = internalMutation({
  args: Boards.pastBoardsValidator.fields,
  returns: v.null(),
  handler: async (ctx, kept) => {
    const done = await Boards.prunePastBoards(ctx, kept, PRUNE_BATCH);
    if (!done) await ctx.scheduler.runAfter(0, internal.leaderboard.prunePastBoards, kept);
    return null;
  },
});
