import type { TableNamesInDataModel } from "convex/server";
import type { DataModel, Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { removeDeletedPlayer } from "../rooms/cleanup";
import { utcDay } from "../shared/localTime";
import { recordTally } from "../tallies/record";

/** Documents one deletion step deletes or rewrites at most: one transaction stays small. */
export const PURGE_BATCH = 200;

/** Whose documents go: the e-mail only in the first step (the jobs after it carry no address). */
export type Departing = { userId: Id<"users">; email?: string };

/** Deletes (or unlinks) at most `limit` of the player's documents in one table: how many it did. */
type Purge = (ctx: MutationCtx, who: Departing, limit: number) => Promise<number>;

/**
 * What deleting an account does to each table: `purge` removes the player's documents from it;
 * `keeps` says why the table keeps what it has. Typed over every table of the schema, so a new
 * table does not compile until it is placed here (convex/tests/accounts/deletion.test.ts then checks
 * each rule against the documents a played account leaves behind).
 */
export type TableRule = { purge: Purge } | { keeps: string };

type TableName = TableNamesInDataModel<DataModel>;

async function deleteAll<T extends TableName>(
  ctx: MutationCtx,
  table: T,
  docs: Doc<T>[],
): Promise<number> {
  for (const doc of docs) await ctx.db.delete(table, doc._id);
  return docs.length;
}

const noPlayer = "holds nothing that names a player";

/** The order matters: the account and its sign-in go first, in the call that asked. */
export const accountTables: Record<TableName, TableRule> = {
  authAccounts: {
    purge: async (ctx, { userId }, limit) => {
      let done = 0;
      const accounts = await ctx.db
        .query("authAccounts")
        .withIndex("userIdAndProvider", (q) => q.eq("userId", userId))
        .take(limit);
      for (const account of accounts) {
        // An account has at most one reset e-mail live (a new one replaces it), and at most one
        // code of Convex Auth's e-mail provider, which sent reset codes before `resetCodes`.
        const resetCode = await ctx.db
          .query("resetCodes")
          .withIndex("by_accountId", (q) => q.eq("accountId", account._id))
          .unique();
        if (resetCode !== null) await ctx.db.delete("resetCodes", resetCode._id);
        const code = await ctx.db
          .query("authVerificationCodes")
          .withIndex("accountId", (q) => q.eq("accountId", account._id))
          .unique();
        if (code !== null) await ctx.db.delete("authVerificationCodes", code._id);
        // Wrong passwords are counted under the account's id (wrong reset codes, the address).
        const limit = await ctx.db
          .query("authRateLimits")
          .withIndex("identifier", (q) => q.eq("identifier", account._id))
          .unique();
        if (limit !== null) await ctx.db.delete("authRateLimits", limit._id);
        await ctx.db.delete("authAccounts", account._id);
        done += 1 + [resetCode, code, limit].filter((doc) => doc !== null).length;
      }
      return done;
    },
  },
  authVerificationCodes: {
    // Found through the account, so they go with it (above), before the account itself.
    purge: () => Promise.resolve(0),
  },
  resetCodes: {
    // Found through the account, so they go with it (above), before the account itself.
    purge: () => Promise.resolve(0),
  },
  authRateLimits: {
    // Wrong reset codes of Convex Auth's e-mail provider, counted under the address, which a
    // deployment may still hold from before `resetCodes` (2026-11-28; wrong passwords go with the
    // account). Convex Auth never deletes them, so this rule stays while any may be stored.
    purge: async (ctx, { email }, limit) => {
      if (email === undefined || limit < 1) return 0;
      const limits = await ctx.db
        .query("authRateLimits")
        .withIndex("identifier", (q) => q.eq("identifier", email))
        .take(1);
      return await deleteAll(ctx, "authRateLimits", limits);
    },
  },
  users: {
    purge: async (ctx, { userId }, limit) => {
      const user = limit < 1 ? null : await ctx.db.get("users", userId);
      if (user === null) return 0;
      await ctx.db.delete("users", userId);
      return 1;
    },
  },
  authSessions: {
    purge: async (ctx, { userId }, limit) => {
      let done = 0;
      const sessions = await ctx.db
        .query("authSessions")
        .withIndex("userId", (q) => q.eq("userId", userId))
        .take(limit);
      for (const session of sessions) {
        const tokens = await ctx.db
          .query("authRefreshTokens")
          .withIndex("sessionId", (q) => q.eq("sessionId", session._id))
          .take(limit - done);
        done += await deleteAll(ctx, "authRefreshTokens", tokens);
        // A session with tokens left waits for the next step, which finds it again.
        if (done >= limit) return done;
        await ctx.db.delete("authSessions", session._id);
        if (++done >= limit) return done;
      }
      return done;
    },
  },
  authRefreshTokens: {
    // Found through their session, so they go with it (above), before the session itself.
    purge: () => Promise.resolve(0),
  },
  authVerifiers: {
    keeps:
      "PKCE verifiers of OAuth sign-ins: this app signs in with passwords only, so it has none",
  },
  games: {
    purge: async (ctx, { userId }, limit) => {
      const games = await ctx.db
        .query("games")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(limit);
      return await deleteAll(ctx, "games", games);
    },
  },
  seenAnime: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "seenAnime",
        await ctx.db
          .query("seenAnime")
          .withIndex("by_userId_and_animeId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  contests: {
    keeps:
      "a name and how many players sent it, never who: a departed player's contest still counts",
  },
  contestVotes: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "contestVotes",
        await ctx.db
          .query("contestVotes")
          .withIndex("by_userId_and_day", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  playerDays: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "playerDays",
        await ctx.db
          .query("playerDays")
          .withIndex("by_userId_and_day", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  playerStats: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "playerStats",
        await ctx.db
          .query("playerStats")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  boardEntries: {
    // Off the boards' rank statistics too: the fold applies each entry's move to 0.
    purge: async (ctx, { userId }, limit) => {
      const entries = await ctx.db
        .query("boardEntries")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(limit);
      if (entries.length > 0) {
        const moves = entries.map(({ board, score }) => ({ board, from: score, to: 0 }));
        await recordTally(ctx, { day: utcDay(Date.now()), moves }, userId);
      }
      return await deleteAll(ctx, "boardEntries", entries);
    },
  },
  boardStats: {
    keeps: "per-board counts and score buckets over all players: no document names one",
  },
  boardRanks: {
    keeps: "per-board counts and best scores over all players: no document names one",
  },
  tallies: { keeps: `counts and score moves waiting for the fold: ${noPlayer}` },
  foldState: { keeps: `the fold's chain of jobs: ${noPlayer}` },
  foldCursors: { keeps: `where each lane of the fold stopped: ${noPlayer}` },
  foldBatches: { keeps: `counts and score moves gathered by the fold: ${noPlayer}` },
  foldApplied: { keeps: `the fold's apply state: ${noPlayer}` },
  rankSnapshots: {
    keeps: "per-board counts and best scores as published: no document names one",
  },
  roomPlayers: {
    purge: async (ctx, { userId }, limit) => {
      // Each membership costs up to a room's worth of documents: count it as the room's size.
      const memberships = await ctx.db
        .query("roomPlayers")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .take(Math.ceil(limit / ROOM_COST));
      for (const member of memberships) await removeDeletedPlayer(ctx, member.roomId, userId);
      return memberships.length * ROOM_COST;
    },
  },
  roomHeartbeats: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "roomHeartbeats",
        await ctx.db
          .query("roomHeartbeats")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  rooms: {
    // Rooms the player made but no longer sits in (a host leaving passes the room on).
    purge: async (ctx, { userId }, limit) => {
      const rooms = await ctx.db
        .query("rooms")
        .withIndex("by_createdBy", (q) => q.eq("createdBy", userId))
        .take(Math.ceil(limit / ROOM_COST));
      for (const room of rooms) await removeDeletedPlayer(ctx, room._id, userId);
      return rooms.length * ROOM_COST;
    },
  },
  roomRounds: { keeps: `rounds of a room's game: ${noPlayer}` },
  roomBans: {
    // Rooms the host removed the player from.
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "roomBans",
        await ctx.db
          .query("roomBans")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  roomJoinAttempts: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "roomJoinAttempts",
        await ctx.db
          .query("roomJoinAttempts")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  budgetShards: { keeps: `the game's budgets, tokens left per shard: ${noPlayer}` },
  dailyPuzzles: { keeps: `each day's anime, the same for everyone: ${noPlayer}` },
  dailyAnimeUses: { keeps: `the last Daily each anime was in: ${noPlayer}` },
  dailyRounds: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "dailyRounds",
        await ctx.db
          .query("dailyRounds")
          .withIndex("by_userId_and_number_and_index", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  dailyStreaks: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "dailyStreaks",
        await ctx.db
          .query("dailyStreaks")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  dailyResults: {
    keeps: `the world's counts for each Daily anime (players, solved, guesses): ${noPlayer}`,
  },
  beta_feedback: {
    keeps:
      "feedback the player sent stays for the admins: it names them only by the id of the " +
      "deleted account, so the dashboard can show no e-mail or name for it",
  },
  feedbackStats: { keeps: `running totals over all feedback: ${noPlayer}` },
  beta_analytics: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "beta_analytics",
        await ctx.db
          .query("beta_analytics")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  gameDailyStats: { keeps: `game use per day, summed over all players: ${noPlayer}` },
  adminClaimAttempts: {
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "adminClaimAttempts",
        await ctx.db
          .query("adminClaimAttempts")
          .withIndex("by_userId", (q) => q.eq("userId", userId))
          .take(limit),
      ),
  },
  adminClaimCodes: {
    // A code the player spent can never be spent again: it goes before its cleanup would.
    purge: async (ctx, { userId }, limit) =>
      await deleteAll(
        ctx,
        "adminClaimCodes",
        await ctx.db
          .query("adminClaimCodes")
          .withIndex("by_usedBy", (q) => q.eq("usedBy", userId))
          .take(limit),
      ),
  },
  anime: { keeps: `the catalogue: ${noPlayer}` },
  titleTerms: { keeps: `the judge's title index: ${noPlayer}` },
  titlePrefixes: { keeps: `the suggestions' title index: ${noPlayer}` },
  catalogueRefreshes: { keeps: `the catalogue refresh's log: ${noPlayer}` },
  coverWorkers: { keeps: `the cover workers' slots: ${noPlayer}` },
  retiredCovers: { keeps: `replaced cover images: ${noPlayer}` },
};

/** What leaving one room may touch: the room, its players' seats and heartbeats, its rounds. */
const ROOM_COST = 40;

/**
 * One step of deleting an account: at most PURGE_BATCH documents, table by table in the order
 * above. True when nothing of the player is left; otherwise another step must follow.
 */
export async function purgeStep(ctx: MutationCtx, who: Departing): Promise<boolean> {
  let left = PURGE_BATCH;
  for (const rule of Object.values(accountTables)) {
    if (!("purge" in rule)) continue;
    left -= await rule.purge(ctx, who, left);
    if (left <= 0) return false;
  }
  return true;
}
