import { makeFunctionReference } from "convex/server";
import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { hashClaimCode } from "../../model/accounts/adminClaim";
import { usernameKey } from "../../model/accounts/usernameKey";
import { CLAIM_CODE_VALID_MS } from "../../model/shared/claimRules";
import { dailyNumberAt } from "../../model/shared/rules";
import type { ErrorCode } from "../../model/shared/errors";
import {
  expectErrorCode,
  newBackend,
  registeredFunctions,
  type PublicFunctionName,
  type TestConvex,
} from "../../../testing/convex/backend";
import { identityFromToken } from "../../../testing/convex/modules";
import { Scrypt } from "lucia";
import {
  givePassword,
  ROLES,
  seedAnime,
  signedInAs,
  signIn,
  type Role,
} from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

type Expected = "allow" | ErrorCode;
type Caller = Awaited<ReturnType<typeof signedInAs>>;
type Outcome = { result: unknown; t: TestConvex; role: Role; caller: Caller | null };

type Row = {
  args: Record<string, unknown>;
  /** Sets up what the call needs (a game to guess in, an account to sign in to). */
  prepare?: (t: TestConvex, caller: Caller | null) => Promise<void>;
  expected: Record<Role, Expected>;
  /** Arguments that name what `prepare` made (a document's id), over `args`. */
  argsAfter?: (t: TestConvex) => Promise<Record<string, unknown>>;
  /** What an allowed call must have done, beyond not throwing. */
  allowed?: (outcome: Outcome) => Promise<void> | void;
};

const signedInOnly = (allowed: Expected = "allow") =>
  ({ visitor: "NOT_SIGNED_IN", player: allowed, betaTester: allowed, admin: allowed }) as const;
const everyone = {
  visitor: "allow",
  player: "allow",
  betaTester: "allow",
  admin: "allow",
} as const;
const adminsOnly = {
  visitor: "NOT_SIGNED_IN",
  player: "FORBIDDEN",
  betaTester: "FORBIDDEN",
  admin: "allow",
} as const;

async function startGame(_t: TestConvex, caller: Caller | null) {
  await caller?.as.mutation(api.game.start, { timeZone: "UTC" });
}

/** The caller's first round, played to its end with wrong guesses, WRONG_GUESS first. */
async function endedRound(_t: TestConvex, caller: Caller | null) {
  if (caller === null) return;
  await caller.as.mutation(api.game.start, { timeZone: "UTC" });
  for (let attempt = 0; attempt < 5; attempt++) {
    const guess = attempt === 0 ? WRONG_GUESS : `${WRONG_GUESS} ${attempt}`;
    await caller.as.mutation(api.game.guess, { roundNumber: 1, attempt, guess });
  }
}

/** An open contest of a name for the pool's first anime. */
async function openContest(t: TestConvex) {
  await t.run(async (ctx) => {
    const anime = (await ctx.db.query("anime").first())!;
    await ctx.db.insert("contests", {
      animeId: anime._id,
      nameKey: "fanname",
      name: "Fan Name",
      count: 1,
      lastAt: 0,
      status: "open",
    });
  });
}

const theContest = async (t: TestConvex) => ({
  contestId: await t.run(async (ctx) => (await ctx.db.query("contests").first())!._id),
});

const contestStatus = async (t: TestConvex) =>
  await t.run(async (ctx) => (await ctx.db.query("contests").first())?.status);

async function openDaily(_t: TestConvex, caller: Caller | null) {
  await caller?.as.mutation(api.daily.open, {});
}

/** Today's Daily number, by the server's clock. */
const today = () => Promise.resolve({ number: dailyNumberAt(Date.now()) });

const ROOM = "K7QM2X";
/** The link secret of a private room ROOM. */
const SECRET = "5ec2e7".repeat(5) + "ab";

/**
 * A party room with the code ROOM: the caller hosts it (a visitor's room has another host), or
 * with `guest`, someone else hosts it and the caller is not in it. `started` starts its game;
 * `isPrivate` makes it private to its link, whose secret is SECRET.
 */
function inRoom({ guest = false, started = false, isPrivate = false } = {}) {
  return async (t: TestConvex, caller: Caller | null) => {
    const host =
      guest || caller === null
        ? await signedInAs(t, "player", { email: "host@example.com", username: "Host" })
        : caller;
    await host.as.mutation(api.rooms.create, { private: isPrivate });
    await t.run(async (ctx) => {
      const room = (await ctx.db.query("rooms").first())!;
      await ctx.db.patch("rooms", room._id, {
        code: ROOM,
        ...(isPrivate ? { linkSecret: SECRET } : {}),
      });
    });
    if (started) await host.as.mutation(api.rooms.start, { code: ROOM });
  };
}

async function roomOf(t: TestConvex) {
  return await t.run(async (ctx) => (await ctx.db.query("rooms").first())!);
}

async function membersOf(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("roomPlayers").take(100));
}

/** The room's newest member, as `rooms.remove` names them. */
async function lastMember(t: TestConvex) {
  return { player: (await membersOf(t)).at(-1)!._id };
}

const dana = { email: "dana@example.com", password: "secret1", username: "Dana" };

/**
 * Who may call each public function. Typed by the generated `api`, so a new
 * public function fails type-checking until it has a row; the first test
 * below checks the same against the functions the modules actually register.
 */
const audit: Record<PublicFunctionName, Row | Row[]> = {
  "auth:signIn": {
    // Signing in is how a visitor becomes a player; signing in to another account while
    // signed in is allowed too (the client replaces its tokens).
    args: {
      provider: "password",
      params: { flow: "signIn", email: dana.email, password: dana.password },
    },
    prepare: async (t) => {
      await signIn(t, "signUp", dana);
    },
    expected: everyone,
    allowed: async ({ result, t }) => {
      const { tokens } = result as { tokens: { token: string } | null };
      const userId = identityFromToken(tokens!.token).subject.split("|")[0];
      const user = await t.run(
        async (ctx) =>
          await ctx.db
            .query("users")
            .withIndex("by_email", (q) => q.eq("email", dana.email))
            .unique(),
      );
      expect(userId).toBe(user!._id);
    },
  },
  "auth:signOut": {
    args: {},
    prepare: async (t) => {
      await signedInAs(t, "player", { email: "eve@example.com", username: "Eve" });
    },
    expected: everyone,
    allowed: async ({ t }) => {
      // A visitor's sign-out is a no-op; a player's ends their own session and no other.
      const left = await t.run(async (ctx) => {
        const sessions = await ctx.db.query("authSessions").take(10);
        return await Promise.all(
          sessions.map(async (s) => (await ctx.db.get("users", s.userId))!.username),
        );
      });
      expect(left).toEqual(["Eve"]);
    },
  },
  "auth:isAuthenticated": {
    args: {},
    expected: everyone,
    allowed: ({ result, role }) => expect(result).toBe(role !== "visitor"),
  },
  "users:viewer": {
    args: {},
    expected: everyone,
    allowed: ({ result, caller }) =>
      expect(result === null ? null : (result as { _id: string })._id).toBe(caller?.userId ?? null),
  },
  "leaderboard:top": [
    { args: { limit: 10 }, expected: everyone },
    { args: { period: "day", day: "2026-11-23", limit: 10 }, expected: everyone },
  ],
  "leaderboard:mine": [
    {
      args: {},
      expected: signedInOnly(),
      // Their own name, and no account id (their row's key, null with no points).
      allowed: ({ result }) => expect(result).toMatchObject({ key: null, score: 0 }),
    },
    {
      // The player's own points only: no argument names another player.
      args: { period: "week", day: "2026-11-23" },
      expected: signedInOnly(),
      allowed: ({ result }) => {
        expect(result).toMatchObject({ key: null, score: 0 });
        expect(Object.keys(result as object).sort()).toEqual(["key", "score", "username"]);
      },
    },
  ],
  "leaderboard:ranks": [
    // The same statistics for every viewer: nothing in them names a player.
    {
      args: {},
      expected: everyone,
      allowed: ({ result }) => expect(result).toEqual({ players: 0, top: [], buckets: [] }),
    },
    { args: { period: "day", day: "2026-11-23" }, expected: everyone },
  ],
  "catalogue:poolStatus": {
    args: {},
    expected: signedInOnly(),
    allowed: ({ result }) =>
      expect(result).toEqual({
        ready: 5,
        target: 50,
        refresh: "none",
        pagesFetched: 0,
        waitingUntil: null,
        stalled: false,
        coversQueued: false,
        coversRetrying: 0,
        nextCoverRetryAt: null,
        stuck: false,
      }),
  },
  "catalogue:fillAgain": {
    args: {},
    expected: signedInOnly(),
    // Anime are ready: nothing to fill, no refresh started.
    allowed: async ({ t }) =>
      expect(
        await t.run(async (ctx) => await ctx.db.query("catalogueRefreshes").first()),
      ).toBeNull(),
  },
  "game:state": { args: {}, prepare: startGame, expected: signedInOnly() },
  "game:start": {
    args: { timeZone: "UTC" },
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ hasRound: true }),
  },
  "game:guess": {
    args: { roundNumber: 1, attempt: 0, guess: WRONG_GUESS },
    prepare: startGame,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ kind: "wrong", guessesLeft: 4 }),
  },
  "game:next": {
    args: { roundNumber: 1 },
    prepare: startGame,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ kind: "dealt" }),
  },
  "game:sync": {
    args: {},
    prepare: startGame,
    expected: signedInOnly(),
    // The server's time, for the page to set its timer by.
    allowed: ({ result }) => {
      const { now } = result as { now: number };
      expect(Math.abs(now - Date.now())).toBeLessThan(5_000);
    },
  },
  "contests:send": {
    args: { roundNumber: 1, guess: WRONG_GUESS },
    prepare: endedRound,
    expected: signedInOnly(),
    allowed: async ({ t }) => {
      const contests = await t.run(async (ctx) => await ctx.db.query("contests").take(10));
      expect(contests).toMatchObject([{ name: WRONG_GUESS, count: 1, status: "open" }]);
    },
  },
  "contests:open": {
    args: {},
    prepare: openContest,
    expected: adminsOnly,
    allowed: ({ result }) =>
      expect(result).toMatchObject([{ names: [{ name: "Fan Name", count: 1 }] }]),
  },
  "contests:accept": {
    args: {},
    prepare: openContest,
    argsAfter: theContest,
    expected: adminsOnly,
    allowed: async ({ t }) => expect(await contestStatus(t)).toBe("accepted"),
  },
  "contests:dismiss": {
    args: {},
    prepare: openContest,
    argsAfter: theContest,
    expected: adminsOnly,
    allowed: async ({ t }) => expect(await contestStatus(t)).toBe("dismissed"),
  },
  "beta:join": {
    args: {},
    expected: signedInOnly(),
    allowed: async ({ t, caller }) => {
      const user = await t.run(async (ctx) => await ctx.db.get("users", caller!.userId));
      expect(user?.isBetaTester).toBe(true);
    },
  },
  "beta:submitFeedback": {
    args: { rating: 5, difficulty: "medium", bugReport: "", suggestions: "", userExperience: "" },
    expected: {
      visitor: "NOT_SIGNED_IN",
      player: "NOT_BETA_TESTER",
      betaTester: "allow",
      admin: "NOT_BETA_TESTER",
    },
  },
  "admin:feedback": {
    args: { paginationOpts: { numItems: 20, cursor: null } },
    expected: adminsOnly,
  },
  "admin:summary": { args: { day: "2026-11-23" }, expected: adminsOnly },
  "admin:makeMeAdmin": [
    {
      // A wrong code is refused in the result (so that it is counted), never by a throw.
      args: { code: "ABCD-EFGH-JKLM" },
      expected: signedInOnly(),
      allowed: async ({ result, t, role, caller }) => {
        expect(result).toEqual(
          role === "admin" ? { ok: true } : { ok: false, reason: "CLAIM_CODE_WRONG" },
        );
        const user = await t.run(async (ctx) => await ctx.db.get("users", caller!.userId));
        expect(user?.isAdmin ?? false).toBe(role === "admin");
      },
    },
    {
      args: { code: "abcd efgh jklm" },
      prepare: async (t) => {
        await t.run(async (ctx) => {
          await ctx.db.insert("adminClaimCodes", {
            codeHash: await hashClaimCode("ABCDEFGHJKLM"),
            createdAt: Date.now(),
            expiresAt: Date.now() + CLAIM_CODE_VALID_MS,
          });
        });
      },
      expected: signedInOnly(),
      allowed: async ({ result, t, caller }) => {
        expect(result).toEqual({ ok: true });
        const user = await t.run(async (ctx) => await ctx.db.get("users", caller!.userId));
        expect(user?.isAdmin).toBe(true);
      },
    },
  ],
  // Stats and the typeahead.
  "stats:mine": {
    args: { at: Date.parse("2026-11-23T12:00:00Z") },
    prepare: startGame,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toMatchObject({ streak: { current: 0, best: 0 } }),
  },
  "titles:suggest": {
    args: { text: "Show" },
    expected: signedInOnly(),
    allowed: ({ result }) => expect((result as string[]).length).toBeGreaterThan(0),
  },
  "rooms:view": [
    {
      args: { code: ROOM },
      prepare: inRoom({ started: true }),
      expected: signedInOnly(),
      allowed: ({ result }) =>
        expect(result).toMatchObject({ kind: "member", isHost: true, round: { answer: null } }),
    },
    {
      // Someone else's room: nothing of it, not even that it exists.
      args: { code: ROOM },
      prepare: inRoom({ guest: true, started: true }),
      expected: signedInOnly(),
      allowed: ({ result }) => expect(result).toEqual({ kind: "outside" }),
    },
    {
      // A private room's members are shown its link's secret, to share it.
      args: { code: ROOM },
      prepare: inRoom({ isPrivate: true }),
      expected: signedInOnly(),
      allowed: ({ result }) => expect(result).toMatchObject({ kind: "member", linkSecret: SECRET }),
    },
    {
      args: { code: ROOM },
      prepare: inRoom({ guest: true, isPrivate: true }),
      expected: signedInOnly(),
      allowed: ({ result }) => expect(result).toEqual({ kind: "outside" }),
    },
  ],
  "rooms:create": [
    {
      args: {},
      expected: signedInOnly(),
      allowed: async ({ result, t, caller }) => {
        expect(result).toEqual({ code: expect.stringMatching(/^[A-Z2-9]{6}$/) as unknown });
        const room = await roomOf(t);
        expect(room.hostId).toBe(caller!.userId);
        expect(room.linkSecret).toBeUndefined();
      },
    },
    {
      // Private: the secret is kept, and not returned (the host reads it in the room's view).
      args: { private: true },
      expected: signedInOnly(),
      allowed: async ({ result, t }) => {
        expect(result).toEqual({ code: expect.stringMatching(/^[A-Z2-9]{6}$/) as unknown });
        expect((await roomOf(t)).linkSecret).toMatch(/^[0-9a-f]{32}$/);
      },
    },
  ],
  "rooms:join": [
    {
      args: { code: ROOM.toLowerCase() },
      prepare: inRoom({ guest: true }),
      expected: signedInOnly(),
      allowed: async ({ result, t, caller }) => {
        expect(result).toEqual({ kind: "joined", code: ROOM });
        expect((await membersOf(t)).map((m) => m.userId)).toContain(caller!.userId);
      },
    },
    {
      // A private room's code alone: as if there were no such room.
      args: { code: ROOM },
      prepare: inRoom({ guest: true, isPrivate: true }),
      expected: signedInOnly(),
      allowed: async ({ result, t }) => {
        expect(result).toEqual({ kind: "refused", reason: "ROOM_NOT_FOUND" });
        expect(await membersOf(t)).toHaveLength(1);
      },
    },
    {
      args: { code: ROOM, secret: SECRET },
      prepare: inRoom({ guest: true, isPrivate: true }),
      expected: signedInOnly(),
      allowed: ({ result }) => expect(result).toEqual({ kind: "joined", code: ROOM }),
    },
  ],
  "rooms:setPrivate": [
    {
      args: { code: ROOM, private: true },
      prepare: inRoom(),
      expected: signedInOnly(),
      allowed: async ({ t }) => expect((await roomOf(t)).linkSecret).toMatch(/^[0-9a-f]{32}$/),
    },
    {
      // Only the host, and an outsider learns nothing.
      args: { code: ROOM, private: false },
      prepare: inRoom({ guest: true, isPrivate: true }),
      expected: signedInOnly("NOT_IN_ROOM"),
    },
  ],
  "rooms:newLink": [
    {
      args: { code: ROOM },
      prepare: inRoom({ isPrivate: true }),
      expected: signedInOnly(),
      allowed: async ({ t }) => {
        const secret = (await roomOf(t)).linkSecret;
        expect(secret).toMatch(/^[0-9a-f]{32}$/);
        expect(secret).not.toBe(SECRET);
      },
    },
    {
      // Only the host, and an outsider learns nothing.
      args: { code: ROOM },
      prepare: inRoom({ guest: true, isPrivate: true }),
      expected: signedInOnly("NOT_IN_ROOM"),
    },
  ],
  "rooms:remove": [
    {
      // The host removes their guest.
      args: { code: ROOM },
      argsAfter: lastMember,
      prepare: async (t, caller) => {
        await inRoom()(t, caller);
        const guest = await signedInAs(t, "player", { email: "g@example.com", username: "Guest" });
        await guest.as.mutation(api.rooms.join, { code: ROOM });
      },
      expected: signedInOnly(),
      allowed: async ({ t, caller }) =>
        expect((await membersOf(t)).map((m) => m.userId)).toEqual([caller!.userId]),
    },
    {
      // A guest removes no one, not even the host.
      args: { code: ROOM },
      argsAfter: lastMember,
      prepare: inRoom({ guest: true }),
      expected: signedInOnly("NOT_IN_ROOM"),
    },
  ],
  "rooms:heartbeat": {
    args: { code: ROOM },
    prepare: inRoom(),
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ now: expect.any(Number) as unknown }),
  },
  "rooms:leave": {
    args: { code: ROOM },
    prepare: inRoom(),
    expected: signedInOnly(),
    allowed: async ({ t }) => expect(await membersOf(t)).toEqual([]),
  },
  "rooms:configure": {
    args: { code: ROOM, rounds: 10, seconds: 45 },
    prepare: inRoom(),
    expected: signedInOnly(),
    allowed: async ({ t }) => expect(await roomOf(t)).toMatchObject({ rounds: 10, seconds: 45 }),
  },
  "rooms:start": {
    args: { code: ROOM },
    prepare: inRoom(),
    expected: signedInOnly(),
    allowed: async ({ t }) => expect(await roomOf(t)).toMatchObject({ status: "playing" }),
  },
  "rooms:guess": [
    {
      args: { code: ROOM, roundNumber: 1, guess: WRONG_GUESS },
      prepare: inRoom({ started: true }),
      expected: signedInOnly(),
      allowed: ({ result }) => expect(result).toEqual({ kind: "wrong", guessesLeft: 4 }),
    },
    {
      args: { code: ROOM, roundNumber: 1, guess: WRONG_GUESS },
      prepare: inRoom({ guest: true, started: true }),
      expected: signedInOnly("NOT_IN_ROOM"),
    },
  ],
  "users:passwordResetAvailable": {
    // No sender is configured here: the dialog says reset is not set up.
    args: {},
    expected: everyone,
    allowed: ({ result }) => expect(result).toBe(false),
  },
  "users:changeUsername": {
    args: { username: "Renamed_1" },
    expected: signedInOnly(),
    allowed: async ({ t, caller }) => {
      const user = await t.run(async (ctx) => await ctx.db.get("users", caller!.userId));
      expect(user).toMatchObject({
        username: "Renamed_1",
        usernameKey: usernameKey("Renamed_1"),
      });
    },
  },
  "users:changePassword": {
    args: { currentPassword: "secret1", newPassword: "secret2" },
    prepare: async (t, caller) => {
      if (caller) await givePassword(t, caller, "secret1");
    },
    expected: signedInOnly(),
    allowed: async ({ t, caller }) => {
      const account = await t.run(
        async (ctx) =>
          await ctx.db
            .query("authAccounts")
            .withIndex("userIdAndProvider", (q) => q.eq("userId", caller!.userId))
            .unique(),
      );
      expect(await new Scrypt().verify(account!.secret!, "secret2")).toBe(true);
    },
  },
  "users:deleteAccount": {
    // Confirmed by typing the username and the password: each caller is renamed to the one typed
    // here, and given the password.
    args: { confirmation: "Leaving", password: "secret1" },
    prepare: async (t, caller) => {
      if (caller) {
        await givePassword(t, caller, "secret1");
        await t.run(async (ctx) => {
          await ctx.db.patch("users", caller.userId, {
            username: "Leaving",
            usernameKey: usernameKey("Leaving"),
          });
        });
      }
    },
    expected: signedInOnly(),
    allowed: async ({ t, caller }) => {
      expect(await t.run(async (ctx) => await ctx.db.get("users", caller!.userId))).toBeNull();
    },
  },
  "daily:open": {
    args: {},
    expected: signedInOnly(),
    allowed: ({ result }) =>
      expect(result).toMatchObject({
        kind: "open",
        view: {
          number: dailyNumberAt(Date.now()),
          rounds: [{ index: 0, status: "playing", answer: null }],
        },
      }),
  },
  // A count the same for everyone, naming no anime: the Daily holds the whole pool of 5 here.
  "daily:poolHeld": {
    args: {},
    prepare: openDaily,
    argsAfter: today,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ ready: 5 }),
  },
  "daily:view": {
    args: {},
    prepare: openDaily,
    argsAfter: today,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toMatchObject({ rounds: [{ answer: null }] }),
  },
  "daily:guess": {
    args: { index: 0, attempt: 0, guess: WRONG_GUESS },
    prepare: openDaily,
    argsAfter: today,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ kind: "wrong", guessesLeft: 4 }),
  },
  "daily:giveUp": {
    args: { index: 0 },
    prepare: openDaily,
    argsAfter: today,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ kind: "done" }),
  },
  "daily:next": {
    args: { index: 0 },
    prepare: async (t, caller) => {
      await openDaily(t, caller);
      await caller?.as.mutation(api.daily.giveUp, { number: dailyNumberAt(Date.now()), index: 0 });
    },
    argsAfter: today,
    expected: signedInOnly(),
    allowed: ({ result }) => expect(result).toEqual({ kind: "done" }),
  },
  // The world's results, the same for every viewer (no identity read), naming no anime.
  "daily:results": {
    args: { index: 0 },
    argsAfter: today,
    expected: everyone,
    allowed: ({ result }) =>
      expect(result).toEqual({ players: 0, solvedIn: [0, 0, 0, 0, 0], missed: 0 }),
  },
  "game:open": {
    args: { timeZone: "UTC" },
    expected: signedInOnly(),
    allowed: ({ result }) =>
      expect(result).toMatchObject({
        dailyRemaining: 20,
        round: { number: 1, status: "playing", answer: null },
      }),
  },
};

/** Functions no client can call: the scheduler, the cron, Convex Auth and operators use them. */
const internalOnly = [
  "admin:cleanupClaims",
  "admin:createClaimCode",
  "admin:setAdmin",
  "auth:store",
  "catalogue:fetchPage",
  "catalogue:fillPool",
  "catalogue:isRunning",
  "catalogue:poolReport",
  "catalogue:recordFailure",
  "catalogue:refreshDaily",
  "catalogue:refreshNow",
  "catalogue:storePage",
  "catalogue:watch",
  "coverMaker:work",
  "covers:claim",
  "covers:deleteRetired",
  "covers:failed",
  "covers:finishRun",
  "covers:forToken",
  "covers:release",
  "covers:startWorkers",
  "covers:store",
  "daily:prepare",
  "leaderboard:backfillAllTime",
  "leaderboard:pruneOldBoards",
  "leaderboard:prunePastBoards",
  "migrations:clearRetiredGameFields",
  "migrations:mergeBoardStats",
  "migrations:rekeyUsernames",
  "migrations:rewriteTitleIndex",
  "rooms:advance",
  "rooms:cleanup",
  "rooms:settle",
  "rooms:sweep",
  "tallies:apply",
  "tallies:fold",
  "tallies:publish",
  "tallies:wake",
  "tallies:watch",
  "users:copyUsername",
  "users:isEmailRegistered",
  "users:leavingPlayer",
  "users:liveSession",
  "users:passwordLogin",
  "users:purgeAccount",
  "users:returnResetCode",
  "users:spendResetCode",
  "users:spendResetLink",
  "users:startDeletion",
  "users:takeResetCode",
  "users:takeSignUp",
];

const registered = await registeredFunctions();
const kindOf = new Map(registered.map((fn) => [fn.name, fn.kind]));

const cells = Object.entries(audit).flatMap(([name, rows]) =>
  [rows].flat().flatMap((row) =>
    ROLES.map((role) => {
      const code = "code" in row.args ? ` (code ${JSON.stringify(row.args.code)})` : "";
      return [`${name}${code} as ${role}: ${row.expected[role]}`, { name, row, role }] as const;
    }),
  ),
);

/**
 * A player whose session ended (signed out, a password changed or reset, the account deleted)
 * but who still holds its access token, which lives up to an hour: every function answers them
 * as a visitor, except that one a visitor is refused tells them their session ended.
 */
const endedCells = Object.entries(audit).flatMap(([name, rows]) =>
  [rows].flat().map((row) => {
    const code = "code" in row.args ? ` (code ${JSON.stringify(row.args.code)})` : "";
    const expected: Expected =
      row.expected.visitor === "NOT_SIGNED_IN" ? "SESSION_ENDED" : row.expected.visitor;
    return [
      `${name}${code} with an ended session's token: ${expected}`,
      { name, row, expected },
    ] as const;
  }),
);

async function call(
  caller: Pick<TestConvex, "query" | "mutation" | "action">,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  switch (kindOf.get(name)) {
    case "query":
      return (await caller.query(makeFunctionReference<"query">(name), args)) as unknown;
    case "mutation":
      return (await caller.mutation(makeFunctionReference<"mutation">(name), args)) as unknown;
    case "action":
      return (await caller.action(makeFunctionReference<"action">(name), args)) as unknown;
    default:
      throw new Error(`${name} is not a registered function`);
  }
}

/**
 * Where the project's own code read the clock (`Date.now`) while `run` ran: the first caller of
 * `Date.now` on the stack that is neither the spy nor a library, when it is a Convex module.
 */
async function clockReadsDuring<T>(run: () => Promise<T>): Promise<{ result: T; reads: string[] }> {
  const reads: string[] = [];
  const now = Date.now.bind(Date);
  const spy = vi.spyOn(Date, "now").mockImplementation(() => {
    const frames = (new Error().stack ?? "").split("\n").slice(1);
    const caller = frames.find(
      (frame) => !frame.includes("/node_modules/") && !frame.includes("authorization.test.ts"),
    );
    if (caller !== undefined && caller.includes("/convex/")) reads.push(caller.trim());
    return now();
  });
  try {
    return { result: await run(), reads };
  } finally {
    spy.mockRestore();
  }
}

describe("authorization audit", () => {
  // No scheduled function may run in the middle of a call: the clock check below watches the
  // call alone. (A job a test sets up is due seconds or hours later; none of them is awaited.)
  // The date is held as well, so every row plays on the same day whenever the suite runs.
  fakeClockEachTest();

  test("the table has a row for every public function the modules register, and no other", () => {
    const publicNames = registered.filter((fn) => fn.isPublic).map((fn) => fn.name);
    expect(Object.keys(audit).sort()).toEqual(publicNames);
  });

  test("every other function is internal: no client can call it", () => {
    expect(registered.filter((fn) => !fn.isPublic).map((fn) => fn.name)).toEqual(
      internalOnly.sort(),
    );
  });

  test.each(cells)("%s", async (_title, { name, row, role }) => {
    const t = newBackend();
    // A Daily's worth: the Daily is chosen only whole.
    await seedAnime(t, 5);
    const caller = role === "visitor" ? null : await signedInAs(t, role);
    await row.prepare?.(t, caller);
    const args = { ...row.args, ...(await row.argsAfter?.(t)) };
    const expected = row.expected[role];
    if (expected !== "allow") {
      await expectErrorCode(call(caller?.as ?? t, name, args), expected);
      return;
    }
    const { result, reads } = await clockReadsDuring(() => call(caller?.as ?? t, name, args));
    // A query never reads the clock: Convex caches its result until the documents it read
    // change, so the time would stand still on screen. Time comes in as an argument.
    if (kindOf.get(name) === "query") expect(reads).toEqual([]);
    await row.allowed?.({ result, t, role, caller });
  });

  test.each(endedCells)("%s", async (_title, { name, row, expected }) => {
    const t = newBackend();
    await seedAnime(t, 3);
    const caller = await signedInAs(t, "player");
    await row.prepare?.(t, caller);
    const args = { ...row.args, ...(await row.argsAfter?.(t)) };
    await t.run(async (ctx) => await ctx.db.delete("authSessions", caller.sessionId));
    if (expected !== "allow") {
      await expectErrorCode(call(caller.as, name, args), expected);
      return;
    }
    const result = await call(caller.as, name, args);
    // Allowed as a visitor is: what it shows is a visitor's view. (A sign-in opens a new session,
    // whose tokens differ from any other's.)
    if (name !== "auth:signIn") expect(result).toEqual(await call(t, name, args));
  });
});
