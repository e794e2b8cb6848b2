import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { fetchCataloguePage } from "./model/catalogue/anilist";
import * as Refresh from "./model/catalogue/refresh";

/**
 * Refreshes the anime pool now: `npx convex run catalogue:refreshNow`, or
 * from the dashboard. Joins the running refresh if there is one.
 */
export const refreshNow = internalMutation({
  args: {},
  returns: v.id("catalogueRefreshes"),
  handler: async (ctx): Promise<Id<"catalogueRefreshes">> =>
    await Refresh.startRefresh(ctx, "manual"),
});

/** The daily cron's refresh. */
export const refreshDaily = internalMutation({
  args: {},
  returns: v.id("catalogueRefreshes"),
  handler: async (ctx): Promise<Id<"catalogueRefreshes">> =>
    await Refresh.startRefresh(ctx, "daily"),
});

export const isRunning = internalQuery({
  args: { refreshId: v.id("catalogueRefreshes") },
  returns: v.boolean(),
  handler: async (ctx, { refreshId }): Promise<boolean> =>
    await Refresh.isRefreshRunning(ctx, refreshId),
});

/** Fetches one page of the catalogue query and hands the outcome to a mutation. */
export const fetchPage = internalAction({
  args: { refreshId: v.id("catalogueRefreshes"), page: v.number(), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, { refreshId, page, attempt }): Promise<null> => {
    // A refresh abandoned as stale must not keep sending requests beside its successor.
    if (!(await ctx.runQuery(internal.catalogue.isRunning, { refreshId }))) return null;
    const result = await fetchCataloguePage(page);
    if (!result.ok) {
      console.warn(`Catalogue page ${page}, try ${attempt} failed: ${result.error}`);
      await ctx.runMutation(internal.catalogue.recordFailure, {
        refreshId,
        page,
        attempt,
        error: result.error,
        ...(result.retryAfterMs === undefined ? {} : { retryAfterMs: result.retryAfterMs }),
      });
      return null;
    }
    for (const invalid of result.page.invalid) {
      console.warn("Invalid anime data received", invalid);
    }
    await ctx.runMutation(internal.catalogue.storePage, {
      refreshId,
      page,
      items: result.page.items,
      invalidCount: result.page.invalid.length,
      hasNextPage: result.page.hasNextPage,
    });
    return null;
  },
});

export const storePage = internalMutation({
  args: Refresh.storedPageFields,
  returns: v.null(),
  handler: async (ctx, args): Promise<null> => {
    await Refresh.storePage(ctx, args);
    return null;
  },
});

export const recordFailure = internalMutation({
  args: Refresh.pageFailureFields,
  returns: v.null(),
  handler: async (ctx, args): Promise<null> => {
    await Refresh.recordPageFailure(ctx, args);
    return null;
  },
});
