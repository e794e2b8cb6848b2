import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import { internalMutation, internalQuery } from "./_generated/server";
import { coverForToken, deleteRetiredCovers } from "./model/catalogue/covers";
import * as Queue from "./model/catalogue/coverQueue";
import * as Puzzle from "./model/daily/puzzle";
import { coverSet } from "./schema";

/** A worker's next anime (convex/model/catalogue/coverQueue.ts), or null: none, or run replaced. */
export const claim = internalMutation({
  args: { slot: v.number(), run: v.number() },
  returns: nullable(v.object({ animeId: v.id("anime"), source: v.string(), claim: v.string() })),
  handler: async (ctx, { slot, run }) => await Queue.claimCover(ctx, slot, run, Date.now()),
});

export const store = internalMutation({
  args: { animeId: v.id("anime"), claim: v.string(), covers: coverSet },
  returns: v.null(),
  handler: async (ctx, { animeId, claim, covers }): Promise<null> => {
    const now = Date.now();
    if (await Queue.storeCovers(ctx, animeId, claim, covers, now)) {
      await Puzzle.chooseTodayOnceReady(ctx, now);
    }
    return null;
  },
});

/** A cover the worker could not make: retried later when the failure may pass, else missing. */
export const failed = internalMutation({
  args: { animeId: v.id("anime"), claim: v.string(), source: v.string(), transient: v.boolean() },
  returns: v.null(),
  handler: async (ctx, args): Promise<null> => {
    await Queue.coverFailed(ctx, args, Date.now());
    return null;
  },
});

export const release = internalMutation({
  args: { animeId: v.id("anime"), claim: v.string() },
  returns: v.null(),
  handler: async (ctx, { animeId, claim }): Promise<null> => {
    await Queue.releaseCover(ctx, animeId, claim);
    return null;
  },
});

export const finishRun = internalMutation({
  args: { slot: v.number(), run: v.number(), error: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { slot, run, error }): Promise<null> => {
    await Queue.finishRun(ctx, slot, run, Date.now(), error);
    return null;
  },
});

/** The cron's check: a queue with covers to make and no worker on it gets its workers back. */
export const startWorkers = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx): Promise<null> => {
    await Queue.startCoverWorkers(ctx, Date.now());
    return null;
  },
});

/** Deletes the replaced cover sets no round can show any more, batch after batch. */
export const deleteRetired = internalMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx): Promise<null> => {
    if (await deleteRetiredCovers(ctx, Date.now())) {
      await ctx.scheduler.runAfter(0, internal.covers.deleteRetired, {});
    }
    return null;
  },
});

/** For the /cover/ HTTP route: the image a token may show at `step`, or null. */
export const forToken = internalQuery({
  args: { token: v.string(), step: v.string() },
  returns: nullable(v.id("_storage")),
  handler: async (ctx, { token, step }) => await coverForToken(ctx, token, step),
});
