import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalAction, internalMutation, internalQuery } from "./_generated/server";
import { playerMutation, playerQuery } from "./functions";
import { fetchCataloguePage } from "./model/catalogue/anilist";
import * as Pool from "./model/catalogue/pool";
import { smallPoolHint } from "./model/daily/poolHint";
import * as Refresh from "./model/catalogue/refresh";

/**
 * How ready the pool is, for a game screen with no round yet (a fresh deployment): it shows the
 * progress, and opens the game again once an anime is ready.
 */
export const poolStatus = playerQuery({
  args: {},
  returns: Pool.poolStatusValidator,
  handler: async (ctx) => await Pool.poolStatus(ctx),
});

/** The pool report, and what a pool too small for the Daily and the game means (or null). */
const reportWithHint = v.object({ ...Pool.poolReportValidator.fields, hint: nullable(v.string()) });

/**
 * The waiting screen's Try again, when nothing fills the pool any more (a refresh that failed or
 * died, covers that could not be made): starts a refresh unless an anime is ready, one is running
 * or covers are on their way, so however often players press it, at most one refresh runs.
 */
export const fillAgain = playerMutation({
  args: {},
  returns: v.null(),
  handler: async (ctx): Promise<null> => {
    await Refresh.ensurePool(ctx);
    return null;
  },
});

/**
 * Fills a deployment's pool: `npx convex run catalogue:fillPool` (`npm run dev` runs it). Starts
 * a refresh unless a first page's worth of anime is ready, and returns `poolReport`.
 */
export const fillPool = internalMutation({
  args: {},
  returns: reportWithHint,
  handler: async (ctx) => ({
    ...(await Pool.fillPool(ctx)),
    hint: await smallPoolHint(ctx, Date.now()),
  }),
});

/** The pool's state for an operator: `npx convex run catalogue:poolReport --watch`. */
export const poolReport = internalQuery({
  args: {},
  returns: reportWithHint,
  handler: async (ctx) => ({
    ...(await Pool.poolReport(ctx)),
    hint: await smallPoolHint(ctx, Date.now()),
  }),
});

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

/** A refresh's watch (`Refresh.watchRefresh`): a refresh that stopped making progress is failed. */
export const watch = internalMutation({
  args: { refreshId: v.id("catalogueRefreshes") },
  returns: v.null(),
  handler: async (ctx, { refreshId }): Promise<null> => {
    await Refresh.watchRefresh(ctx, refreshId);
    return null;
  },
});

export const isRunning = internalQuery({
  args: { refreshId: v.id("catalogueRefreshes") },
  returns: v.boolean(),
  handler: async (ctx, { refreshId }): Promise<boolean> =>
    await Refresh.isRefreshRunning(ctx, refreshId),
});

/** Fetches one page of the catalogue query and hands the outcome to a mutation. */
export const fetchPage = internalAction({
  args: Refresh.fetchPageFields,
  returns: v.null(),
  handler: async (ctx, scheduled): Promise<null> => {
    const { refreshId, page, attempt } = scheduled;
    // A refresh failed as dead must not keep sending requests beside its successor.
    if (!(await ctx.runQuery(internal.catalogue.isRunning, { refreshId }))) return null;
    const result = await fetchCataloguePage(page);
    if (!result.ok) {
      console.warn(
        result.rateLimited === true
          ? `Catalogue page ${page}: rate limited by AniList`
          : `Catalogue page ${page}, try ${attempt} failed: ${result.error}`,
      );
      const { ok: _ok, ...failure } = result;
      await ctx.runMutation(internal.catalogue.recordFailure, { ...scheduled, ...failure });
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
