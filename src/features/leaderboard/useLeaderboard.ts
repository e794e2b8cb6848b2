import { useQueries, type RequestForQueries } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { useMemo } from "react";
import { api } from "@convex/_generated/api";
import { rankOf, type Rank } from "@convex/model/shared/rank";
import { useUtcDay } from "@/lib/useUtcDay";

export type LeaderboardEntry = FunctionReturnType<typeof api.leaderboard.top>[number];
type OwnEntry = FunctionReturnType<typeof api.leaderboard.mine>;
type RankStats = FunctionReturnType<typeof api.leaderboard.ranks>;
/** The caller's row: their points, and their rank (exact, or an estimate said to be one). */
export type Standing = OwnEntry & Rank;
export type Period = NonNullable<FunctionArgs<typeof api.leaderboard.top>["period"]>;

export type Loadable<T> =
  { status: "loading" } | { status: "error" } | { status: "ready"; value: T };

function loadable<T>(result: T | Error | undefined): Loadable<T> {
  if (result === undefined) return { status: "loading" };
  if (result instanceof Error) return { status: "error" };
  return { status: "ready", value: result };
}

/**
 * The caller's standing from their own points (which change only when they score) and the board's
 * statistics (the same for every viewer, changing at the fold's pace): ranked here, so that no
 * one's rank query runs again because someone else scored.
 */
function standingOf(
  mine: OwnEntry | Error | undefined,
  ranks: RankStats | Error | undefined,
): Loadable<Standing> {
  if (mine instanceof Error || ranks instanceof Error) return { status: "error" };
  if (mine === undefined || ranks === undefined) return { status: "loading" };
  return { status: "ready", value: { ...mine, ...rankOf(ranks, mine.score) } };
}

/**
 * A board's top `limit` players and, for a signed-in player, their own standing on it (null for a
 * visitor), all live while the calling component is mounted (a closed dialog or a hidden tab
 * subscribes to nothing). A query that fails gives an "error" state instead of throwing, so the
 * list can say so in place.
 */
export function useLeaderboard(period: Period, limit: number, signedIn: boolean) {
  const day = useUtcDay();
  const queries = useMemo((): RequestForQueries => {
    const board = { period, day };
    const requests: RequestForQueries = {
      top: { query: api.leaderboard.top, args: { ...board, limit } },
    };
    if (signedIn) {
      requests.mine = { query: api.leaderboard.mine, args: board };
      requests.ranks = { query: api.leaderboard.ranks, args: board };
    }
    return requests;
  }, [period, day, limit, signedIn]);
  const results = useQueries(queries) as {
    top?: LeaderboardEntry[] | Error;
    mine?: OwnEntry | Error;
    ranks?: RankStats | Error;
  };
  const standing = useMemo(
    () => (signedIn ? standingOf(results.mine, results.ranks) : null),
    [signedIn, results.mine, results.ranks],
  );
  return { top: loadable(results.top), mine: standing };
}
