import { nullable } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { roundMark } from "../../schema";
import type { Game, Round } from "./state";
import { localDay, nextLocalMidnight } from "../shared/localTime";
import { STATS_HISTORY_DAYS, STATS_MARKS_KEPT } from "../shared/rules";

/**
 * Streaks and stats. A day is the player-local calendar day in the zone their midnight reset
 * follows (`game.timeZone`): a zone the client reports waits for the next reset (see reset.ts),
 * so switching zones cannot rescue a missed day. A day counts toward the streak when the player
 * solved an anime that day; one whose answer they had already seen (it scores nothing) counts
 * for nothing here at all.
 */
export type RoundMark = Infer<typeof roundMark>;

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  return Math.round(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** Whole calendar days from `from` to `to` ("YYYY-MM-DD"), whatever their length in hours. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return new Date((dayNumber(day) + count) * DAY_MS).toISOString().slice(0, 10);
}

/** The symbol class of an ended round, or null for one still in play or withdrawn. */
export function markOf(round: Round): RoundMark | null {
  switch (round.status) {
    case "solved":
      return round.guessesUsed <= 1 ? "firstTry" : "solvedLater";
    case "outOfGuesses":
      return "missed";
    case "skipped":
      return "skipped";
    // Withdrawn (its anime became a Daily's): it cost nothing and counts for nothing.
    case "withdrawn":
    case "playing":
      return null;
  }
}

type StreakState = Pick<Doc<"playerStats">, "currentStreak" | "bestStreak" | "lastSolvedDay">;

/**
 * The streak after a solve on `day`. A later day than the last solve extends it when it is the
 * next one and restarts it otherwise; the same day, or an earlier one (a zone further west
 * taking effect at a reset), changes nothing.
 */
export function streakAfterSolve(state: StreakState, day: string): StreakState {
  const last = state.lastSolvedDay;
  const gap = last === undefined ? Infinity : daysBetween(last, day);
  if (gap <= 0) return state;
  const currentStreak = gap === 1 ? state.currentStreak + 1 : 1;
  return {
    currentStreak,
    bestStreak: Math.max(state.bestStreak, currentStreak),
    lastSolvedDay: day,
  };
}

/** The streak as of `today`: alive through yesterday's solve; otherwise ended at its length. */
export function streakOn(state: StreakState, today: string) {
  const last = state.lastSolvedDay;
  const alive = last !== undefined && daysBetween(last, today) <= 1;
  return {
    current: alive ? state.currentStreak : 0,
    best: state.bestStreak,
    /** The streak a day without a solve broke, to be named kindly; null when none did. */
    ended: !alive && state.currentStreak > 0 ? state.currentStreak : null,
    solvedToday: last !== undefined && daysBetween(last, today) <= 0,
  };
}

async function statsOf(ctx: QueryCtx, userId: Id<"users">) {
  return await ctx.db
    .query("playerStats")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
}

async function dayOf(ctx: QueryCtx, userId: Id<"users">, day: string) {
  return await ctx.db
    .query("playerDays")
    .withIndex("by_userId_and_day", (q) => q.eq("userId", userId).eq("day", day))
    .unique();
}

/**
 * Records an ended round on the player's day and totals, in the mutation that ended it (the
 * guess that solved or missed it, the skip). Two reads, two writes.
 */
export async function recordRoundEnd(ctx: MutationCtx, game: Game, round: Round, now: number) {
  const mark = markOf(round);
  if (mark === null || round.seenBefore === true) return;
  const day = localDay(now, game.timeZone);
  const solved = mark === "firstTry" || mark === "solvedLater" ? 1 : 0;
  const firstTry = mark === "firstTry" ? 1 : 0;
  const points = round.pointsEarned ?? 0;

  const today = await dayOf(ctx, game.userId, day);
  if (today === null) {
    await ctx.db.insert("playerDays", {
      userId: game.userId,
      day,
      rounds: 1,
      solved,
      firstTry,
      points,
      marks: [mark],
    });
  } else {
    await ctx.db.patch("playerDays", today._id, {
      rounds: today.rounds + 1,
      solved: today.solved + solved,
      firstTry: today.firstTry + firstTry,
      points: today.points + points,
      marks: today.marks.length < STATS_MARKS_KEPT ? [...today.marks, mark] : today.marks,
    });
  }

  const stats = await statsOf(ctx, game.userId);
  const before: StreakState = {
    currentStreak: stats?.currentStreak ?? 0,
    bestStreak: stats?.bestStreak ?? 0,
    lastSolvedDay: stats?.lastSolvedDay,
  };
  const streak = solved === 1 ? streakAfterSolve(before, day) : before;
  const totals = {
    rounds: (stats?.rounds ?? 0) + 1,
    solved: (stats?.solved ?? 0) + solved,
    firstTry: (stats?.firstTry ?? 0) + firstTry,
    ...streak,
  };
  if (stats === null) await ctx.db.insert("playerStats", { userId: game.userId, ...totals });
  else await ctx.db.patch("playerStats", stats._id, totals);
}

/** The latest instant shown: its day and the next midnight still have a 4-digit year. */
const LATEST_INSTANT = Date.UTC(9999, 11, 30);

/**
 * The instant the stats are shown for: the client's clock, since a query must not read the
 * server's (Convex caches its result until the documents it read change, so the clock would
 * stand still), but never before the player's last move or midnight reset, which the server wrote.
 * A player who fakes it only picks which of their own days to look at: nothing is scored or
 * stored from it.
 */
export function statsInstant(game: Game, at: number): number {
  const earliest = Math.max(game.lastActiveAt, game.lastReset);
  return Number.isFinite(at) && at > earliest && at <= LATEST_INSTANT ? at : earliest;
}

/**
 * What the stats strip and /me show at the client's time `at`: the streak as of the player's
 * today, today's counts, the totals, and the last 7 days (at most 7 day documents, by index); and
 * when the player's next day starts, for the client to ask again then. Null before the first visit.
 */
export async function statsView(
  ctx: QueryCtx,
  userId: Id<"users">,
  game: Game | null,
  at: number,
): Promise<StatsView | null> {
  if (game === null) return null;
  const instant = statsInstant(game, at);
  const today = localDay(instant, game.timeZone);
  const first = addDays(today, 1 - STATS_HISTORY_DAYS);
  const stats = await statsOf(ctx, userId);
  const days = await ctx.db
    .query("playerDays")
    .withIndex("by_userId_and_day", (q) =>
      q.eq("userId", userId).gte("day", first).lte("day", today),
    )
    .take(STATS_HISTORY_DAYS);
  const byDay = new Map(days.map((row) => [row.day, row]));
  const history = Array.from({ length: STATS_HISTORY_DAYS }, (_, index) => {
    const day = addDays(first, index);
    const row = byDay.get(day);
    return { day, rounds: row?.rounds ?? 0, solved: row?.solved ?? 0, points: row?.points ?? 0 };
  });
  // The day to share: today once it has a round, else the last day played this week.
  const latest = days.length === 0 ? null : days[days.length - 1];
  const streak = streakOn(
    stats ?? { currentStreak: 0, bestStreak: 0, lastSolvedDay: undefined },
    today,
  );
  const todayRow = byDay.get(today);
  return {
    today,
    nextDayAt: nextLocalMidnight(instant, game.timeZone),
    streak,
    todaySolved: todayRow?.solved ?? 0,
    totals: {
      rounds: stats?.rounds ?? 0,
      solved: stats?.solved ?? 0,
      firstTry: stats?.firstTry ?? 0,
    },
    history,
    shareDay:
      latest === null
        ? null
        : {
            day: latest.day,
            rounds: latest.rounds,
            solved: latest.solved,
            points: latest.points,
            marks: latest.marks,
          },
  };
}

/** What `stats.mine` returns (its `returns` validator); `StatsView` is inferred from it. */
export const statsViewValidator = v.object({
  today: v.string(),
  /** When the player's next day starts (their zone's midnight): the client asks again then. */
  nextDayAt: v.number(),
  streak: v.object({
    current: v.number(),
    best: v.number(),
    ended: nullable(v.number()),
    solvedToday: v.boolean(),
  }),
  todaySolved: v.number(),
  totals: v.object({ rounds: v.number(), solved: v.number(), firstTry: v.number() }),
  history: v.array(
    v.object({ day: v.string(), rounds: v.number(), solved: v.number(), points: v.number() }),
  ),
  /** The day "Share today" shares (`SharedDay` in the client). */
  shareDay: nullable(
    v.object({
      /** "YYYY-MM-DD", the player's day. */
      day: v.string(),
      /** Every round of the day; `marks` may hold only the first ones. */
      rounds: v.number(),
      solved: v.number(),
      points: v.number(),
      marks: v.array(roundMark),
    }),
  ),
});

export type StatsView = Infer<typeof statsViewValidator>;
