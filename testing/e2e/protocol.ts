/** Where the preview server mounts the e2e test backend. */
export const E2E_BASE_PATH = "/__convex_test";

/** A document to seed, by table: fields as stored, ids as strings. */
export type SeedRequest = { table: string; documents: Record<string, unknown>[] };

/** Runs a function (public or internal) as the player with `email`, or as nobody. */
export type RunRequest = {
  kind: "query" | "mutation" | "action";
  path: string;
  args?: Record<string, unknown>;
  email?: string;
};

export type PatchUserRequest = { email: string; fields: Record<string, unknown> };

export type ClockRequest = { advanceMs: number };

/**
 * How the e2e server's stand-in for AniList (the catalogue) and its image host (the covers)
 * answers: refusing, holding requests back, or answering (testing/e2e/aniListStandIn.ts).
 */
export type StandInState = "down" | "held" | "up";
export type AniListState = { catalogue: StandInState; covers: StandInState };
