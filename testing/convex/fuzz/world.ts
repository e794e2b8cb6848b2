/**
 * The world the fuzzer's calls run in: one backend with a caller of each role, and the values
 * read when a call is made (the round in play, its answer, an issued cursor).
 */
import fc from "fast-check";
import { vi } from "vitest";
import { api, internal } from "../../../convex/_generated/api";
import type { Doc, Id, TableNames } from "../../../convex/_generated/dataModel";
import { newBackend, type TestConvex } from "../backend";
import { givePassword, seedAnime, signedInAs, signIn, type Role } from "../../world";

export const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
export const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
export const HOUR = 3_600_000;
export const MiB = 1 << 20;

export type Accessor = Pick<TestConvex, "query" | "mutation" | "action">;

export type Caller = {
  role: Role;
  userId: Id<"users"> | null;
  sessionId: Id<"authSessions"> | null;
  as: Accessor;
};

export type World = {
  t: TestConvex;
  callers: Record<Role, Caller>;
  /** One document id of each table, for "an id of another table". */
  ids: Partial<Record<TableNames, string>>;
  /** A cursor the server issued for the admin's feedback list. */
  cursor: string;
  /** An account with a password, for signing in, and the refresh token its sign-up issued. */
  account: { email: string; password: string; refreshToken: string } | null;
  /** An admin claim code an operator created, valid until someone uses it or it expires. */
  claimCode: string;
  /**
   * A party room the player hosts, private to its link at first, which the beta tester has
   * joined (the admin is outside it).
   */
  roomCode: string;
  /** Set when resolving a value wrote to the database, so the state before the call is read again. */
  wrote?: boolean;
};

export const TABLES: TableNames[] = [
  "users",
  "games",
  "anime",
  "beta_feedback",
  "feedbackStats",
  "gameDailyStats",
  "seenAnime",
  "beta_analytics",
  "catalogueRefreshes",
  "authSessions",
  "authAccounts",
  "adminClaimCodes",
  "adminClaimAttempts",
  "boardEntries",
  "boardStats",
  "boardRanks",
  "tallies",
  "roomPlayers",
];

/** The password each caller has with `withPasswords`. */
export const CALLER_PASSWORD = "secret1";

export async function newWorld({
  withAccount = false,
  withPasswords = false,
} = {}): Promise<World> {
  const t = newBackend();
  await seedAnime(t, 30);
  const player = await signedInAs(t, "player");
  const betaTester = await signedInAs(t, "betaTester");
  const admin = await signedInAs(t, "admin");
  // Today's Daily first, as a deployment chooses it a day ahead: the games' deals avoid it.
  await player.as.mutation(api.daily.open, {});
  for (const caller of [player, betaTester, admin]) {
    await caller.as.mutation(api.game.start, { timeZone: "UTC" });
    if (withPasswords) await givePassword(t, caller, CALLER_PASSWORD);
  }
  for (const rating of [2, 5]) {
    await betaTester.as.mutation(api.beta.submitFeedback, {
      rating,
      difficulty: "hard",
      bugReport: "<b>bold</b>",
      suggestions: "",
      userExperience: "",
    });
    vi.advanceTimersByTime(31_000);
  }
  const { continueCursor } = await admin.as.query(api.admin.feedback, {
    paginationOpts: { numItems: 1, cursor: null },
  });
  const { code: claimCode } = await t.mutation(internal.admin.createClaimCode, {});
  // Private to its link, so that calls meet both a code that opens it and one that does not.
  const { code: roomCode } = await player.as.mutation(api.rooms.create, { private: true });
  const hosted = await player.as.query(api.rooms.view, { code: roomCode });
  const secret = hosted.kind === "member" ? (hosted.linkSecret ?? undefined) : undefined;
  const joined = await betaTester.as.mutation(api.rooms.join, { code: roomCode, secret });
  if (joined.kind !== "joined") throw new Error(`The beta tester could not join: ${joined.reason}`);
  let account: World["account"] = null;
  if (withAccount) {
    const credentials = { email: "dana@example.com", password: "secret1" };
    const tokens = await signIn(t, "signUp", { ...credentials, username: "Dana" });
    account = { ...credentials, refreshToken: tokens.refreshToken };
  }
  const ids = await t.run(async (ctx) => {
    const found: World["ids"] = {};
    for (const table of TABLES) {
      const doc = await ctx.db.query(table).first();
      if (doc !== null) found[table] = doc._id;
    }
    return found;
  });
  const visitor: Caller = { role: "visitor", userId: null, sessionId: null, as: t };
  const signedIn = (role: Role, account: typeof player): Caller => ({ role, ...account });
  return {
    t,
    callers: {
      visitor,
      player: signedIn("player", player),
      betaTester: signedIn("betaTester", betaTester),
      admin: signedIn("admin", admin),
    },
    ids,
    cursor: continueCursor,
    account,
    claimCode,
    roomCode,
  };
}

/** A value read when the call is made: the round in play, its answer, an issued cursor. */
export class Live {
  constructor(
    readonly label: string,
    readonly read: (world: World, caller: Caller) => unknown,
  ) {}
  [fc.toStringMethod]() {
    return `<${this.label}>`;
  }
}

export async function resolve(value: unknown, world: World, caller: Caller): Promise<unknown> {
  if (value instanceof Live) return await value.read(world, caller);
  if (Array.isArray(value)) return await Promise.all(value.map((v) => resolve(v, world, caller)));
  // Objects are rebuilt with the ordinary prototype, as a client's JSON arrives.
  if (typeof value === "object" && value !== null && !(value instanceof ArrayBuffer)) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([k, v]) => [k, await resolve(v, world, caller)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

export async function gameOfCaller(world: World, caller: Caller): Promise<Doc<"games"> | null> {
  const userId = caller.userId;
  if (userId === null) return null;
  return await world.t.run(
    async (ctx) =>
      await ctx.db
        .query("games")
        .withIndex("by_userId", (q) => q.eq("userId", userId))
        .unique(),
  );
}

export async function animeOfRound(world: World, caller: Caller): Promise<Doc<"anime"> | null> {
  const round = (await gameOfCaller(world, caller))?.round;
  if (!round) return null;
  return await world.t.run(async (ctx) => await ctx.db.get("anime", round.animeId));
}

export const live = {
  round: (delta: number) =>
    new Live(`the caller's round ${delta < 0 ? "" : "+"}${delta}`, async (world, caller) => {
      const number = (await gameOfCaller(world, caller))?.round?.number ?? 1;
      return number + delta;
    }),
  attempt: new Live(
    "the guesses made on this round",
    async (world, caller) => (await gameOfCaller(world, caller))?.round?.guessesUsed ?? 0,
  ),
  answer: new Live(
    "the right answer",
    async (world, caller) => (await animeOfRound(world, caller))?.answers[0] ?? "Show 1",
  ),
  answerDressedUp: new Live("the right answer, upper-cased and padded", async (world, caller) => {
    const answer = (await animeOfRound(world, caller))?.answers[0] ?? "Show 1";
    return ` \u200b${answer.toUpperCase()}\t `;
  }),
  answerPasted: new Live("the right answer, then a 1 MiB paste", async (world, caller) => {
    const answer = (await animeOfRound(world, caller))?.answers[0] ?? "Show 1";
    return `${answer} ${"x".repeat(MiB)}`;
  }),
  cursor: new Live("a cursor the server issued", (world) => world.cursor),
  today: new Live("today's UTC day", () => new Date(Date.now()).toISOString().slice(0, 10)),
  now: new Live("the client's clock", () => Date.now()),
  claimCode: new Live("the claim code an operator created", (world) => world.claimCode),
  freshClaimCode: new Live("a claim code an operator has just created", async (world) => {
    world.wrote = true;
    return (await world.t.mutation(internal.admin.createClaimCode, {})).code;
  }),
  claimCodeTyped: new Live(
    "the claim code, lower-cased and spaced",
    (world) => ` ${world.claimCode.toLowerCase().replaceAll("-", " ")} `,
  ),
  accountEmail: new Live("an existing account's e-mail", (world) => world.account?.email ?? ""),
  refreshToken: new Live(
    "a refresh token the server issued",
    (world) => world.account?.refreshToken ?? "",
  ),
  id: (table: TableNames) => new Live(`an id of ${table}`, (world) => world.ids[table] ?? ""),
  huge: (label: string, make: () => string) => {
    let value: string | undefined;
    return new Live(label, () => (value ??= make()));
  },
};
