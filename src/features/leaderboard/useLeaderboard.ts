import { useQueries, type RequestForQueries } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useMemo } from "react";
import { api } from "@convex/_generated/api";

export type LeaderboardEntry = FunctionReturnType<typeof api.leaderboard.top>[number];
export type Standing = FunctionReturnType<typeof api.leaderboard.mine>;

export type Loadable<T> =
  { status: "loading" } | { status: "error" } | { status: "ready"; value: T };

function loadable<T>(result: T | Error | undefined): Loadable<T> {
  if (result === undefined) return { status: "loading" };
  if (result instanceof Error) return { status: "error" };
  return { status: "ready", value: result };
}

/**
 * The top `limit` players and, for a signed-in player, their own standing (null for a visitor),
 * both live. A query that fails gives an "error" state instead of throwing, so the list can say
 * so in place.
 */
export function useLeaderboard(limit: number, signedIn: boolean) {
  const queries = useMemo((): RequestForQueries => {
    const requests: RequestForQueries = { top: { query: api.leaderboard.top, args: { limit } } };
    if (signedIn) requests.mine = { query: api.leaderboard.mine, args: {} };
    return requests;
  }, [limit, signedIn]);
  const results = useQueries(queries) as {
    top?: LeaderboardEntry[] | Error;
    mine?: Standing | Error;
  };
  return { top: loadable(results.top), mine: signedIn ? loadable(results.mine) : null };
}
