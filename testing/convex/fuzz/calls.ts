/**
 * A call as the fuzzer records it (the database before and after), and what a spec says a
 * function may do.
 */
import fc from "fast-check";
import type { Doc, Id, TableNames } from "../../../convex/_generated/dataModel";
import type { ErrorCode } from "../../../convex/model/shared/errors";
import type { TestConvex } from "../backend";
import type { FunctionKind } from "../modules";
import type { Caller, World } from "./world";

/** Realistic values by field name, mixed with the generated ones. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

export type Snapshot = Awaited<ReturnType<typeof snapshot>>;

export type CallRecord = {
  name: string;
  kind: FunctionKind;
  caller: Caller;
  args: unknown;
  world: World;
  before: Snapshot;
  after: Snapshot;
};

export type Spec = {
  /**
   * The coded refusals the caller may meet (argument validation aside), given
   * their account as it was before the call (null for a visitor).
   */
  refusals: (user: Doc<"users"> | null) => ErrorCode[];
  /** What a successful call must have returned and done. */
  succeeded: (result: unknown, call: CallRecord) => void;
  /**
   * Refusals that come from the platform or a library rather than from our
   * code, for requests our client never makes (a forged cursor, a malformed
   * Convex Auth request): allowed only where this says so.
   */
  platformRefusal?: (message: string, call: CallRecord) => boolean;
  hints?: Hints;
  /** How far the clock jumps before each call (default: `clockJump`). */
  clock?: fc.Arbitrary<number>;
  /** Arguments as the app's client sends them, a third of the time: calls that get past the checks. */
  realistic?: fc.Arbitrary<Record<string, unknown>>;
  runs?: number;
  world?: () => Promise<World>;
  /**
   * A success deletes the caller's account: the fuzzer makes its world anew after one, and the
   * interleaved run (one world for every function) leaves the function out.
   */
  endsWorld?: true;
};

export const forPlayers =
  (...codes: ErrorCode[]) =>
  (user: Doc<"users"> | null): ErrorCode[] =>
    user === null ? ["NOT_SIGNED_IN"] : codes;

export const forAdmins = (user: Doc<"users"> | null): ErrorCode[] =>
  user === null ? ["NOT_SIGNED_IN"] : user.isAdmin ? [] : ["FORBIDDEN"];

export function userIn(snapshot: Snapshot, userId: Id<"users"> | null) {
  return snapshot.users.find((user) => user._id === userId);
}

export function gameIn(snapshot: Snapshot, userId: Id<"users"> | null) {
  return snapshot.games.find((game) => game.userId === userId);
}

export async function snapshot(t: TestConvex) {
  return await t.run(async (ctx) => {
    const all = async <T extends TableNames>(table: T) => await ctx.db.query(table).take(10_000);
    // The Challenge schedules nothing per player: its resets and cooldown ends are caught up.
    const pendingGameJobs = async () =>
      (await ctx.db.system.query("_scheduled_functions").take(10_000))
        .filter((job) => job.name.startsWith("game:") && job.state.kind === "pending")
        .map((job) => job.name);
    return {
      users: await all("users"),
      games: await all("games"),
      feedback: await all("beta_feedback"),
      feedbackStats: await all("feedbackStats"),
      betaEvents: await all("beta_analytics"),
      dailyStats: await all("gameDailyStats"),
      sessions: await all("authSessions"),
      accounts: await all("authAccounts"),
      claimCodes: await all("adminClaimCodes"),
      claimAttempts: await all("adminClaimAttempts"),
      anime: (await all("anime")).map((anime) => anime._id),
      seen: await all("seenAnime"),
      boardEntries: await all("boardEntries"),
      boardStats: await all("boardStats"),
      boardRanks: await all("boardRanks"),
      tallies: await all("tallies"),
      foldBatches: await all("foldBatches"),
      gameJobs: await pendingGameJobs(),
      playerDays: await all("playerDays"),
      playerStats: await all("playerStats"),
      rooms: await all("rooms"),
      roomPlayers: await all("roomPlayers"),
      roomRounds: await all("roomRounds"),
      dailyPuzzles: await all("dailyPuzzles"),
      dailyRounds: await all("dailyRounds"),
      dailyStreaks: await all("dailyStreaks"),
      dailyResults: await all("dailyResults"),
    };
  });
}
