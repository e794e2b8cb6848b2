/** What must hold after every call, whatever the calls: the refusal was allowed, and the database is sound. */
import { getDocumentSize, type Value } from "convex/values";
import { expect } from "vitest";
import type { Doc, Id } from "../../../convex/_generated/dataModel";
import { MAX_EMAIL_LENGTH, USERNAME_PATTERN } from "../../../convex/model/shared/accounts";
import { isReservedUsername, usernameKey } from "../../../convex/model/accounts/usernameKey";
import {
  CLAIM_CODE_VALID_MS,
  CLAIM_LOCK_MS,
  CLAIM_MAX_FAILURES,
} from "../../../convex/model/shared/claimRules";
import { errorCodeOf } from "../../../convex/model/shared/errors";
import {
  FEEDBACK_TEXT_MAX_LENGTH,
  RATING_MAX,
  RATING_MIN,
} from "../../../convex/model/shared/feedbackRules";
import { emptyStats, moveScore } from "../../../convex/model/shared/rank";
import { isValidTimeZone } from "../../../convex/model/shared/localTime";
import {
  CHALLENGE_GUESSES,
  GUESSES_PER_ANIME,
  RANK_EXACT_LIMIT,
  STATS_MARKS_KEPT,
  BLUR_STEPS_PX,
  ROOM_GUESSES_PER_ROUND,
  ROOM_MAX_PLAYERS,
  ROOM_ROUND_CHOICES,
  dailyNumberAt,
  roomPointsFor,
} from "../../../convex/model/shared/rules";
import { MiB } from "./world";
import { type CallRecord, type Spec, userIn, gameIn } from "./calls";

/**
 * Rooms hold at most ROOM_MAX_PLAYERS, counted on the room; room points are whole and ≥ 0;
 * rooms keep at most the largest game's rounds, none ahead of the room's current one, each at a
 * blur step that exists; a round's places are stored when it ends and not before, 1, 2, 3…
 * without a gap or a repeat, and its points are then in the score.
 */
export function checkRooms({ after }: CallRecord) {
  for (const room of after.rooms) {
    const members = after.roomPlayers.filter((p) => p.roomId === room._id);
    expect(members.length, "room over capacity").toBeLessThanOrEqual(ROOM_MAX_PLAYERS);
    expect(room.playerCount, "room count").toBe(members.length);
    const rounds = after.roomRounds.filter((r) => r.roomId === room._id);
    expect(rounds.length).toBeLessThanOrEqual(Math.max(...ROOM_ROUND_CHOICES));
    for (const round of rounds) {
      expect(round.number).toBeLessThanOrEqual(room.roundNumber);
      expect(round.step >= 0 && round.step < BLUR_STEPS_PX.length).toBe(true);
      if (round.number === room.roundNumber) {
        const solved = members.filter(
          (p) => p.round?.number === round.number && p.round.solvedAt !== undefined,
        );
        const places = solved.map((p) => p.round!.place);
        if (round.status === "ended") {
          expect(
            places.sort((a, b) => a! - b!),
            "places",
          ).toEqual(solved.map((_, i) => i + 1));
          for (const p of solved) {
            const possible = BLUR_STEPS_PX.map((_, step) => roomPointsFor(p.round!.place!, step));
            expect(possible, "points for the place").toContain(p.round!.points);
            expect(p.score).toBeGreaterThanOrEqual(p.round!.points);
          }
        } else {
          expect(
            places.every((place) => place === undefined),
            "places before the end",
          ).toBe(true);
        }
      }
    }
    for (const member of members) {
      expect(Number.isInteger(member.score) && member.score >= 0).toBe(true);
      expect(member.round?.guesses ?? 0).toBeLessThanOrEqual(ROOM_GUESSES_PER_ROUND);
    }
  }
}

/**
 * A private room's link secret reaches its members only: no answer (a result, or a refusal's
 * message) to anyone who is not in the room after the call holds it.
 */
export function checkLinkSecrets({ after, caller }: CallRecord, answer: unknown) {
  const text = answer instanceof Error ? answer.message : JSON.stringify(answer ?? null);
  for (const room of after.rooms) {
    if (room.linkSecret === undefined) continue;
    const member = after.roomPlayers.some(
      (p) => p.roomId === room._id && p.userId === caller.userId,
    );
    if (!member)
      expect(text, "a room's link secret reached an outsider").not.toContain(room.linkSecret);
  }
}

/**
 * The boards (convex/model/boards/board.ts): the all-time entry is the score; a player's day points are
 * within their week's, and their week's within their score; each board's statistics, with the
 * moves still waiting in the fold's batches and in tallies applied as the fold will, count its entries, with the best
 * scores kept in order.
 */
export function checkBoards({ after }: CallRecord) {
  const byBoard = new Map<string, Doc<"boardEntries">[]>();
  const seenEntries = new Set<string>();
  for (const entry of after.boardEntries) {
    const user = userIn(after, entry.userId);
    expect(user, "a board entry of nobody").toBeDefined();
    expect(entry.score, "an empty entry").toBeGreaterThan(0);
    const key = `${entry.board}/${entry.userId}`;
    expect(seenEntries.has(key), "two entries on one board").toBe(false);
    seenEntries.add(key);
    if (entry.board === "all") expect(entry.score).toBe(user!.score);
    else expect(entry.score).toBeLessThanOrEqual(user!.score);
    byBoard.set(entry.board, [...(byBoard.get(entry.board) ?? []), entry]);
  }
  for (const user of after.users) {
    if (user.score > 0)
      expect(seenEntries.has(`all/${user._id}`), "score off the board").toBe(true);
  }
  for (const [board, entries] of byBoard) {
    if (board.startsWith("day:")) {
      for (const entry of entries) {
        const week = after.boardEntries.filter(
          (e) => e.userId === entry.userId && e.board.startsWith("week:"),
        );
        expect(Math.max(0, ...week.map((e) => e.score))).toBeGreaterThanOrEqual(entry.score);
      }
    }
  }
  expect(after.boardStats, "old shards are not written").toEqual([]);
  const boards = new Set([...byBoard.keys(), ...after.boardRanks.map((r) => r.board)]);
  for (const board of boards) {
    const own = (byBoard.get(board) ?? []).map((e) => e.score).sort((a, b) => b - a);
    const doc = after.boardRanks.find((r) => r.board === board);
    let stats = doc ?? emptyStats();
    // Gathered by a lane, not applied yet: each shard's batches in order, before any tally.
    const batches = [...after.foldBatches].sort((a, b) => a.shard - b.shard || a.seq - b.seq);
    for (const batch of batches) {
      for (const { board: moved, scores } of batch.moves) {
        if (moved !== board) continue;
        for (let i = 0; i + 1 < scores.length; i += 2) {
          stats = moveScore(stats, scores[i], scores[i + 1]);
        }
      }
    }
    for (const tally of after.tallies) {
      for (const move of tally.moves ?? []) {
        if (move.board === board) stats = moveScore(stats, move.from, move.to);
      }
    }
    expect(stats.players, `${board}: players`).toBe(own.length);
    expect(stats.top).toEqual(own.slice(0, RANK_EXACT_LIMIT));
    expect(stats.buckets.reduce((sum, n) => sum + n, 0)).toBe(own.length);
  }
}

/**
 * Streaks and stats: only the caller's change; each player's days add up to their
 * totals (every ended round recorded once); a day keeps at most STATS_MARKS_KEPT symbols; a
 * streak never exceeds the best one; a player has one totals document and one per day.
 */
export function checkPlayerStats({ before, after, caller }: CallRecord) {
  for (const old of [...before.playerDays, ...before.playerStats]) {
    if (old.userId === caller.userId) continue;
    const now = [...after.playerDays, ...after.playerStats].find((doc) => doc._id === old._id);
    expect(now, "another player's stats changed").toEqual(old);
  }
  const owners = new Set(after.playerStats.map((stats) => stats.userId));
  expect(owners.size, "two totals documents for a player").toBe(after.playerStats.length);
  const dayKeys = new Set(after.playerDays.map((day) => `${day.userId}/${day.day}`));
  expect(dayKeys.size, "two documents for a player's day").toBe(after.playerDays.length);
  for (const stats of after.playerStats) {
    const days = after.playerDays.filter((day) => day.userId === stats.userId);
    const sum = (pick: (day: (typeof days)[number]) => number) =>
      days.reduce((total, day) => total + pick(day), 0);
    expect(
      sum((day) => day.rounds),
      "days and totals disagree",
    ).toBe(stats.rounds);
    expect(sum((day) => day.solved)).toBe(stats.solved);
    expect(sum((day) => day.firstTry)).toBe(stats.firstTry);
    expect(stats.firstTry).toBeLessThanOrEqual(stats.solved);
    expect(stats.solved).toBeLessThanOrEqual(stats.rounds);
    expect(stats.currentStreak).toBeLessThanOrEqual(stats.bestStreak);
    for (const day of days) {
      expect(day.marks.length).toBe(Math.min(day.rounds, STATS_MARKS_KEPT));
    }
  }
}

/** What the platform answers to arguments that do not match the validator (convex-test's and a deployment's wording). */
export const VALIDATION_ERROR =
  /^(?:Validator error: |ArgumentValidationError|The arguments to a Convex function must be an object)/;

export function expectExpectedRefusal(spec: Spec, call: CallRecord, error: unknown) {
  const code = errorCodeOf(error);
  if (code !== null) {
    const user = userIn(call.before, call.caller.userId) ?? null;
    // A caller who signed out (auth:signOut) still holds a valid token: a function a visitor
    // is refused refuses them for it (convex/functions.ts), and only them.
    const ended =
      call.caller.sessionId !== null &&
      !call.before.sessions.some((session) => session._id === call.caller.sessionId);
    const refusals = spec.refusals(ended ? null : user);
    const expected = ended
      ? refusals.map((refusal) => (refusal === "NOT_SIGNED_IN" ? "SESSION_ENDED" : refusal))
      : refusals;
    expect(expected, `refused with ${code}`).toContain(code);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (spec.platformRefusal?.(message, call)) return;
  // convex-test's validator trips over a null where an object is expected (a deployment
  // answers ArgumentValidationError): still a validation refusal, before any of our code.
  if (error instanceof TypeError && error.stack?.includes("validateValidator")) return;
  expect(message, "an unexpected error").toMatch(VALIDATION_ERROR);
}

export const isInteger = (value: number | undefined) =>
  value !== undefined && Number.isInteger(value);

/**
 * What the database guarantees whatever the calls, as the game model
 * (convex/model/game/) keeps it:
 * - a user is never deleted; a score is a whole number ≥ 0 and never falls,
 *   and only the caller's own score, roles and game can change in a call;
 *   nobody gains admin but by spending a live claim code at /make-admin
 *   (see `checkClaims`), and nobody loses it; a beta tester stays one;
 *   usernames follow the rule, are unique by their look-alike key, and no call gives anyone a
 *   reserved name;
 * - a score only rises by what the caller's round just earned (100, or 150 on
 *   a first guess), once;
 * - one game per player; 0 ≤ animeRemaining ≤ dailyRemaining ≤ 20 and
 *   animeRemaining ≤ 5 (a deal gives min(5, daily), a guess takes one of
 *   each, a cooldown's end and a reset give 20 and 5); a cooldown exactly while
 *   the day's guesses are spent; a round in play has a guess left and at most
 *   5 on its anime; round numbers never go back; points only on a solved
 *   round, and none on an anime dealt after its answer was seen; an ended
 *   round's anime is recorded as seen, once per player, but not a withdrawn one's; a player who played
 *   since the last reset has the next reset scheduled (so their open screen
 *   resets without them doing anything), and nobody has two reset jobs or two
 *   cooldown jobs waiting; a new time zone waits, valid, for the next reset;
 * - feedback only from beta testers, within the rules, and the running totals
 *   match the records;
 * - nothing refers to a user that is gone (games, feedback, events, sessions,
 *   accounts); no document nears the 1 MiB a deployment allows (convex-test
 *   does not enforce it), and no e-mail is longer than 254 characters;
 * - a refused call and a query change nothing at all.
 */
export function checkInvariants(call: CallRecord, refused: boolean) {
  const { before, after, caller, kind } = call;
  const userIds = new Set(after.users.map((user) => user._id));

  if (refused || kind === "query")
    expect(after, "a refused call or a query wrote something").toEqual(before);

  for (const old of before.users) {
    const now = userIn(after, old._id);
    expect(now, "a user was deleted").toBeDefined();
    expect(now!.score ?? 0, "a score fell").toBeGreaterThanOrEqual(old.score ?? 0);
    if (old._id !== caller.userId) expect(now, "another player's account changed").toEqual(old);
    if (old.isBetaTester) expect(now!.isBetaTester).toBe(true);
    if (now!.isAdmin !== old.isAdmin) {
      expect(old.isAdmin, "an admin lost the role").toBe(false);
      expectSpentClaimCode(call, old._id);
    }
  }
  // A deployment refuses documents over 1 MiB (convex-test does not): nothing may grow that large.
  for (const [table, docs] of Object.entries(after)) {
    for (const doc of docs as (string | Record<string, Value>)[]) {
      if (typeof doc === "object" && table !== "gameJobs") {
        expect(getDocumentSize(doc), `a ${table} document over 1 MiB`).toBeLessThan(MiB);
      }
    }
  }
  const keys = new Set<string>();
  const namesBefore = new Map(before.users.map((user) => [user._id, user.username]));
  for (const user of after.users) {
    expect(user.email.length, "an e-mail too long").toBeLessThanOrEqual(MAX_EMAIL_LENGTH);
    expect(isInteger(user.score) && user.score >= 0, `score ${user.score}`).toBe(true);
    expect(user.username).toMatch(USERNAME_PATTERN);
    expect(user.usernameKey).toBe(usernameKey(user.username));
    // The harness names its callers by role ("admin"); no call may give anyone a reserved name.
    if (namesBefore.get(user._id) !== user.username) {
      expect(isReservedUsername(user.username), `a reserved name: ${user.username}`).toBe(false);
    }
    expect(keys.has(user.usernameKey), "a username is taken twice").toBe(false);
    keys.add(user.usernameKey);
  }
  if (call.name !== "auth:signIn")
    expect(after.users.length, "a user appeared").toBe(before.users.length);

  const seenPairs = new Set(after.seen.map((s) => `${s.userId}/${s.animeId}`));
  expect(seenPairs.size, "an anime recorded as seen twice").toBe(after.seen.length);
  for (const s of after.seen) expect(userIds.has(s.userId), "seen: orphan").toBe(true);

  // Resets and cooldown ends are caught up by the players' calls: no job waits per player.
  expect(after.gameJobs, "a Challenge job scheduled").toEqual([]);
  const gamesByUser = new Set<string>();
  for (const game of after.games) {
    const where = `game of ${game.userId}`;
    expect(userIds.has(game.userId), `${where}: orphan`).toBe(true);
    expect(gamesByUser.has(game.userId), `${where}: two games`).toBe(false);
    gamesByUser.add(game.userId);
    const { dailyRemaining: daily, animeRemaining: anime, round } = game;
    expect(
      isInteger(daily) && daily >= 0 && daily <= CHALLENGE_GUESSES,
      `${where}: daily ${daily}`,
    ).toBe(true);
    expect(
      isInteger(anime) && anime >= 0 && anime <= GUESSES_PER_ANIME,
      `${where}: anime ${anime}`,
    ).toBe(true);
    expect(anime, `${where}: more anime guesses than daily ones`).toBeLessThanOrEqual(daily);
    if (game.cooldownEnd !== null) expect(daily, `${where}: cooldown with guesses left`).toBe(0);
    // The guess that spends the day starts the countdown: 0/20 never waits for a click.
    if (daily === 0) expect(game.cooldownEnd, `${where}: 0/20 without a cooldown`).not.toBeNull();
    expect(isValidTimeZone(game.timeZone), `${where}: time zone ${game.timeZone}`).toBe(true);
    expect(game.nextResetAt).toBeGreaterThan(game.lastReset);
    if (game.pendingTimeZone !== undefined) {
      expect(isValidTimeZone(game.pendingTimeZone)).toBe(true);
      expect(game.pendingTimeZone).not.toBe(game.timeZone);
    }
    expect(game.previousRound?.status, `${where}: previous round still playing`).not.toBe(
      "playing",
    );
    if (round !== null) {
      const seen = after.seen.some((s) => s.userId === game.userId && s.animeId === round.animeId);
      // A round in play was dealt unseen unless it says so (or a Daily chosen since it was dealt
      // has shown its answer), and one withdrawn (its anime a Daily's now) never showed it; an
      // ended one has been seen.
      const shownByDaily = after.dailyRounds.some(
        (r) => r.userId === game.userId && r.animeId === round.animeId && r.status !== "playing",
      );
      if ((round.status === "playing" || round.status === "withdrawn") && !shownByDaily) {
        expect(seen).toBe(round.seenBefore === true);
      } else expect(seen, `${where}: an ended round not recorded as seen`).toBe(true);
      expect(isInteger(round.guessesUsed) && round.guessesUsed >= 0).toBe(true);
      // Only the day running out leaves a round in play at 0: it waits for the cooldown's end,
      // which gives it 5 again (so its guesses used plus left may then exceed 5).
      if (round.status === "playing" && daily > 0) {
        expect(anime, `${where}: a round in play with no guess left`).toBeGreaterThan(0);
      }
      expect(round.pointsEarned !== undefined, `${where}: points`).toBe(round.status === "solved");
      if (round.seenBefore === true && round.pointsEarned !== undefined) {
        expect(round.pointsEarned, `${where}: a seen anime scored`).toBe(0);
      }
    }
    const old = before.games.find((g) => g._id === game._id);
    if (old !== undefined) {
      expect(round?.number ?? 0, `${where}: round number went back`).toBeGreaterThanOrEqual(
        old.round?.number ?? 0,
      );
      // A room round that ends marks its anime seen for its members, daily round included.
      const seenInRoom = call.name.startsWith("rooms:")
        ? { round: old.round && { ...old.round, seenBefore: game.round?.seenBefore } }
        : {};
      if (game.userId !== caller.userId)
        expect(game, "another player's game changed").toEqual({ ...old, ...seenInRoom });
    }
  }

  // The caller's score rises only with the round this call solved.
  const gained =
    (userIn(after, caller.userId)?.score ?? 0) - (userIn(before, caller.userId)?.score ?? 0);
  if (gained > 0) {
    const round = gameIn(after, caller.userId)?.round;
    expect(call.name).toBe("game:guess");
    expect(round?.status).toBe("solved");
    expect(round?.pointsEarned).toBe(gained);
    expect(gameIn(before, caller.userId)?.round?.status).toBe("playing");
  }

  for (const feedback of after.feedback) {
    const author = userIn(after, feedback.userId);
    expect(author?.isBetaTester, "feedback from a non-tester").toBe(true);
    expect(
      Number.isInteger(feedback.rating) &&
        feedback.rating >= RATING_MIN &&
        feedback.rating <= RATING_MAX,
    ).toBe(true);
    for (const text of [feedback.bugReport, feedback.suggestions, feedback.userExperience]) {
      expect(text.length).toBeLessThanOrEqual(FEEDBACK_TEXT_MAX_LENGTH);
    }
  }
  expect(after.feedbackStats.length).toBeLessThanOrEqual(1);
  const [stats] = after.feedbackStats;
  const count = (difficulty: string) =>
    after.feedback.filter((f) => f.difficulty === difficulty).length;
  expect(stats ?? { count: 0 }).toMatchObject({
    count: after.feedback.length,
    ...(stats === undefined
      ? {}
      : {
          ratingTotal: after.feedback.reduce((sum, f) => sum + f.rating, 0),
          easy: count("easy"),
          medium: count("medium"),
          hard: count("hard"),
        }),
  });

  checkClaims(call);
  checkBoards(call);
  checkPlayerStats(call);
  checkRooms(call);
  checkDaily(call);

  // No call writes a shared figure: the day's counters and the boards' statistics are the
  // fold's; a call only adds tallies, each counting whole, non-negative numbers.
  expect(after.dailyStats, "a call wrote the day's counters").toEqual(before.dailyStats);
  expect(after.boardRanks, "a call wrote a board's statistics").toEqual(before.boardRanks);
  expect(after.dailyResults, "a call wrote a Daily's results").toEqual(before.dailyResults);
  expect(after.tallies.slice(0, before.tallies.length)).toEqual(before.tallies);
  for (const tally of after.tallies) {
    const counts = [tally.sessions ?? 0, tally.guesses ?? 0, tally.correctGuesses ?? 0];
    for (const value of counts) expect(Number.isInteger(value) && value >= 0).toBe(true);
    expect(tally.correctGuesses ?? 0).toBeLessThanOrEqual(tally.guesses ?? 0);
  }

  const owners = [...after.betaEvents, ...after.sessions, ...after.accounts];
  for (const owned of owners) expect(userIds.has(owned.userId), "an orphan document").toBe(true);
  // A call never ends another user's session.
  for (const session of before.sessions) {
    if (session.userId !== caller.userId) {
      expect(after.sessions.map((s) => s._id)).toContain(session._id);
    }
  }
}

/**
 * The Daily: one puzzle per number, never changed; a player's rounds follow its order, one per
 * place, each no further than the guesses allow, every one but the last ended, an ended one seen;
 * another player's rounds and streak never change; a streak's best is at least its current; no
 * Challenge or room round in play holds an anime of a Daily chosen before it was dealt (today's
 * or tomorrow's); a call adds at most one Daily tally, for a round it ended.
 */
export function checkDaily({ before, after, caller }: CallRecord) {
  const numbers = new Set(after.dailyPuzzles.map((puzzle) => puzzle.number));
  expect(numbers.size, "two Dailies of one number").toBe(after.dailyPuzzles.length);
  for (const old of before.dailyPuzzles) {
    expect(
      after.dailyPuzzles.find((p) => p._id === old._id),
      "a Daily changed",
    ).toEqual(old);
  }
  const byPlay = new Map<string, Doc<"dailyRounds">[]>();
  for (const round of after.dailyRounds) {
    const key = `${round.userId}/${round.number}`;
    byPlay.set(key, [...(byPlay.get(key) ?? []), round]);
    expect(round.guessesUsed).toBeLessThanOrEqual(GUESSES_PER_ANIME);
    const puzzle = after.dailyPuzzles.find((p) => p.number === round.number);
    expect(puzzle?.animeIds[round.index], "a Daily round out of order").toBe(round.animeId);
    if (round.status !== "playing") {
      expect(
        after.seen.some((s) => s.userId === round.userId && s.animeId === round.animeId),
        "an ended Daily round not recorded as seen",
      ).toBe(true);
    }
    if (round.userId !== caller.userId) {
      expect(
        before.dailyRounds.find((r) => r._id === round._id),
        "another's Daily",
      ).toEqual(round);
    }
  }
  for (const rounds of byPlay.values()) {
    const sorted = [...rounds].sort((a, b) => a.index - b.index);
    expect(sorted.map((r) => r.index)).toEqual(sorted.map((_, i) => i));
    for (const round of sorted.slice(0, -1)) expect(round.status).not.toBe("playing");
  }
  for (const streak of after.dailyStreaks) {
    expect(streak.best).toBeGreaterThanOrEqual(streak.current);
    if (streak.userId !== caller.userId) {
      expect(before.dailyStreaks.find((s) => s._id === streak._id)).toEqual(streak);
    }
  }
  const newTallies = after.tallies.slice(before.tallies.length).filter((t) => t.daily);
  expect(newTallies.length, "more than one Daily tally in a call").toBeLessThanOrEqual(1);
  for (const tally of newTallies) {
    const ended = after.dailyRounds.find(
      (r) =>
        r.userId === caller.userId &&
        r.number === tally.daily!.number &&
        r.index === tally.daily!.index,
    );
    expect(ended?.status, "a Daily tally for a round still in play").not.toBe("playing");
    const was = before.dailyRounds.find((r) => r._id === ended?._id);
    expect(was?.status, "a Daily tally for a round ended before").toBe("playing");
  }
  for (const game of after.games) {
    const round = game.round;
    if (round?.status !== "playing") continue;
    for (const puzzle of after.dailyPuzzles) {
      if (puzzle._creationTime < round.startedAt && puzzle.animeIds.includes(round.animeId)) {
        // Dealt after the Daily was chosen: only once that Daily's day was over.
        expect(dailyNumberAt(round.startedAt), "a Daily anime dealt").toBeGreaterThan(
          puzzle.number,
        );
      }
    }
  }
}

/** Becoming admin takes a live code, spent by this caller in this very call. */
export function expectSpentClaimCode(
  { name, caller, before, after }: CallRecord,
  userId: Id<"users">,
) {
  expect(name, "someone became admin").toBe("admin:makeMeAdmin");
  expect(userId, "someone else became admin").toBe(caller.userId);
  const spent = after.claimCodes.filter(
    (code) =>
      code.usedBy === userId &&
      before.claimCodes.find((c) => c._id === code._id)?.usedBy === undefined,
  );
  expect(spent, "admin without spending a code").toHaveLength(1);
  expect(spent[0].expiresAt, "admin with an expired code").toBeGreaterThan(Date.now());
  const locked = before.claimAttempts.find((a) => a.userId === userId)?.lockedUntil ?? 0;
  expect(locked, "admin while locked out").toBeLessThanOrEqual(Date.now());
}

/**
 * Claim codes and wrong tries: no call creates a code (operators do); a code
 * holds a SHA-256, is spent once, before it expires, by someone who is admin
 * now; a player has at most one document of wrong tries, with fewer than the
 * limit in it and a lock of at most an hour; only the caller's changes.
 */
export function checkClaims({ caller, before, after }: CallRecord) {
  const userIds = new Set(after.users.map((user) => user._id));
  expect(after.claimCodes.length, "a code was created").toBeLessThanOrEqual(
    before.claimCodes.length,
  );
  for (const code of after.claimCodes) {
    expect(code.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(code.expiresAt - code.createdAt).toBe(CLAIM_CODE_VALID_MS);
    expect(code.usedAt === undefined).toBe(code.usedBy === undefined);
    if (code.usedBy !== undefined) {
      expect(code.usedAt!).toBeLessThan(code.expiresAt);
      expect(userIn(after, code.usedBy)?.isAdmin, "a code spent by a non-admin").toBe(true);
    }
    const old = before.claimCodes.find((c) => c._id === code._id);
    if (old?.usedBy !== undefined) expect(code, "a spent code changed").toEqual(old);
  }
  const seen = new Set<string>();
  for (const attempts of after.claimAttempts) {
    expect(userIds.has(attempts.userId), "wrong tries of a user that is gone").toBe(true);
    expect(seen.has(attempts.userId), "two documents of wrong tries").toBe(false);
    seen.add(attempts.userId);
    expect(attempts.failures.length).toBeLessThan(CLAIM_MAX_FAILURES);
    expect(attempts.failures).toEqual([...attempts.failures].sort((a, b) => a - b));
    expect(attempts.lockedUntil ?? 0).toBeLessThanOrEqual(Date.now() + CLAIM_LOCK_MS);
    if (attempts.userId !== caller.userId) {
      const old = before.claimAttempts.find((a) => a._id === attempts._id);
      expect(attempts, "another player's wrong tries changed").toEqual(old);
    }
  }
}
