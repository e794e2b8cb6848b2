import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { utcDay } from "../shared/localTime";
import { appError } from "../shared/errors";
import { boardRankFields } from "../../schema";
import { recordTally } from "../tallies/record";
import type { ScoreMove } from "../tallies/tally";
import {
  DAY_BOARDS_KEPT_DAYS,
  LEADERBOARD_PAGE_SIZE,
  MAX_LEADERBOARD_SIZE,
  WEEK_BOARDS_KEPT_WEEKS,
} from "../shared/rules";

/**
 * The boards by period: today (the UTC day), this week (from Monday, UTC) and all time. Each is
 * a set of `boardEntries` keyed "day:YYYY-MM-DD", "week:YYYY-MM-DD" (its Monday) or "all", and
 * its rank statistics (rank.ts). Points land on the player's own entries of all three in the
 * mutation that scores them; the statistics follow through the fold, within a couple of seconds,
 * and reach viewers at most every RANKS_PUBLISH_MS (snapshot.ts).
 */
export const periodValidator = v.union(v.literal("day"), v.literal("week"), v.literal("all"));
export type Period = Infer<typeof periodValidator>;
export const ALL_TIME = "all";

/**
 * A row of a board (`leaderboard.top`), which anyone may read: its key is the board entry's own
 * id, never the player's account id. The same answer for every viewer (so Convex runs it once for
 * all of them): a screen finds its player's row by the key of their own entry (`OwnEntry`).
 */
export const leaderboardEntryValidator = v.object({
  key: v.id("boardEntries"),
  username: v.string(),
  score: v.number(),
  rank: v.number(),
});
export type LeaderboardEntry = Infer<typeof leaderboardEntryValidator>;

/**
 * The caller's own points on a board (`leaderboard.mine`). Their rank comes from these and the
 * board's statistics (`leaderboard.ranks`, the same for everyone), worked out on their screen.
 */
export const ownEntryValidator = v.object({
  /** The key of their row on the board (`LeaderboardEntry.key`); null while they have none. */
  key: nullable(v.id("boardEntries")),
  username: v.string(),
  score: v.number(),
});
export type OwnEntry = Infer<typeof ownEntryValidator>;

/** A board's rank statistics as `leaderboard.ranks` sends them (shared/rank.ts ranks a score). */
export const rankStatsValidator = v.object({
  players: boardRankFields.players,
  top: boardRankFields.top,
  buckets: boardRankFields.buckets,
});

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isIsoDay(day: string): boolean {
  return DAY_PATTERN.test(day) && utcDay(Date.parse(`${day}T00:00:00Z`) || 0) === day;
}

/** The Monday (UTC) that starts the week of `day`. */
export function weekStart(day: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return utcDay(midnight - sinceMonday * DAY_MS);
}

/**
 * The board of `period` as of the UTC `day` the client shows, which the day and week boards need:
 * a query must not read the clock (Convex caches its result until the documents it read change,
 * so the clock would stand still). Any day's board is public; a day names only which one to read.
 */
export function boardOf(period: Period, day: string | undefined): string {
  if (day !== undefined && !isIsoDay(day)) throw appError("INVALID_DAY");
  if (period === ALL_TIME) return ALL_TIME;
  if (day === undefined) throw appError("INVALID_DAY");
  return period === "day" ? `day:${day}` : `week:${weekStart(day)}`;
}

async function entryOf(ctx: QueryCtx, board: string, userId: Id<"users">) {
  return await ctx.db
    .query("boardEntries")
    .withIndex("by_board_and_userId", (q) => q.eq("board", board).eq("userId", userId))
    .unique();
}

/**
 * Puts the player at `score` points on `board` (scores only rise): their own entry now, and the
 * move for the fold to apply to the board's statistics (none if the score did not rise).
 */
async function setOnBoard(
  ctx: MutationCtx,
  board: string,
  user: { _id: Id<"users">; username: string },
  score: (current: number) => number,
): Promise<ScoreMove[]> {
  const entry = await entryOf(ctx, board, user._id);
  const from = entry?.score ?? 0;
  const to = score(from);
  if (to <= from) return [];
  if (entry === null) {
    await ctx.db.insert("boardEntries", {
      board,
      userId: user._id,
      username: user.username,
      score: to,
    });
  } else {
    await ctx.db.patch("boardEntries", entry._id, { score: to });
  }
  return [{ board, from, to }];
}

/**
 * Points just scored by `user` (whose document still holds the score before them) at `now`:
 * onto their entries of today's, this week's and the all-time board, in the caller's mutation.
 * Returns the three score moves, which the caller puts in its one tally for the boards'
 * statistics (a correct guess writes a single tally). The all-time entry follows the user's
 * score, so an entry from before the boards existed catches up here too.
 */
export async function addPoints(
  ctx: MutationCtx,
  user: Doc<"users">,
  points: number,
  now: number,
): Promise<ScoreMove[]> {
  if (points <= 0) return [];
  const player = { _id: user._id, username: user.username };
  const allTime = user.score + points;
  const day = utcDay(now);
  return [
    ...(await setOnBoard(ctx, ALL_TIME, player, () => allTime)),
    ...(await setOnBoard(ctx, `day:${day}`, player, (current) => current + points)),
    ...(await setOnBoard(ctx, `week:${weekStart(day)}`, player, (current) => current + points)),
  ];
}

/** Brings the player's all-time entry up to their score (the backfill; test seeders). */
export async function syncAllTime(ctx: MutationCtx, user: Doc<"users">): Promise<boolean> {
  const score = user.score;
  if (score <= 0) return false;
  const before = await entryOf(ctx, ALL_TIME, user._id);
  if ((before?.score ?? 0) >= score) return false;
  const moves = await setOnBoard(ctx, ALL_TIME, user, () => score);
  await recordTally(ctx, { day: utcDay(Date.now()), moves }, user._id);
  return true;
}

/** The board's best `limit` players (1 to 100), reading that many entries. Ties share a rank. */
export async function topOfBoard(
  ctx: QueryCtx,
  board: string,
  limit: number | undefined,
): Promise<LeaderboardEntry[]> {
  const wanted =
    limit !== undefined && Number.isFinite(limit) ? Math.floor(limit) : LEADERBOARD_PAGE_SIZE;
  const size = Math.min(MAX_LEADERBOARD_SIZE, Math.max(1, wanted));
  const rows = await ctx.db
    .query("boardEntries")
    .withIndex("by_board_and_score", (q) => q.eq("board", board))
    .order("desc")
    .take(size);
  const entries: LeaderboardEntry[] = [];
  for (const [index, row] of rows.entries()) {
    const previous = entries.at(-1);
    const rank = previous !== undefined && previous.score === row.score ? previous.rank : index + 1;
    entries.push({ key: row._id, username: row.username, score: row.score, rank });
  }
  return entries;
}

/** The player's own points on `board`: one document read, which only their own scoring writes. */
export async function ownEntryOn(
  ctx: QueryCtx,
  board: string,
  player: { _id: Id<"users">; username: string },
): Promise<OwnEntry> {
  const entry = await entryOf(ctx, board, player._id);
  return { key: entry?._id ?? null, username: player.username, score: entry?.score ?? 0 };
}

/**
 * The oldest day board and week board still kept at `now` (DAY_BOARDS_KEPT_DAYS days,
 * WEEK_BOARDS_KEPT_WEEKS weeks, today's and this week's included): every board before them goes.
 */
export function keptBoardsFrom(now: number): PastBoards {
  const today = utcDay(now);
  const day = utcDay(Date.parse(`${today}T00:00:00Z`) - (DAY_BOARDS_KEPT_DAYS - 1) * DAY_MS);
  const monday = Date.parse(`${weekStart(today)}T00:00:00Z`);
  const week = utcDay(monday - (WEEK_BOARDS_KEPT_WEEKS - 1) * 7 * DAY_MS);
  return { dayBoard: `day:${day}`, weekBoard: `week:${week}` };
}

export const pastBoardsValidator = v.object({ dayBoard: v.string(), weekBoard: v.string() });
/** The first day board and week board kept: the boards of each period before them go. */
export type PastBoards = Infer<typeof pastBoardsValidator>;

/** The board keys of `period` before `kept` ("day:2026-11-18"): an index range over them. */
function rangeBefore(period: "day" | "week", kept: string): { from: string; to: string } {
  const from = `${period}:`;
  if (!kept.startsWith(from) || !isIsoDay(kept.slice(from.length))) throw appError("INVALID_DAY");
  return { from, to: kept };
}

/**
 * Deletes up to `batch` documents of the day and week boards before those kept (entries first,
 * then their statistics and the copies published of them), however many days of pruning were missed: one index range per period
 * and table, never the all-time board. True once none is left.
 */
export async function prunePastBoards(
  ctx: MutationCtx,
  kept: PastBoards,
  batch: number,
): Promise<boolean> {
  const ranges = [rangeBefore("day", kept.dayBoard), rangeBefore("week", kept.weekBoard)];
  let left = batch;
  for (const { from, to } of ranges) {
    const entries = await ctx.db
      .query("boardEntries")
      .withIndex("by_board_and_score", (q) => q.gte("board", from).lt("board", to))
      .take(left);
    for (const entry of entries) await ctx.db.delete("boardEntries", entry._id);
    left -= entries.length;
    if (left === 0) return false;
  }
  for (const { from, to } of ranges) {
    const ranks = await ctx.db
      .query("boardRanks")
      .withIndex("by_board", (q) => q.gte("board", from).lt("board", to))
      .take(left);
    for (const doc of ranks) await ctx.db.delete("boardRanks", doc._id);
    left -= ranks.length;
    if (left === 0) return false;
    const published = await ctx.db
      .query("rankSnapshots")
      .withIndex("by_board", (q) => q.gte("board", from).lt("board", to))
      .take(left);
    for (const doc of published) await ctx.db.delete("rankSnapshots", doc._id);
    left -= published.length;
    if (left === 0) return false;
  }
  return true;
}
