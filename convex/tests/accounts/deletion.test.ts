import type { ValidatorJSON } from "convex/values";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id, TableNames } from "../../_generated/dataModel";
import schema from "../../schema";
import { accountTables, PURGE_BATCH } from "../../model/accounts/deletion";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import { captureResetCodes } from "../../../testing/convex/resetCodes";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { runDueJobs } from "../../../testing/convex/scheduler";
import {
  dealtAnime,
  deal,
  foldAll,
  guessAs,
  playDailyAs,
  seedAnime,
  signIn,
  signUp,
  skipAs,
  standingAs,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

const annabel = { email: "annabel.q@example.com", username: "Annabel_Q", password: "secret1" };
const bobbin = { email: "bobbin.z@example.com", username: "Bobbin_Z", password: "secret2" };
const ALL = 10_000;

type Signed = Awaited<ReturnType<typeof signUp>>;

async function logIn(t: TestConvex, { email, password }: Signed, typed = password) {
  return await signIn(t, "signIn", { email, password: typed });
}

/**
 * Tables whose rule is `keeps` although their documents may hold a player's id, and why that is
 * right. Any other kept table must have no field that can name a player.
 */
const KEPT_WITH_PLAYER_IDS: Partial<Record<TableNames, string>> = {
  beta_feedback: "feedback stays for the admins, under the id of an account that no longer exists",
  authVerifiers: "OAuth's PKCE verifiers: a password-only app writes none",
};

const PLAYER_TABLES = new Set(["users", "authSessions", "authAccounts"]);

/** The tables a validator's ids point into. */
function idTablesIn(validator: ValidatorJSON): string[] {
  switch (validator.type) {
    case "id":
      return [validator.tableName];
    case "object":
      return Object.values(validator.value).flatMap((field) => idTablesIn(field.fieldType));
    case "array":
      return idTablesIn(validator.value);
    case "union":
      return validator.value.flatMap(idTablesIn);
    case "record":
      return [...idTablesIn(validator.keys), ...idTablesIn(validator.values.fieldType)];
    default:
      return [];
  }
}

const tableNames = Object.keys(schema.tables) as TableNames[];

/** Every document of every table (these worlds are small). */
async function everything(t: TestConvex) {
  return await t.run(async (ctx) => {
    const all: Partial<Record<TableNames, Record<string, unknown>[]>> = {};
    for (const table of tableNames) all[table] = await ctx.db.query(table).take(ALL);
    return all as Record<TableNames, Record<string, unknown>[]>;
  });
}

/** What names a player in a document: their ids (account, sessions, sign-ins), e-mail and name. */
async function markersOf(t: TestConvex, player: Signed): Promise<string[]> {
  const ids = await t.run(async (ctx) => {
    const sessions = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", player.userId))
      .take(ALL);
    const accounts = await ctx.db
      .query("authAccounts")
      .withIndex("userIdAndProvider", (q) => q.eq("userId", player.userId))
      .take(ALL);
    return [...sessions, ...accounts].map((doc) => doc._id as string);
  });
  return [player.userId, player.email, player.username, ...ids];
}

function naming(docs: Record<string, unknown>[], markers: string[]) {
  return docs.filter((doc) => markers.some((marker) => JSON.stringify(doc).includes(marker)));
}

/**
 * A player who has done everything the app lets a player do: played rounds and scored (game,
 * seen anime, days, stats, boards, a contested guess), signed in twice, mistyped a password, asked for a reset
 * code (and holds one of the old reset provider's), joined the beta and sent feedback, claimed admin (and lost it) and tried a wrong code, and made and joined
 * party rooms with another player, and played the Daily; the other player does the same things
 * alongside.
 */
async function playedWorld() {
  const t = newBackend();
  // Enough that the Daily finds 5 the game and rooms did not deal today (daily/candidates.ts).
  await seedAnime(t, 16);
  const ann = await signUp(t, annabel);
  const bob = await signUp(t, bobbin);
  for (const player of [ann, bob]) {
    await logIn(t, player);
    await expectErrorCode(logIn(t, player, "wrong!"), "INCORRECT_PASSWORD");
    await deal(player);
    const anime = await dealtAnime(t, player);
    await guessAs(player, WRONG_GUESS);
    await guessAs(player, anime.title.english ?? anime.title.romaji!);
    await skipAs(player);
    // The round over, its wrong guess contested ("this names it").
    await player.as.mutation(api.contests.send, { roundNumber: 1, guess: WRONG_GUESS });
    await t.action(api.auth.signIn, {
      provider: "password",
      params: { flow: "reset", email: player.email },
    });
    await player.as.mutation(api.beta.join, {});
    await player.as.mutation(api.beta.submitFeedback, {
      rating: 4,
      difficulty: "medium",
      bugReport: `report ${player === ann ? "one" : "two"}`,
      suggestions: "",
      userExperience: "",
    });
    const { code } = await t.mutation(internal.admin.createClaimCode, {});
    expect(await player.as.mutation(api.admin.makeMeAdmin, { code })).toEqual({ ok: true });
    // An operator takes the role back; a wrong code after that is counted against the player.
    await t.run(async (ctx) => await ctx.db.patch("users", player.userId, { isAdmin: false }));
    await player.as.mutation(api.admin.makeMeAdmin, { code: "ABCD-EFGH-JKLM" });
  }
  // Rooms: each hosts one the other joined, and Ann also made one nobody else joined.
  const annRoom = await ann.as.mutation(api.rooms.create, {});
  await bob.as.mutation(api.rooms.join, annRoom);
  vi.advanceTimersByTime(60_000);
  const bobRoom = await bob.as.mutation(api.rooms.create, {});
  await ann.as.mutation(api.rooms.join, bobRoom);
  await ann.as.mutation(api.rooms.heartbeat, bobRoom);
  await ann.as.mutation(api.rooms.start, annRoom);
  vi.advanceTimersByTime(60_000);
  await ann.as.mutation(api.rooms.create, {});
  // Bob removes Ann from a third room; each tries a code that names no room.
  const banRoom = await bob.as.mutation(api.rooms.create, {});
  await ann.as.mutation(api.rooms.join, banRoom);
  const seat = await t.run(async (ctx) => {
    const room = await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", banRoom.code))
      .unique();
    return (await ctx.db
      .query("roomPlayers")
      .withIndex("by_roomId_and_userId", (q) => q.eq("roomId", room!._id).eq("userId", ann.userId))
      .unique())!;
  });
  await bob.as.mutation(api.rooms.remove, { code: banRoom.code, player: seat._id });
  for (const who of [ann, bob]) await who.as.mutation(api.rooms.join, { code: "ZZZZZZ" });
  // Last, as it bars its anime from other deals: each plays the Daily through (its rounds, a
  // streak, the world's results).
  for (const player of [ann, bob]) await playDailyAs(t, player, [1, "miss", "giveUp", 2, 1]);
  await foldAll(t);
  // Convex Auth's e-mail provider sent reset codes before the `resetCodes` table: a deployment
  // may still hold its code and its wrong codes counted under the address.
  await t.run(async (ctx) => {
    for (const who of [ann, bob]) {
      const account = await ctx.db
        .query("authAccounts")
        .withIndex("userIdAndProvider", (q) => q.eq("userId", who.userId))
        .first();
      await ctx.db.insert("authVerificationCodes", {
        accountId: account!._id,
        provider: "password-reset",
        code: "0".repeat(64),
        expirationTime: 1,
      });
      await ctx.db.insert("authRateLimits", {
        identifier: who.email,
        attemptsLeft: 9,
        lastAttemptTime: 1,
      });
    }
  });
  return { t, ann, bob, annRoom, bobRoom };
}

describe("deleting an account", () => {
  fakeClockEachTest();

  beforeEach(() => {
    captureResetCodes();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  test("every table of the schema has a rule, and a kept table names no player unless it says why", () => {
    expect(Object.keys(accountTables).sort()).toEqual([...tableNames].sort());
    for (const table of tableNames) {
      const rule = accountTables[table];
      if ("purge" in rule) continue;
      const playerIds = idTablesIn(
        (schema.tables[table].validator as unknown as { json: ValidatorJSON }).json,
      ).filter((target) => PLAYER_TABLES.has(target));
      if (KEPT_WITH_PLAYER_IDS[table] === undefined) {
        expect(playerIds, `${table} keeps ids of players: purge it or say why`).toEqual([]);
      }
    }
  });

  test("removes every document that names the player, table by table; the other player keeps theirs", async () => {
    const { t, ann, bob, bobRoom } = await playedWorld();
    const annMarkers = await markersOf(t, ann);
    const bobMarkers = await markersOf(t, bob);
    const before = await everything(t);
    for (const table of tableNames) {
      if ("purge" in accountTables[table]) {
        // A rule that the played world never exercises would prove nothing.
        expect(
          naming(before[table], annMarkers).length,
          `${table}: nothing of Ann's to delete`,
        ).toBeGreaterThan(0);
      }
    }

    await ann.as.action(api.users.deleteAccount, {
      confirmation: ann.username,
      password: ann.password,
    });
    await runDueJobs(t);

    const after = await everything(t);
    for (const table of tableNames) {
      const left = naming(after[table], annMarkers);
      if (table === "beta_feedback") {
        // Kept, under an id that names no account: no e-mail, no name.
        expect(left).toHaveLength(1);
        expect(naming(left, [ann.email, ann.username])).toEqual([]);
      } else {
        expect(left, `${table} still names Ann`).toEqual([]);
      }
      // Bob's own documents all stay (a document naming both, like a shared room, may change).
      const kept = new Set(after[table].map((doc) => doc._id));
      const bobsOwn = naming(before[table], bobMarkers).filter(
        (doc) => naming([doc], annMarkers).length === 0,
      );
      expect(
        bobsOwn.filter((doc) => !kept.has(doc._id)),
        `${table}: Bob lost documents`,
      ).toEqual([]);
    }
    // The room Ann hosted passed to Bob; the one she joined goes on without her.
    const rooms = after.rooms as {
      hostId: Id<"users">;
      createdBy: Id<"users">;
      code: string;
      playerCount: number;
    }[];
    // Ann's room (now Bob's), Bob's, and the one Bob removed her from.
    expect(rooms.map((room) => [room.hostId, room.createdBy, room.playerCount])).toEqual([
      [bob.userId, bob.userId, 1],
      [bob.userId, bob.userId, 1],
      [bob.userId, bob.userId, 1],
    ]);
    expect(rooms.map((room) => room.code)).toContain(bobRoom.code);
  });

  test("what the others see: boards without the player, feedback without a name; signing in is refused", async () => {
    const { t, ann, bob } = await playedWorld();
    await ann.as.action(api.users.deleteAccount, {
      confirmation: ann.username,
      password: ann.password,
    });
    const board = await t.query(api.leaderboard.top, { limit: 10 });
    expect(board.map((entry) => entry.username)).toEqual([bob.username]);
    // Ranks too, once the fold has taken her off the boards' statistics.
    const players = async () => (await t.query(api.leaderboard.ranks, {})).players;
    await foldAll(t);
    expect(await players()).toBe(1);
    expect(await standingAs(bob, {})).toMatchObject({ rank: 1, players: 1 });
    await t.run(async (ctx) => await ctx.db.patch("users", bob.userId, { isAdmin: true }));
    const feedback = await bob.as.query(api.admin.feedback, {
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(feedback.page.map((item) => [item.bugReport, item.username])).toEqual([
      ["report two", bob.username],
      ["report one", null],
    ]);
    await expectErrorCode(logIn(t, ann), "ACCOUNT_NOT_FOUND");
    expect(await ann.as.query(api.users.viewer, {})).toBeNull();
    // Its token outlives the session it belonged to, but not for the server.
    await expectErrorCode(ann.as.query(api.game.state, {}), "SESSION_ENDED");
    // The address is free again.
    await signUp(t, annabel);
  });

  test("needs the username typed exactly", async () => {
    const t = newBackend();
    const ann = await signUp(t, annabel);
    for (const typed of ["", "annabel_q", "Annabel"]) {
      await expectErrorCode(
        ann.as.action(api.users.deleteAccount, { confirmation: typed, password: ann.password }),
        "DELETE_NOT_CONFIRMED",
      );
    }
    expect(await ann.as.query(api.users.viewer, {})).not.toBeNull();
  });

  test("needs the current password: a session someone else holds cannot delete the account", async () => {
    const t = newBackend();
    const ann = await signUp(t, annabel);
    const remove = (password: string) =>
      ann.as.action(api.users.deleteAccount, { confirmation: ann.username, password });
    await expectErrorCode(remove(""), "CURRENT_PASSWORD_MISSING");
    await expectErrorCode(remove("not-hers"), "INCORRECT_PASSWORD");
    expect(await ann.as.query(api.users.viewer, {})).not.toBeNull();
    await logIn(t, ann);
    await remove(ann.password);
    await expectErrorCode(logIn(t, ann), "ACCOUNT_NOT_FOUND");
  });

  test(`a long history goes in steps of at most ${PURGE_BATCH} documents, the sign-in at once`, async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const ann = await signUp(t, annabel);
    await deal(ann);
    const animeIds = await t.run(async (ctx) =>
      (await ctx.db.query("anime").take(3)).map((a) => a._id),
    );
    await t.run(async (ctx) => {
      for (let i = 0; i < 450; i++) {
        await ctx.db.insert("seenAnime", {
          userId: ann.userId,
          animeId: animeIds[i % 3],
          seenAt: i,
        });
      }
      for (let i = 0; i < 150; i++) {
        const day = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
        await ctx.db.insert("playerDays", {
          userId: ann.userId,
          day,
          rounds: 1,
          solved: 1,
          firstTry: 1,
          points: 10,
          marks: ["firstTry"],
        });
        await ctx.db.insert("boardEntries", {
          board: `day:${day}`,
          userId: ann.userId,
          username: ann.username,
          score: 10,
        });
      }
    });
    const markers = await markersOf(t, ann);
    const count = async () => {
      const all = await everything(t);
      return tableNames.reduce((sum, table) => sum + naming(all[table], markers).length, 0);
    };
    let left = await count();
    expect(left).toBeGreaterThan(3 * PURGE_BATCH);

    await ann.as.action(api.users.deleteAccount, {
      confirmation: ann.username,
      password: ann.password,
    });
    const steps = [left - (left = await count())];
    await expectErrorCode(logIn(t, ann), "ACCOUNT_NOT_FOUND");
    await runDueJobs(t, async () => {
      steps.push(left - (left = await count()));
    });
    expect(left).toBe(0);
    expect(steps.filter((step) => step > 0).length).toBeGreaterThanOrEqual(4);
    for (const step of steps) expect(step).toBeLessThanOrEqual(PURGE_BATCH);
  });
});
