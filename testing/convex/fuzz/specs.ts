/**
 * What each public function may do: the refusals its callers may meet, and what a success
 * returns and changes.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { Doc } from "../../../convex/_generated/dataModel";
import { CLAIM_CODE_VALID_MS, CLAIM_LOCK_MS } from "../../../convex/model/shared/claimRules";
import type { ErrorCode } from "../../../convex/model/shared/errors";
import { RATING_MAX, RATING_MIN } from "../../../convex/model/shared/feedbackRules";
import {
  LEADERBOARD_PAGE_SIZE,
  RANK_EXACT_LIMIT,
  MAX_LEADERBOARD_SIZE,
  POINTS_PER_CORRECT_GUESS,
  QUICK_GUESS_BONUS,
  STATS_HISTORY_DAYS,
  SUGGEST_MIN_CHARS,
  SUGGESTIONS_MAX,
} from "../../../convex/model/shared/rules";
import type { StatsView } from "../../../convex/model/game/stats";
import { CATALOGUE_PAGE_SIZE } from "../../../convex/model/catalogue/anilist";
import type { PoolStatus } from "../../../convex/model/catalogue/pool";
import type { PublicFunctionName } from "../backend";
import { identityFromToken } from "../modules";
import { CALLER_PASSWORD, newWorld, live, Live, RUNS } from "./world";
import { type Snapshot, type Spec, forPlayers, forAdmins, userIn, gameIn } from "./calls";
import {
  HUGE_EMAIL,
  oddString,
  timeZones,
  periods,
  days,
  instants,
  feedbackText,
} from "./arbitraries";
import { roomSpecs } from "./roomSpecs";
import { dailySpecs } from "./dailySpecs";

/** Whether the caller's session was there before the call (auth:signOut ends it). */
function hasSession(caller: { sessionId: string | null }, before: Snapshot): boolean {
  return before.sessions.some((session) => session._id === caller.sessionId);
}

/** The wrong guess the contest specs send. */
const CONTESTED = "Mecha Tsundere";
let contestsMade = 0;

/**
 * The fuzzer's world with each caller's round ended as five wrong guesses end it, CONTESTED among
 * them, and its anime seen: a contest of it gets past the checks. (The interleaved run plays in
 * the ordinary world, where contests meet their refusals.)
 */
async function worldWithEndedRounds() {
  const world = await newWorld();
  await world.t.run(async (ctx) => {
    for (const game of await ctx.db.query("games").take(10)) {
      const { round, userId } = game;
      if (round === null || round.status !== "playing") continue;
      const guesses = [...(round.guesses ?? []), { text: CONTESTED, outcome: "wrong" as const }];
      await ctx.db.patch("games", game._id, {
        round: { ...round, status: "outOfGuesses", guesses },
      });
      const seen = await ctx.db
        .query("seenAnime")
        .withIndex("by_userId_and_animeId", (q) =>
          q.eq("userId", userId).eq("animeId", round.animeId),
        )
        .unique();
      if (seen === null) {
        await ctx.db.insert("seenAnime", { userId, animeId: round.animeId, seenAt: Date.now() });
      }
    }
  });
  return world;
}

/** A contest of a new name, open, for the pool's first anime: its id. */
const openContestId = new Live("an open contest", async (world) => {
  world.wrote = true;
  contestsMade += 1;
  return await world.t.run(async (ctx) => {
    const anime = (await ctx.db.query("anime").first())!;
    return await ctx.db.insert("contests", {
      animeId: anime._id,
      nameKey: `fanname${contestsMade}`,
      name: `Fan Name ${contestsMade}`,
      count: 1,
      lastAt: Date.now(),
      status: "open",
    });
  });
});

export const ACCOUNT_REFUSALS: ErrorCode[] = [
  "MISSING_CREDENTIALS",
  "MISSING_FIELDS",
  "INVALID_EMAIL",
  "PASSWORD_TOO_SHORT",
  "INVALID_USERNAME",
  "ACCOUNT_NOT_FOUND",
  "INCORRECT_PASSWORD",
  "TOO_MANY_ATTEMPTS",
  "EMAIL_TAKEN",
  "USERNAME_TAKEN",
  "USERNAME_RESERVED",
  // The reset flows: this world sets up no sender, and a made-up code is wrong.
  "RESET_NOT_SET_UP",
  "RESET_CODE_MISSING",
  "RESET_CODE_INVALID",
  "RESET_LINK_INVALID",
];

/**
 * Convex Auth's own refusals of sign-in requests its client never sends (no
 * provider, an unknown flow or provider, a flow this deployment does not
 * enable, a made-up code or refresh token); they write nothing.
 */
export const CONVEX_AUTH_REFUSALS = [
  /^Cannot sign in: Missing `provider`, `params.code` or `refreshToken`$/,
  /^Unsupported sign-in flow: /,
  /^Can't parse refresh token: /,
  /^Provider `[\s\S]*` is not configured, available providers are /,
];

export const CLAIM_REFUSALS = [
  "CLAIM_CODE_MISSING",
  "CLAIM_CODE_WRONG",
  "CLAIM_CODE_USED",
  "CLAIM_CODE_EXPIRED",
  "CLAIM_LOCKED",
];

export const GUESS_OUTCOMES = [
  "ignored",
  "stale",
  "noRound",
  "roundOver",
  "cooldown",
  "correct",
  "wrong",
  "outOfGuesses",
  "refused",
  "alreadyTried",
];

/**
 * Every public function, typed by the generated `api` so that a new one
 * fails type-checking until it is described here.
 */
export const specs: Record<PublicFunctionName, Spec> = {
  "auth:signIn": {
    refusals: () => ACCOUNT_REFUSALS,
    platformRefusal: (message) => CONVEX_AUTH_REFUSALS.some((refusal) => refusal.test(message)),
    // Fewer: each sign-in that reaches the password check hashes it (scrypt, ~0.3 s).
    runs: Math.ceil(RUNS * 0.6),
    world: () => newWorld({ withAccount: true }),
    hints: {
      provider: fc.constant("password"),
      refreshToken: fc.constant(live.refreshToken),
      params: fc.dictionary(
        fc.constantFrom(
          "flow",
          "email",
          "password",
          "username",
          "code",
          "token",
          "newPassword",
          "redirectTo",
        ),
        oddString,
      ),
    },
    realistic: fc.record({
      provider: fc.constant("password"),
      params: fc.oneof(
        // A sign-up that should pass every check: without it, a run could meet only refusals
        // (the account's failed sign-ins lock it for an hour, so few sign-ins get through).
        {
          weight: 3,
          arbitrary: fc.record({
            flow: fc.constant("signUp"),
            email: fc.stringMatching(/^[a-z0-9]{6,12}$/).map((name) => `${name}@example.com`),
            username: fc.stringMatching(/^[A-Za-z0-9_]{6,20}$/),
            password: fc.constant("secret1"),
          }),
        },
        fc.record({
          flow: fc.constant("signUp"),
          email: fc.oneof(
            fc.emailAddress(),
            fc.constant(HUGE_EMAIL),
            fc.constantFrom(" DANA@example.com ", "dana@example", "a@b.co"),
            oddString,
          ),
          username: fc.oneof(
            { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_]{3,20}$/) },
            fc.constantFrom("Player", "DANA", "a", "<b>Eve</b>"),
            oddString,
          ),
          password: fc.oneof(fc.constantFrom("secret1", "secret1 ", "12345"), oddString),
        }),
        fc.record({
          flow: fc.constant("signIn"),
          email: fc.oneof(
            fc.constant(live.accountEmail),
            fc.constantFrom(" DANA@example.com ", "player@example.com", "nobody@example.com"),
            oddString,
          ),
          password: fc.oneof(fc.constantFrom("secret1", "Secret1", "12345"), oddString),
        }),
        fc.record(
          { flow: fc.constantFrom("reset", "signOut", ""), email: fc.constant(live.accountEmail) },
          { requiredKeys: [] },
        ),
        // A reset by code or by link: made up, or mangled (no e-mail reaches the fuzzer).
        fc.record(
          {
            flow: fc.constant("reset-verification"),
            email: fc.constantFrom(live.accountEmail, "nobody@example.com"),
            code: fc.oneof(fc.stringMatching(/^\d{8}$/), oddString),
            token: fc.oneof(fc.stringMatching(/^[\w-]{22}$/), oddString),
            newPassword: fc.constantFrom("brandnew", "12345"),
          },
          { requiredKeys: ["flow", "email", "newPassword"] },
        ),
      ),
    }),
    succeeded: (result, { after }) => {
      const { tokens } = result as { tokens: { token: string; refreshToken: string } | null };
      if (tokens === null) return; // e.g. a refresh token that is not (or no longer) valid
      const [userId, sessionId] = identityFromToken(tokens.token).subject.split("|");
      expect(after.users.map((user) => user._id)).toContain(userId);
      expect(after.sessions.map((session) => session._id)).toContain(sessionId);
    },
  },
  "auth:signOut": {
    refusals: () => [],
    succeeded: (result, { caller, after }) => {
      expect(result).toBeNull();
      expect(after.sessions.map((session) => session._id)).not.toContain(caller.sessionId);
    },
  },
  "auth:isAuthenticated": {
    refusals: () => [],
    succeeded: (result, { caller, before }) => expect(result).toBe(hasSession(caller, before)),
  },
  "users:viewer": {
    refusals: () => [],
    // A caller who signed out is a visitor, though their token is still valid.
    succeeded: (result, { caller, before }) =>
      expect(result === null ? null : (result as Doc<"users">)._id).toBe(
        hasSession(caller, before) ? caller.userId : null,
      ),
  },
  "leaderboard:top": {
    refusals: () => ["INVALID_DAY"],
    hints: { limit: fc.integer({ min: -5, max: 120 }), period: periods, day: days },
    realistic: fc.record({ period: periods, day: fc.constant(live.today) }),
    succeeded: (result, { args }) => {
      const entries = result as { score: number; rank: number; username: string }[];
      const limit = (args as { limit?: number }).limit ?? LEADERBOARD_PAGE_SIZE;
      const wanted = Number.isFinite(limit) ? Math.floor(limit) : LEADERBOARD_PAGE_SIZE;
      expect(entries.length).toBeLessThanOrEqual(
        Math.min(MAX_LEADERBOARD_SIZE, Math.max(1, wanted)),
      );
      entries.forEach((entry, index) => {
        expect(entry.score).toBeGreaterThan(0);
        const previous = entries[index - 1];
        if (previous === undefined) return expect(entry.rank).toBe(1);
        expect(entry.score).toBeLessThanOrEqual(previous.score);
        expect(entry.rank).toBe(entry.score === previous.score ? previous.rank : index + 1);
      });
    },
  },
  "leaderboard:mine": {
    refusals: forPlayers("INVALID_DAY"),
    hints: { period: periods, day: days },
    realistic: fc.record({ period: periods, day: fc.constant(live.today) }),
    succeeded: (result, { caller, args, after }) => {
      // The caller's own points only: nothing of anyone else.
      const mine = result as { key: string | null; username: string; score: number };
      expect(Object.keys(mine).sort()).toEqual(["key", "score", "username"]);
      if (((args as { period?: string }).period ?? "all") === "all") {
        expect(mine.score).toBe(userIn(after, caller.userId)!.score);
      }
    },
  },
  "leaderboard:ranks": {
    refusals: () => ["INVALID_DAY"],
    hints: { period: periods, day: days },
    realistic: fc.record({ period: periods, day: fc.constant(live.today) }),
    succeeded: (result) => {
      // The board's statistics as folded so far: players and their best scores, best first.
      const stats = result as { players: number; top: number[]; buckets: number[] };
      expect(stats.top.length).toBeLessThanOrEqual(Math.min(stats.players, RANK_EXACT_LIMIT));
      expect([...stats.top].sort((a, b) => b - a)).toEqual(stats.top);
      expect(stats.buckets.reduce((sum, n) => sum + n, 0)).toBe(stats.players);
    },
  },
  "catalogue:poolStatus": {
    refusals: forPlayers(),
    succeeded: (result, { after }) => {
      // Every anime of the fuzz world's pool has its covers: all count, up to a first page.
      const status = result as PoolStatus;
      expect(status.ready).toBe(Math.min(after.anime.length, status.target));
      expect(status.target).toBe(CATALOGUE_PAGE_SIZE);
    },
  },
  "catalogue:fillAgain": {
    refusals: forPlayers(),
    // The fuzz world's pool has anime ready: nothing to fill.
    succeeded: (result) => expect(result).toBeNull(),
  },
  "game:state": {
    refusals: forPlayers(),
    succeeded: (result, { caller, after }) => {
      const game = gameIn(after, caller.userId)!;
      const view = result as {
        dailyRemaining: number;
        animeRemaining: number;
        score: number;
        round: { status: string; answer: unknown } | null;
      };
      expect(view).toMatchObject({
        dailyRemaining: game.dailyRemaining,
        animeRemaining: game.animeRemaining,
        score: userIn(after, caller.userId)!.score,
      });
      // The answer stays on the server while the round is being played, and once withdrawn.
      if (view.round?.status === "playing" || view.round?.status === "withdrawn") {
        expect(view.round.answer).toBeNull();
      }
    },
  },
  "game:start": {
    refusals: forPlayers("INVALID_TIME_ZONE"),
    hints: { timeZone: timeZones },
    realistic: fc.record({ timeZone: timeZones }),
    succeeded: (result, { caller, args, after }) => {
      expect(result).toEqual({ hasRound: true });
      // A new zone waits for the next reset.
      const game = gameIn(after, caller.userId)!;
      expect(game.pendingTimeZone ?? game.timeZone).toBe((args as { timeZone: string }).timeZone);
    },
  },
  "game:guess": {
    // An over-long paste is refused before anything is spent (a list, or common words alone,
    // is turned away as an outcome, "refused", kept in the round's history).
    refusals: forPlayers("GAME_NOT_STARTED", "GUESS_TOO_LONG"),
    runs: Math.ceil(RUNS * 1.5),
    hints: {
      roundNumber: fc.constantFrom(live.round(0), live.round(-1), live.round(1)),
      attempt: fc.constant(live.attempt),
      guess: fc.constantFrom(
        live.answer,
        live.answerDressedUp,
        "Show 1",
        "   ",
        "Show 1, Show 2",
        live.answerPasted,
      ),
    },
    realistic: fc.record({
      roundNumber: fc.constant(live.round(0)),
      attempt: fc.constant(live.attempt),
      guess: fc.oneof(
        { weight: 1, arbitrary: fc.constant(live.answer) },
        // Mostly new texts: a repeat in the same round costs nothing, and a day of repeats would
        // never reach the cooldown.
        {
          weight: 4,
          arbitrary: fc.oneof(
            fc.constantFrom("Zorblat", "Show 999", "Naruto"),
            fc.integer({ min: 1, max: 10_000 }).map((n) => `Zorblat ${n}`),
          ),
        },
      ),
    }),
    succeeded: (result, { caller, before, after }) => {
      const outcome = result as { kind: string; points?: number };
      expect(GUESS_OUTCOMES).toContain(outcome.kind);
      const gained = userIn(after, caller.userId)!.score - userIn(before, caller.userId)!.score;
      if (outcome.kind === "correct") {
        // An anime dealt again after its answer was shown scores nothing.
        const seenBefore = gameIn(before, caller.userId)!.round!.seenBefore === true;
        expect(
          seenBefore
            ? [0]
            : [POINTS_PER_CORRECT_GUESS, POINTS_PER_CORRECT_GUESS + QUICK_GUESS_BONUS],
        ).toContain(outcome.points);
        expect(gained).toBe(outcome.points);
        expect(gameIn(after, caller.userId)!.round).toMatchObject({
          status: "solved",
          pointsEarned: outcome.points,
        });
      } else {
        expect(gained).toBe(0);
      }
    },
  },
  "game:next": {
    refusals: forPlayers("GAME_NOT_STARTED"),
    hints: { roundNumber: fc.constantFrom(live.round(0), live.round(-1)) },
    realistic: fc.record({ roundNumber: fc.constant(live.round(0)) }),
    succeeded: (result, { caller, before, after }) => {
      const outcome = result as { kind: string };
      expect(["dealt", "stale", "poolEmpty", "nothingElse", "cooldown"]).toContain(outcome.kind);
      const game = gameIn(before, caller.userId)!;
      // A midnight the player missed is caught up first, with a new anime of its own when it
      // refills anything and the pool has another one to deal.
      const caughtUp = Date.now() >= game.nextResetAt ? 1 : 0;
      const dealt = outcome.kind === "dealt" ? 1 : 0;
      const byReset = gameIn(after, caller.userId)!.round!.number - game.round!.number - dealt;
      expect(byReset).toBeGreaterThanOrEqual(0);
      expect(byReset).toBeLessThanOrEqual(caughtUp);
    },
  },
  "game:sync": {
    refusals: forPlayers(),
    succeeded: (result, { caller, before, after }) => {
      const { now } = result as { now: number };
      const game = gameIn(before, caller.userId);
      const synced = gameIn(after, caller.userId);
      if (game === undefined) return expect(synced).toBeUndefined();
      const due = now >= game.nextResetAt || (game.cooldownEnd !== null && now >= game.cooldownEnd);
      // Asked before the reset's or the cooldown's instant, it changes nothing.
      if (!due) return expect(synced).toEqual(game);
      // Asked after, what was due is done: the next reset is ahead, no cooldown is over.
      expect(synced!.nextResetAt).toBeGreaterThan(now);
      if (synced!.cooldownEnd !== null) expect(synced!.cooldownEnd).toBeGreaterThan(now);
    },
  },
  "contests:send": {
    // A contest needs an ended round and a wrong guess typed in it: most calls are refused.
    refusals: forPlayers(
      "GAME_NOT_STARTED",
      "CONTEST_ROUND_NOT_ENDED",
      "CONTEST_GUESS_NOT_FOUND",
      "CONTEST_DAILY_LIMIT",
    ),
    hints: {
      roundNumber: fc.constantFrom(live.round(0), live.round(-1)),
      guess: fc.constantFrom("Show 1", "Show 1, Show 2", "   ", CONTESTED),
    },
    realistic: fc.record({
      roundNumber: fc.constant(live.round(0)),
      guess: fc.constant(CONTESTED),
    }),
    world: worldWithEndedRounds,
    succeeded: (result) => expect(result).toBeNull(),
  },
  "contests:open": {
    refusals: forAdmins,
    succeeded: (result) => expect(result).toEqual(expect.any(Array)),
  },
  "contests:accept": {
    refusals: (user) =>
      user?.isAdmin === true ? ["CONTEST_NOT_FOUND", "CONTEST_TOO_MANY_NAMES"] : forAdmins(user),
    hints: { contestId: fc.constant(openContestId) },
    realistic: fc.record({ contestId: fc.constant(openContestId) }),
    succeeded: (result) => expect(result).toBeNull(),
  },
  "contests:dismiss": {
    refusals: (user) => (user?.isAdmin === true ? ["CONTEST_NOT_FOUND"] : forAdmins(user)),
    hints: { contestId: fc.constant(openContestId) },
    realistic: fc.record({ contestId: fc.constant(openContestId) }),
    succeeded: (result) => expect(result).toBeNull(),
  },
  "beta:join": {
    refusals: forPlayers(),
    succeeded: (result, { caller, after }) => {
      expect(result).toMatchObject({ betaJoinDate: expect.anything() as unknown });
      expect(userIn(after, caller.userId)!.isBetaTester).toBe(true);
    },
  },
  "beta:submitFeedback": {
    refusals: (user) =>
      user === null
        ? ["NOT_SIGNED_IN"]
        : user.isBetaTester
          ? ["INVALID_RATING", "FEEDBACK_TOO_LONG", "FEEDBACK_TOO_SOON"]
          : ["NOT_BETA_TESTER"],
    hints: {
      rating: fc.integer({ min: 0, max: 6 }),
      bugReport: feedbackText,
      suggestions: feedbackText,
      userExperience: feedbackText,
    },
    realistic: fc.record({
      rating: fc.integer({ min: RATING_MIN, max: RATING_MAX }),
      difficulty: fc.constantFrom("easy", "medium", "hard"),
      bugReport: feedbackText,
      suggestions: fc.constant(""),
      userExperience: fc.string({ maxLength: 20 }),
    }),
    // Past the 30 s between two submissions, often.
    clock: fc.constantFrom(0, 31_000, 31_000),
    succeeded: (result, { caller, args, after }) => {
      const stored = after.feedback.find((feedback) => feedback._id === result);
      expect(stored).toMatchObject({ ...(args as object), userId: caller.userId });
    },
  },
  "admin:feedback": {
    refusals: forAdmins,
    // A deployment refuses a cursor it did not issue (convex-test fails to parse it).
    platformRefusal: (_message, { args, world }) => {
      const { paginationOpts } = args as { paginationOpts?: Record<string, unknown> | null };
      if (typeof paginationOpts !== "object" || paginationOpts === null) return false;
      const issued = (cursor: unknown) =>
        cursor === undefined || cursor === null || cursor === world.cursor;
      const { cursor, endCursor } = paginationOpts;
      return !issued(cursor) || !issued(endCursor);
    },
    hints: {
      numItems: fc.integer({ min: -3, max: 30 }),
      cursor: fc.constantFrom(null, live.cursor),
      endCursor: fc.constantFrom(null, live.cursor),
    },
    succeeded: (result, { after }) => {
      const { page } = result as { page: { _id: string; username: string | null }[] };
      expect(page.length).toBeLessThanOrEqual(20);
      for (const item of page) expect(after.feedback.map((f) => f._id)).toContain(item._id);
    },
  },
  "admin:summary": {
    refusals: (user) => (user?.isAdmin === true ? ["INVALID_DAY"] : forAdmins(user)),
    hints: { day: days },
    realistic: fc.record({ day: fc.constant(live.today) }),
    succeeded: (result, { after }) =>
      expect(result).toMatchObject({
        feedbackCount: after.feedback.length,
        gameUse: expect.any(Array) as unknown,
      }),
  },
  "admin:makeMeAdmin": {
    // Refusals of a code are results (a thrown error would roll back the count of wrong codes).
    refusals: forPlayers(),
    hints: {
      code: fc.constantFrom(
        live.claimCode,
        live.claimCodeTyped,
        "",
        "ABCD-EFGH-JKLM",
        "abcdefghjklm",
      ),
    },
    // Now and then past a lock or the code's expiry; a fresh code now and then too.
    clock: fc.oneof(
      { weight: 10, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.constantFrom(31_000, CLAIM_CODE_VALID_MS, CLAIM_LOCK_MS) },
    ),
    realistic: fc.record({
      code: fc.oneof(
        fc.constantFrom(live.claimCode, live.claimCodeTyped, live.freshClaimCode),
        fc.stringMatching(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/),
      ),
    }),
    succeeded: (result, { caller, before, after }) => {
      const outcome = result as { ok: boolean; reason?: string };
      const wasAdmin = userIn(before, caller.userId)!.isAdmin;
      expect(userIn(after, caller.userId)!.isAdmin).toBe(outcome.ok || wasAdmin);
      if (!outcome.ok) {
        expect(CLAIM_REFUSALS).toContain(outcome.reason);
        expect(after.claimCodes, "a refused claim changed a code").toEqual(before.claimCodes);
      }
    },
  },
  // The daily stats and the guess box's suggestions.
  "stats:mine": {
    refusals: forPlayers(),
    hints: { at: instants },
    realistic: fc.record({ at: fc.constant(live.now) }),
    succeeded: (result, { caller, after }) => {
      const view = result as StatsView | null;
      if (view === null) return expect(gameIn(after, caller.userId)).toBeUndefined();
      expect(view.history).toHaveLength(STATS_HISTORY_DAYS);
      expect(view.streak.best).toBeGreaterThanOrEqual(view.streak.current);
      expect(view.totals.solved).toBeLessThanOrEqual(view.totals.rounds);
    },
  },
  "titles:suggest": {
    refusals: forPlayers(),
    hints: { text: fc.oneof(oddString, fc.constantFrom("Sh", "show 1", "ショー", "s", "  ")) },
    realistic: fc.record({ text: fc.constantFrom("Sh", "Show", "shou 2", "S1X", "x", "") }),
    succeeded: (result, { args }) => {
      const titles = result as string[];
      expect(titles.length).toBeLessThanOrEqual(SUGGESTIONS_MAX);
      const { text } = args as { text: string };
      if (text.trim().length < SUGGEST_MIN_CHARS) expect(titles).toEqual([]);
    },
  },
  ...roomSpecs,
  "users:passwordResetAvailable": {
    refusals: () => [],
    // The fuzz world configures no e-mail sender.
    succeeded: (result) => expect(result).toBe(false),
  },
  "users:changeUsername": {
    refusals: forPlayers("INVALID_USERNAME", "USERNAME_TAKEN", "USERNAME_RESERVED"),
    realistic: fc.record({
      username: fc.oneof(
        fc.stringMatching(/^[A-Za-z0-9_]{3,20}$/),
        fc.constantFrom("Player", "DANA", " Admin ", "a"),
      ),
    }),
    succeeded: (result, { caller, args, after }) => {
      expect(result).toBeNull();
      const { username } = args as { username: string };
      expect(userIn(after, caller.userId)!.username).toBe(username.trim());
    },
  },
  "users:changePassword": {
    // USER_NOT_FOUND: an account with no password (the interleaved run's callers have none).
    refusals: forPlayers(
      "CURRENT_PASSWORD_MISSING",
      "PASSWORD_TOO_SHORT",
      "USER_NOT_FOUND",
      "INCORRECT_PASSWORD",
      "TOO_MANY_ATTEMPTS",
    ),
    world: () => newWorld({ withPasswords: true }),
    // The password stays the same when it changes, so that later calls still know it.
    realistic: fc.record({
      currentPassword: fc.constantFrom(CALLER_PASSWORD, CALLER_PASSWORD, "wrong!"),
      newPassword: fc.constantFrom(CALLER_PASSWORD, "12345"),
    }),
    succeeded: (result) => expect(result).toBeNull(),
  },
  "users:deleteAccount": {
    // USER_NOT_FOUND: an account with no password, as for users:changePassword.
    refusals: forPlayers(
      "DELETE_NOT_CONFIRMED",
      "CURRENT_PASSWORD_MISSING",
      "USER_NOT_FOUND",
      "INCORRECT_PASSWORD",
      "TOO_MANY_ATTEMPTS",
    ),
    world: () => newWorld({ withPasswords: true }),
    realistic: fc.record({
      confirmation: fc.constantFrom("player", "Player", "admin"),
      password: fc.constantFrom(CALLER_PASSWORD, "wrong!"),
    }),
    endsWorld: true,
    succeeded: (result, { caller, after }) => {
      expect(result).toBeNull();
      expect(userIn(after, caller.userId)).toBeUndefined();
    },
  },
  ...dailySpecs,
  "game:open": {
    refusals: forPlayers("INVALID_TIME_ZONE"),
    hints: { timeZone: timeZones },
    realistic: fc.record({ timeZone: timeZones }),
    succeeded: (result, { caller, args, after }) => {
      const game = gameIn(after, caller.userId)!;
      // A new zone waits for the next reset, as with game:start.
      expect(game.pendingTimeZone ?? game.timeZone).toBe((args as { timeZone: string }).timeZone);
      // The screen it returns is the game as stored, the answer kept back while playing.
      const view = result as {
        dailyRemaining: number;
        animeRemaining: number;
        score: number;
        round: { number: number; status: string; answer: unknown } | null;
      };
      expect(view).toMatchObject({
        dailyRemaining: game.dailyRemaining,
        animeRemaining: game.animeRemaining,
        score: userIn(after, caller.userId)!.score,
      });
      expect(view.round?.number ?? null).toBe(game.round?.number ?? null);
      if (view.round?.status === "playing" || view.round?.status === "withdrawn") {
        expect(view.round.answer).toBeNull();
      }
    },
  },
};
