import { useQueries, type RequestForQueries } from "convex/react";
import type { FunctionArgs, FunctionReturnType } from "convex/server";
import { useMemo } from "react";
import { api } from "@convex/_generated/api";
import { useUtcDay } from "@/lib/useUtcDay";

export type LeaderboardEntry = FunctionReturnType<typeof api.leaderboard.top>[number];
export type Standing = FunctionReturnType<typeof api.leaderboard.mine>;
export type Period = NonNullable<FunctionArgs<typeof api.leaderboard.top>["period"]>;

export type Loadable<T> =
  { status: "loading" } | { status: "error" } | { status: "ready"; value: T };

function loadable<T>(result: T | Error | undefined): Loadable<T> {
  if (result === undefined) return { status: "loading" };
  if (result instanceof Error) return { status: "error" };
  return { status: "ready", value: result };
}

/**
 * A board's top `limit` players and, for a signed-in player, their own standing on it (null for a
 * visitor), both live while the calling component is mounted (a closed dialog or a hidden tab
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
    if (signedIn) requests.mine = { query: api.leaderboard.mine, args: board };
    return requests;
  }, [period, day, limit, signedIn]);
  const results = useQueries(queries) as {
    top?: LeaderboardEntry[] | Error;
    mine?: Standing | Error;
  };
  return { top: loadable(results.top), mine: signedIn ? loadable(results.mine) : null };
}
