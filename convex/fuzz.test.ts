/**
 * Fuzzing every public function through convex-test (fast-check).
 *
 * Each function gets a few hundred generated calls, from visitors, players,
 * beta testers and admins, one after the other against one backend whose
 * state carries over (with the clock jumping ahead now and then, which runs
 * the scheduled cooldown ends and midnight resets). The arguments are derived
 * from the function's own validator, so a new function is fuzzed as soon as it
 * is registered: well-typed values that are hostile (empty, 1 MiB, lone
 * surrogates, RTL and zero-width marks, NUL, emoji, markup; negative,
 * fractional, NaN and ±Infinity numbers; ids of other tables), values of the
 * wrong type, and missing and extra fields. A few realistic values (the round
 * being played, its answer, an issued cursor, an existing account) are mixed
 * in so that calls also get past the checks and change the game.
 *
 * Every call must either succeed as the function promises or be refused with
 * an argument-validation error or one of our coded errors that the caller's
 * role can meet; and after every call the database must still satisfy the
 * invariants in `checkInvariants`.
 *
 * More runs, or a failure's seed: FUZZ_RUNS=2000 FUZZ_SEED=123 npx vitest run convex/fuzz.test.ts
 */
import { makeFunctionReference } from "convex/server";
import {
  getDocumentSize,
  jsonToConvex,
  type ObjectFieldType,
  type ValidatorJSON,
  type Value,
} from "convex/values";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Doc, Id, TableNames } from "./_generated/dataModel";
import { MAX_EMAIL_LENGTH, USERNAME_PATTERN, usernameKey } from "./model/shared/accounts";
import { CLAIM_CODE_VALID_MS, CLAIM_LOCK_MS, CLAIM_MAX_FAILURES } from "./model/shared/claimRules";
import { errorCodeOf, type ErrorCode } from "./model/shared/errors";
import { FEEDBACK_TEXT_MAX_LENGTH, RATING_MAX, RATING_MIN } from "./model/shared/feedbackRules";
import { shardOf } from "./model/boards/rank";
import { isValidTimeZone } from "./model/game/localTime";
import {
  COOLDOWN_MS,
  DAILY_GUESSES,
  GUESSES_PER_ANIME,
  LEADERBOARD_PAGE_SIZE,
  MAX_LEADERBOARD_SIZE,
  POINTS_PER_CORRECT_GUESS,
  QUICK_GUESS_BONUS,
  RANK_EXACT_LIMIT,
  STATS_HISTORY_DAYS,
  STATS_MARKS_KEPT,
  SUGGEST_MIN_CHARS,
  SUGGESTIONS_MAX,
  BLUR_STEPS_PX,
  ROOM_GUESSES_PER_ROUND,
  ROOM_MAX_PLAYERS,
  ROOM_ROUND_CHOICES,
  roomPointsFor,
} from "./model/shared/rules";
import type { StatsView } from "./model/game/stats";
import {
  identityFromToken,
  newBackend,
  registeredFunctions,
  ROLES,
  seedAnime,
  signedInAs,
  signIn,
  type FunctionKind,
  type PublicFunctionName,
  type RegisteredFunction,
  type Role,
  type TestConvex,
} from "./test.setup";

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const HOUR = 3_600_000;
const MiB = 1 << 20;

// ---------------------------------------------------------------------------
// The world the calls run in

type Accessor = Pick<TestConvex, "query" | "mutation" | "action">;
type Caller = {
  role: Role;
  userId: Id<"users"> | null;
  sessionId: Id<"authSessions"> | null;
  as: Accessor;
};

type World = {
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
  /** A party room the player hosts and the beta tester has joined (the admin is outside it). */
  roomCode: string;
  /** Set when resolving a value wrote to the database, so the state before the call is read again. */
  wrote?: boolean;
};

const TABLES: TableNames[] = [
  "users",
  "games",
  "anime",
  "beta_feedback",
  "feedbackStats",
  "analytics_events",
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
];

async function newWorld({ withAccount = false } = {}): Promise<World> {
  const t = newBackend();
  await seedAnime(t, 30);
  const player = await signedInAs(t, "player");
  const betaTester = await signedInAs(t, "betaTester");
  const admin = await signedInAs(t, "admin");
  for (const caller of [player, betaTester, admin]) {
    await caller.as.mutation(api.game.start, { timeZone: "UTC" });
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
  const { code: roomCode } = await player.as.mutation(api.rooms.create, {});
  await betaTester.as.mutation(api.rooms.join, { code: roomCode });
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
class Live {
  constructor(
    readonly label: string,
    readonly read: (world: World, caller: Caller) => unknown,
  ) {}
  [fc.toStringMethod]() {
    return `<${this.label}>`;
  }
}

async function resolve(value: unknown, world: World, caller: Caller): Promise<unknown> {
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

async function gameOfCaller(world: World, caller: Caller): Promise<Doc<"games"> | null> {
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

async function animeOfRound(world: World, caller: Caller): Promise<Doc<"anime"> | null> {
  const round = (await gameOfCaller(world, caller))?.round;
  if (!round) return null;
  return await world.t.run(async (ctx) => await ctx.db.get("anime", round.animeId));
}

const live = {
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

// ---------------------------------------------------------------------------
// Values

const HUGE_EMAIL = live.huge("a 1 MiB e-mail address", () => `${"a".repeat(MiB)}@example.com`);
const HUGE_STRINGS = [
  live.huge("1 MiB of 'x'", () => "x".repeat(MiB)),
  live.huge("1 MiB of emoji", () => "😀".repeat(MiB / 4)),
  live.huge("1 MiB of NUL", () => "\u0000".repeat(MiB)),
  live.huge("1 MiB of lone surrogates", () => "\ud800".repeat(MiB / 2)),
  live.huge("1 MiB of markup", () => "<img src=x onerror=alert(1)>".repeat(MiB / 28)),
  HUGE_EMAIL,
];

const ODD_PIECES = [
  "",
  " ",
  "\u0000",
  "\t\r\n",
  "\u200b", // zero-width space
  "\u200d", // zero-width joiner
  "\u202e", // right-to-left override
  "\u2066", // left-to-right isolate
  "\ufeff",
  "e\u0301",
  "👩‍👩‍👧",
  "🇯🇵",
  "שלום",
  "مرحبا",
  "ｆｕｌｌ",
  "İı",
  "ß",
  "\ud800",
  "\udfff",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  "' OR '1'='1",
  "${7*7}",
  "__proto__",
  "constructor",
  "NaN",
  "-1",
  "UTC",
  "Show 1",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const stringPiece = fc.oneof(
  fc.constantFrom(...ODD_PIECES),
  loneSurrogate,
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 2 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 3 }),
  fc.string({ minLength: 1, maxLength: 8 }),
);
const idOfAnyTable = fc.constantFrom(...TABLES.map((table) => live.id(table)));
const oddString: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.array(stringPiece, { maxLength: 6 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  { weight: 1, arbitrary: idOfAnyTable },
);

const oddNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    1.5,
    NaN,
    Infinity,
    -Infinity,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.EPSILON,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 31),
    2 ** 32,
    1e21,
  ),
  fc.integer({ min: -3, max: 30 }),
  fc.double(),
);

const bytes = fc.uint8Array({ maxLength: 16 }).map((array) => array.buffer);
const fieldName = fc
  .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 10 })
  .filter((name) => !name.startsWith("$"));

/** Any value a client can send: every Convex type, nested. */
const { anyValue } = fc.letrec<{ anyValue: unknown }>((tie) => ({
  anyValue: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    oddNumber,
    oddString,
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    bytes,
    fc.array(tie("anyValue"), { maxLength: 3 }),
    fc.dictionary(fieldName, tie("anyValue"), { maxKeys: 3 }),
  ),
}));

/** Realistic values by field name, mixed with the generated ones. */
type Hints = Record<string, fc.Arbitrary<unknown>>;

function omit(object: Record<string, unknown>, key: string) {
  const { [key]: _omitted, ...rest } = object;
  return rest;
}

function objectArbitrary(fields: Record<string, ObjectFieldType>, hints: Hints) {
  const entries = Object.entries(fields);
  const shape = Object.fromEntries(
    entries.map(([name, field]) => [name, conforming(field.fieldType, hints, name)]),
  );
  const required = entries.filter(([, field]) => !field.optional).map(([name]) => name);
  const fit = fc.record(shape, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  const names = entries.map(([name]) => name);
  return fc.oneof(
    { weight: 10, arbitrary: fit },
    {
      weight: 3,
      arbitrary:
        names.length === 0
          ? fit
          : fc
              .tuple(fit, fc.constantFrom(...names), anyValue)
              .map(([object, key, wrong]) => ({ ...object, [key]: wrong })),
    },
    {
      weight: 1,
      arbitrary:
        required.length === 0
          ? fit
          : fc.tuple(fit, fc.constantFrom(...required)).map(([object, key]) => omit(object, key)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fit, fieldName, anyValue)
        .map(([object, key, extra]) => (key in object ? object : { ...object, [key]: extra })),
    },
    { weight: 1, arbitrary: fc.dictionary(fieldName, anyValue, { maxKeys: 3 }) },
  );
}

/** Values of the validator's type (mostly), hostile ones, with the hint for `field` mixed in. */
function conforming(validator: ValidatorJSON, hints: Hints, field?: string): fc.Arbitrary<unknown> {
  const hint = field === undefined ? undefined : hints[field];
  const base = ((): fc.Arbitrary<unknown> => {
    switch (validator.type) {
      case "null":
        return fc.constant(null);
      case "number":
        return oddNumber;
      case "bigint":
        return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
      case "boolean":
        return fc.boolean();
      case "string":
        return oddString;
      case "bytes":
        return bytes;
      case "any":
      case "commitTs":
        return anyValue;
      case "literal":
        return fc.constant(jsonToConvex(validator.value));
      case "id":
        return fc.oneof(fc.constant(live.id(validator.tableName as TableNames)), idOfAnyTable);
      case "array":
        return fc.array(conforming(validator.value, hints), { maxLength: 4 });
      case "record":
        return fc.dictionary(fieldName, conforming(validator.values.fieldType, hints), {
          maxKeys: 3,
        });
      case "object":
        return objectArbitrary(validator.value, hints);
      case "union":
        return fc.oneof(...validator.value.map((member) => conforming(member, hints)));
    }
  })();
  return hint === undefined
    ? base
    : fc.oneof({ weight: 3, arbitrary: hint }, { weight: 2, arbitrary: base });
}

/** A call's arguments: mostly an object shaped by the validator, now and then not an object at all. */
function argumentsFor(
  validator: ValidatorJSON,
  { hints = {}, realistic }: Spec,
  realisticWeight = 10,
) {
  return fc.oneof(
    { weight: 20, arbitrary: conforming(validator, hints) },
    ...(realistic === undefined ? [] : [{ weight: realisticWeight, arbitrary: realistic }]),
    // (Not null: convex-test itself crashes on it, and a client's null arguments arrive as {}.)
    { weight: 1, arbitrary: fc.oneof(oddString, oddNumber, fc.array(anyValue)) },
  );
}

// ---------------------------------------------------------------------------
// What each function may do

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

type CallRecord = {
  name: string;
  kind: FunctionKind;
  caller: Caller;
  args: unknown;
  world: World;
  before: Snapshot;
  after: Snapshot;
};

type Spec = {
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
};

const forPlayers =
  (...codes: ErrorCode[]) =>
  (user: Doc<"users"> | null): ErrorCode[] =>
    user === null ? ["NOT_SIGNED_IN"] : codes;

const forAdmins = (user: Doc<"users"> | null): ErrorCode[] =>
  user === null ? ["NOT_SIGNED_IN"] : user.isAdmin ? [] : ["FORBIDDEN"];

const ACCOUNT_REFUSALS: ErrorCode[] = [
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
];

/**
 * Convex Auth's own refusals of sign-in requests its client never sends (no
 * provider, an unknown flow or provider, a flow this deployment does not
 * enable, a made-up code or refresh token); they write nothing.
 */
const CONVEX_AUTH_REFUSALS = [
  /^Cannot sign in: Missing `provider`, `params.code` or `refreshToken`$/,
  /^Unsupported sign-in flow: /,
  /^Can't parse refresh token: /,
  /^Provider `[\s\S]*` is not configured, available providers are /,
];

function userIn(snapshot: Snapshot, userId: Id<"users"> | null) {
  return snapshot.users.find((user) => user._id === userId);
}

function gameIn(snapshot: Snapshot, userId: Id<"users"> | null) {
  return snapshot.games.find((game) => game.userId === userId);
}

const CLAIM_REFUSALS = [
  "CLAIM_CODE_MISSING",
  "CLAIM_CODE_WRONG",
  "CLAIM_CODE_USED",
  "CLAIM_CODE_EXPIRED",
  "CLAIM_LOCKED",
];

const GUESS_OUTCOMES = [
  "ignored",
  "stale",
  "noRound",
  "roundOver",
  "cooldown",
  "correct",
  "wrong",
  "outOfGuesses",
];

const timeZones = fc.constantFrom(
  "UTC",
  "Europe/Paris",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "America/New_York",
  "America/St_Johns",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Australia/Lord_Howe",
  "Etc/GMT+12",
  "europe/paris",
  "EST5EDT",
  "+05:30",
  "Mars/Base",
  "Europe/Paris\u0000",
);

const periods = fc.constantFrom("day", "week", "all");
const days = fc.oneof(
  fc.constant(live.today),
  fc.constantFrom("2026-02-29", "2026-02-30", "1970-01-01", "9999-12-31", "2026-1-5", "today"),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

const feedbackText = fc.oneof(
  fc.constantFrom("", "<script>alert(1)</script>", "x".repeat(FEEDBACK_TEXT_MAX_LENGTH)),
  fc.constant(live.huge("5,001 characters", () => "y".repeat(FEEDBACK_TEXT_MAX_LENGTH + 1))),
  fc.string({ maxLength: 30 }),
);

// ---------------------------------------------------------------------------
// Party rooms (issue 17)

async function roomRoundOf(world: World) {
  return await world.t.run(async (ctx) => {
    const room = await ctx.db
      .query("rooms")
      .withIndex("by_code", (q) => q.eq("code", world.roomCode))
      .unique();
    if (room === null) return null;
    const round = await ctx.db
      .query("roomRounds")
      .withIndex("by_roomId_and_number", (q) =>
        q.eq("roomId", room._id).eq("number", room.roundNumber),
      )
      .unique();
    const anime = round === null ? null : await ctx.db.get("anime", round.animeId);
    return { number: room.roundNumber, answer: anime?.answers[0] ?? "Show 1" };
  });
}

const roomLive = {
  code: new Live("the room's code", (world) => world.roomCode),
  codeTyped: new Live(
    "the room's code, lower-cased and spaced",
    (world) => ` ${world.roomCode.toLowerCase().split("").join(" ")} `,
  ),
  round: new Live("the room's round", async (world) => (await roomRoundOf(world))?.number ?? 1),
  answer: new Live("the room round's answer", async (world) => (await roomRoundOf(world))?.answer),
};

/** Room calls come seconds apart: a jump past 30 idle minutes would close the room for good. */
const roomClock = fc.constantFrom(0, 0, 0, 1_000, 10_000);
const roomCodes = fc.constantFrom(roomLive.code, roomLive.codeTyped, "ZZZZ", "", "K7QM");
const ROOM_MEMBER_REFUSALS: ErrorCode[] = ["NOT_IN_ROOM", "ROOM_CLOSED"];
const ROOM_GUESS_OUTCOMES = [
  "ignored",
  "stale",
  "roundOver",
  "alreadySolved",
  "correct",
  "wrong",
  "outOfGuesses",
];

const roomSpecs = {
  "rooms:view": {
    refusals: forPlayers(),
    hints: { code: roomCodes },
    realistic: fc.record({ code: roomCodes }),
    clock: roomClock,
    succeeded: (result: unknown, { caller }: CallRecord) => {
      const view = result as { kind: string; round?: { status: string; answer: unknown } | null };
      expect(["outside", "closed", "member"]).toContain(view.kind);
      if (caller.role === "admin" && view.kind === "member") return; // the admin may have joined
      if (view.round?.status === "playing") expect(view.round.answer).toBeNull();
    },
  },
  "rooms:create": {
    refusals: forPlayers("ROOM_CREATE_TOO_FAST"),
    clock: roomClock,
    succeeded: (result: unknown) =>
      expect((result as { code: string }).code).toMatch(/^[A-HJKMNP-Z2-9]{4}$/),
  },
  "rooms:join": {
    refusals: forPlayers("ROOM_NOT_FOUND", "ROOM_FULL", "ROOM_CLOSED"),
    hints: { code: roomCodes },
    realistic: fc.record({ code: roomCodes }),
    clock: roomClock,
    succeeded: (result: unknown) =>
      expect((result as { code: string }).code).toMatch(/^[A-HJKMNP-Z2-9]{4}$/),
  },
  "rooms:heartbeat": {
    refusals: forPlayers(...ROOM_MEMBER_REFUSALS),
    hints: { code: roomCodes },
    realistic: fc.record({ code: roomCodes }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toEqual({ now: Date.now() }),
  },
  "rooms:leave": {
    refusals: forPlayers(...ROOM_MEMBER_REFUSALS),
    hints: { code: roomCodes },
    realistic: fc.record({ code: roomCodes }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:configure": {
    refusals: forPlayers(
      ...ROOM_MEMBER_REFUSALS,
      "NOT_ROOM_HOST",
      "ROOM_BAD_SETTINGS",
      "ROOM_NOT_IN_LOBBY",
    ),
    hints: {
      code: roomCodes,
      rounds: fc.constantFrom(5, 10, 15, 4, 0, -5, 5.5),
      seconds: fc.integer({ min: 20, max: 100 }),
    },
    realistic: fc.record({
      code: fc.constant(roomLive.code),
      rounds: fc.constantFrom(5, 10, 15),
      seconds: fc.integer({ min: 30, max: 90 }),
    }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:start": {
    refusals: forPlayers(
      ...ROOM_MEMBER_REFUSALS,
      "NOT_ROOM_HOST",
      "ROOM_NOT_IN_LOBBY",
      "ROOM_POOL_EMPTY",
    ),
    hints: { code: roomCodes },
    realistic: fc.record({ code: fc.constant(roomLive.code) }),
    clock: roomClock,
    succeeded: (result: unknown) => expect(result).toBeNull(),
  },
  "rooms:guess": {
    refusals: forPlayers(
      ...ROOM_MEMBER_REFUSALS,
      "GUESS_TOO_LONG",
      "GUESS_IS_A_LIST",
      "GUESS_TOO_GENERIC",
      "ROOM_GUESS_TOO_FAST",
    ),
    hints: {
      code: roomCodes,
      roundNumber: fc.constantFrom(roomLive.round, 0, 99),
      guess: fc.constantFrom(roomLive.answer, "Zorblat", "Show 1, Show 2", "   "),
    },
    realistic: fc.record({
      code: fc.constant(roomLive.code),
      roundNumber: fc.constant(roomLive.round),
      guess: fc.constantFrom(roomLive.answer, "Zorblat", "Naruto"),
    }),
    clock: fc.constantFrom(0, 1_000, 1_000, 10_000),
    succeeded: (result: unknown) => {
      const outcome = result as { kind: string; points?: number; place?: number };
      expect(ROOM_GUESS_OUTCOMES).toContain(outcome.kind);
      if (outcome.kind === "correct") {
        const possible = BLUR_STEPS_PX.map((_, step) => roomPointsFor(outcome.place!, step));
        expect(possible).toContain(outcome.points);
      }
    },
  },
} satisfies Partial<Record<PublicFunctionName, Spec>>;

/**
 * Rooms hold at most ROOM_MAX_PLAYERS, counted on the room; a round's count of solvers is its
 * solved players; room points are whole, ≥ 0, and the sum of the points of the rounds solved;
 * rooms keep at most the largest game's rounds, none ahead of the room's current one, each at a
 * blur step that exists; places 1, 2, 3… without a gap or a repeat.
 */
function checkRooms({ after }: CallRecord) {
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
        expect(round.solvedCount, "solvers").toBe(solved.length);
        expect(solved.map((p) => p.round!.place).sort()).toEqual(
          solved.map((_, i) => i + 1).sort(),
        );
      }
    }
    for (const member of members) {
      expect(Number.isInteger(member.score) && member.score >= 0).toBe(true);
      expect(member.round?.guesses ?? 0).toBeLessThanOrEqual(ROOM_GUESSES_PER_ROUND);
    }
  }
}

/**
 * Every public function, typed by the generated `api` so that a new one
 * fails type-checking until it is described here.
 */
const specs: Record<PublicFunctionName, Spec> = {
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
        fc.constantFrom("flow", "email", "password", "username", "code", "redirectTo"),
        oddString,
      ),
    },
    realistic: fc.record({
      provider: fc.constant("password"),
      params: fc.oneof(
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
    succeeded: (result, { caller }) => expect(result).toBe(caller.role !== "visitor"),
  },
  "users:viewer": {
    refusals: () => [],
    succeeded: (result, { caller }) =>
      expect(result === null ? null : (result as Doc<"users">)._id).toBe(caller.userId),
  },
  "leaderboard:top": {
    refusals: () => ["INVALID_DAY"],
    hints: { limit: fc.integer({ min: -5, max: 120 }), period: periods, day: days },
    realistic: fc.record({ period: periods, day: fc.constant(live.today) }, { requiredKeys: [] }),
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
    realistic: fc.record({ period: periods, day: fc.constant(live.today) }, { requiredKeys: [] }),
    succeeded: (result, { caller, args, after }) => {
      const mine = result as { id: string; rank: number; score: number; exact: boolean };
      expect(mine.id).toBe(caller.userId);
      expect(Number.isInteger(mine.rank) && mine.rank >= 1).toBe(true);
      // Few players here: every rank is exact, and the all-time points are the score.
      expect(mine.exact).toBe(true);
      if (((args as { period?: string }).period ?? "all") === "all") {
        expect(mine.score).toBe(userIn(after, caller.userId)!.score);
      }
    },
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
      // The answer stays on the server while the round is being played.
      if (view.round?.status === "playing") expect(view.round.answer).toBeNull();
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
    // A list, common words alone or an over-long paste is refused before anything is spent.
    refusals: forPlayers(
      "GAME_NOT_STARTED",
      "GUESS_TOO_LONG",
      "GUESS_IS_A_LIST",
      "GUESS_TOO_GENERIC",
    ),
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
        { weight: 4, arbitrary: fc.constantFrom("Zorblat", "Show 999", "Naruto") },
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
    refusals: forAdmins,
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
  // Issue 13 part 2 (daily): stats and typeahead.
  "stats:mine": {
    refusals: forPlayers(),
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
      if (view.round?.status === "playing") expect(view.round.answer).toBeNull();
    },
  },
};

// ---------------------------------------------------------------------------
// Outcomes and invariants

async function snapshot(t: TestConvex) {
  return await t.run(async (ctx) => {
    const all = async <T extends TableNames>(table: T) => await ctx.db.query(table).take(10_000);
    const pendingJobs = async (name: string) =>
      (await ctx.db.system.query("_scheduled_functions").take(10_000))
        .filter((job) => job.name === name && job.state.kind === "pending")
        .map((job) => job.args[0] as { gameId: Id<"games">; resetAt?: number });
    return {
      users: await all("users"),
      games: await all("games"),
      feedback: await all("beta_feedback"),
      feedbackStats: await all("feedbackStats"),
      events: await all("analytics_events"),
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
      resetJobs: await pendingJobs("game:resetDay"),
      cooldownJobs: await pendingJobs("game:endCooldown"),
      playerDays: await all("playerDays"),
      playerStats: await all("playerStats"),
      rooms: await all("rooms"),
      roomPlayers: await all("roomPlayers"),
      roomRounds: await all("roomRounds"),
    };
  });
}

/**
 * The boards (convex/model/boards/board.ts): the all-time entry is the score; a player's day points are
 * within their week's, and their week's within their score; each board's statistics count its
 * entries, each in the player's own shard, with the shard's best scores kept in order.
 */
function checkBoards({ after }: CallRecord) {
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
    const shards = after.boardStats.filter((s) => s.board === board);
    for (const stats of shards) {
      const own = entries.filter((e) => shardOf(e.userId) === stats.shard).map((e) => e.score);
      expect(stats.players, `${board} shard ${stats.shard}: players`).toBe(own.length);
      expect(stats.top).toEqual(own.sort((a, b) => b - a).slice(0, RANK_EXACT_LIMIT));
      expect(stats.buckets.reduce((sum, n) => sum + n, 0)).toBe(own.length);
    }
    expect(shards.reduce((sum, s) => sum + s.players, 0)).toBe(entries.length);
  }
}

/**
 * Streaks and stats (issue 13): only the caller's change; each player's days add up to their
 * totals (every ended round recorded once); a day keeps at most STATS_MARKS_KEPT symbols; a
 * streak never exceeds the best one; a player has one totals document and one per day.
 */
function checkPlayerStats({ before, after, caller }: CallRecord) {
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
const VALIDATION_ERROR =
  /^(?:Validator error: |ArgumentValidationError|The arguments to a Convex function must be an object)/;

function expectExpectedRefusal(spec: Spec, call: CallRecord, error: unknown) {
  const code = errorCodeOf(error);
  if (code !== null) {
    const user = userIn(call.before, call.caller.userId) ?? null;
    expect(spec.refusals(user), `refused with ${code}`).toContain(code);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (spec.platformRefusal?.(message, call)) return;
  // convex-test's validator trips over a null where an object is expected (a deployment
  // answers ArgumentValidationError): still a validation refusal, before any of our code.
  if (error instanceof TypeError && error.stack?.includes("validateValidator")) return;
  expect(message, "an unexpected error").toMatch(VALIDATION_ERROR);
}

const isInteger = (value: number | undefined) => value !== undefined && Number.isInteger(value);

/**
 * What the database guarantees whatever the calls, as the game model
 * (convex/model/game/) keeps it:
 * - a user is never deleted; a score is a whole number ≥ 0 and never falls,
 *   and only the caller's own score, roles and game can change in a call;
 *   nobody gains admin but by spending a live claim code at /make-admin
 *   (see `checkClaims`), and nobody loses it; a beta tester stays one;
 *   usernames follow the rule and are unique case-insensitively;
 * - a score only rises by what the caller's round just earned (100, or 150 on
 *   a first guess), once;
 * - one game per player; 0 ≤ animeRemaining ≤ dailyRemaining ≤ 20 and
 *   animeRemaining ≤ 5 (a deal gives min(5, daily), a guess takes one of
 *   each, a cooldown's end and a reset give 20 and 5); a cooldown exactly while
 *   the day's guesses are spent; a round in play has a guess left and at most
 *   5 on its anime; round numbers never go back; points only on a solved
 *   round, and none on an anime dealt after its answer was seen; an ended
 *   round's anime is recorded as seen, once per player; a player who played
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
function checkInvariants(call: CallRecord, refused: boolean) {
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
      if (typeof doc === "object" && table !== "resetJobs" && table !== "cooldownJobs") {
        expect(getDocumentSize(doc), `a ${table} document over 1 MiB`).toBeLessThan(MiB);
      }
    }
  }
  const keys = new Set<string>();
  for (const user of after.users) {
    expect(user.email.length, "an e-mail too long").toBeLessThanOrEqual(MAX_EMAIL_LENGTH);
    expect(isInteger(user.score) && user.score >= 0, `score ${user.score}`).toBe(true);
    expect(user.username).toMatch(USERNAME_PATTERN);
    expect(user.usernameKey).toBe(usernameKey(user.username));
    expect(keys.has(user.usernameKey), "a username is taken twice").toBe(false);
    keys.add(user.usernameKey);
  }
  if (call.name !== "auth:signIn")
    expect(after.users.length, "a user appeared").toBe(before.users.length);

  const seenPairs = new Set(after.seen.map((s) => `${s.userId}/${s.animeId}`));
  expect(seenPairs.size, "an anime recorded as seen twice").toBe(after.seen.length);
  for (const s of after.seen) expect(userIds.has(s.userId), "seen: orphan").toBe(true);

  const gamesByUser = new Set<string>();
  for (const game of after.games) {
    const where = `game of ${game.userId}`;
    expect(userIds.has(game.userId), `${where}: orphan`).toBe(true);
    expect(gamesByUser.has(game.userId), `${where}: two games`).toBe(false);
    gamesByUser.add(game.userId);
    const { dailyRemaining: daily, animeRemaining: anime, round } = game;
    expect(
      isInteger(daily) && daily >= 0 && daily <= DAILY_GUESSES,
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
    if (game.lastActiveAt >= game.lastReset) {
      // A player who played since the last reset sees the next one happen at midnight.
      expect(after.resetJobs, `${where}: no reset job for the next midnight`).toContainEqual({
        gameId: game._id,
        resetAt: game.nextResetAt,
      });
    }
    const jobsOf = (jobs: { gameId: Id<"games"> }[]) =>
      jobs.filter((job) => job.gameId === game._id).length;
    expect(jobsOf(after.resetJobs), `${where}: two pending reset jobs`).toBeLessThanOrEqual(1);
    expect(jobsOf(after.cooldownJobs), `${where}: two cooldown jobs`).toBeLessThanOrEqual(1);
    if (game.pendingTimeZone !== undefined) {
      expect(isValidTimeZone(game.pendingTimeZone)).toBe(true);
      expect(game.pendingTimeZone).not.toBe(game.timeZone);
    }
    expect(game.previousRound?.status, `${where}: previous round still playing`).not.toBe(
      "playing",
    );
    if (round !== null) {
      const seen = after.seen.some((s) => s.userId === game.userId && s.animeId === round.animeId);
      // A round in play was dealt unseen unless it says so; an ended one has been seen.
      if (round.status === "playing") expect(seen).toBe(round.seenBefore === true);
      else expect(seen, `${where}: an ended round not recorded as seen`).toBe(true);
      expect(isInteger(round.guessesUsed) && round.guessesUsed >= 0).toBe(true);
      if (round.status === "playing") {
        expect(anime, `${where}: a round in play with no guess left`).toBeGreaterThan(0);
        expect(round.guessesUsed + anime).toBeLessThanOrEqual(GUESSES_PER_ANIME);
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

  for (const stat of after.dailyStats) {
    for (const value of [stat.sessions, stat.guesses, stat.correctGuesses]) {
      expect(Number.isInteger(value) && value >= 0).toBe(true);
    }
    expect(stat.correctGuesses).toBeLessThanOrEqual(stat.guesses);
  }

  const owners = [...after.events, ...after.betaEvents, ...after.sessions, ...after.accounts];
  for (const owned of owners) expect(userIds.has(owned.userId), "an orphan document").toBe(true);
  // A call never ends another user's session.
  for (const session of before.sessions) {
    if (session.userId !== caller.userId) {
      expect(after.sessions.map((s) => s._id)).toContain(session._id);
    }
  }
}

/** Becoming admin takes a live code, spent by this caller in this very call. */
function expectSpentClaimCode({ name, caller, before, after }: CallRecord, userId: Id<"users">) {
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
function checkClaims({ caller, before, after }: CallRecord) {
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

// ---------------------------------------------------------------------------

const registered = await registeredFunctions();
const publicFunctions = registered.filter((fn) => fn.isPublic);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
  vi.setSystemTime(new Date("2026-11-21T12:00:00Z"));
  // Convex Auth logs every sign-in attempt and refusal: thousands of lines here.
  for (const level of ["log", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation(() => {});
  }
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** How far the clock jumps before a call: mostly not at all, sometimes past a cooldown or a midnight. */
const clockJump = fc.oneof(
  { weight: 12, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constantFrom(31_000, COOLDOWN_MS, 6 * HOUR, 25 * HOUR) },
);

async function callFunction(
  caller: Accessor,
  name: string,
  kind: FunctionKind,
  args: unknown,
): Promise<unknown> {
  const loose = args as Record<string, unknown>;
  if (kind === "query") {
    return (await caller.query(makeFunctionReference<"query">(name), loose)) as unknown;
  }
  if (kind === "mutation") {
    return (await caller.mutation(makeFunctionReference<"mutation">(name), loose)) as unknown;
  }
  return (await caller.action(makeFunctionReference<"action">(name), loose)) as unknown;
}

/** Runs generated calls one after the other on one backend, checking each as it goes. */
class Fuzzer {
  /** Outcomes per function: how many calls succeeded, and how the others were refused. */
  readonly outcomes = new Map<string, Record<string, number>>();
  private current: Snapshot | null = null;

  constructor(readonly world: World) {}

  async call(fn: RegisteredFunction, role: Role, generated: unknown, jump: number) {
    const { t } = this.world;
    if (jump > 0 || this.current === null) {
      vi.advanceTimersByTime(jump);
      await t.finishInProgressScheduledFunctions();
      this.current = await snapshot(t);
    }
    const spec = specs[fn.name as PublicFunctionName];
    const caller = this.world.callers[role];
    const args = await resolve(generated, this.world, caller);
    // A value that wrote to the database (an operator's new claim code) is part of the state before.
    if (this.world.wrote) {
      this.world.wrote = false;
      this.current = await snapshot(t);
    }
    const before = this.current;
    const outcome = await callFunction(caller.as, fn.name, fn.kind, args).then(
      (result) => ({ ok: true as const, result }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const after = await snapshot(t);
    this.current = after;
    const call: CallRecord = {
      name: fn.name,
      kind: fn.kind,
      caller,
      args,
      world: this.world,
      before,
      after,
    };
    if (outcome.ok) spec.succeeded(outcome.result, call);
    else expectExpectedRefusal(spec, call, outcome.error);
    checkInvariants(call, !outcome.ok);

    const kind = (result: unknown) =>
      typeof result !== "object" || result === null
        ? ""
        : "kind" in result
          ? ` ${String(result.kind)}`
          : "reason" in result
            ? ` ${String(result.reason)}`
            : "";
    const label = outcome.ok
      ? `ok${kind(outcome.result)}`
      : (errorCodeOf(outcome.error) ?? "refused");
    const tally = this.outcomes.get(fn.name) ?? {};
    tally[label] = (tally[label] ?? 0) + 1;
    this.outcomes.set(fn.name, tally);
  }

  successes(name: string): number {
    return Object.entries(this.outcomes.get(name) ?? {})
      .filter(([label]) => label.startsWith("ok"))
      .reduce((sum, [, count]) => sum + count, 0);
  }

  report() {
    if (process.env.FUZZ_VERBOSE) console.info(Object.fromEntries(this.outcomes));
  }
}

function runOptions(numRuns: number, defaultSeed?: number): fc.Parameters<unknown> {
  const seed = SEED ?? defaultSeed;
  return {
    numRuns,
    // The backend's state carries over from call to call, so a shrunk call would be
    // replayed on another state: report the call that failed, as it was.
    endOnFailure: true,
    ...(seed === undefined ? {} : { seed }),
  };
}

/**
 * The interleaved run checks that its calls reached a cooldown, a rare state (a few in a run), so
 * it plays a sequence known to reach one unless FUZZ_SEED asks for another: with a random seed,
 * about one run in fifty never got there and failed though nothing was wrong.
 */
const INTERLEAVED_SEED = 3;

describe("fuzzing", () => {
  test("every public function has a spec", () => {
    expect(Object.keys(specs).sort()).toEqual(publicFunctions.map((fn) => fn.name));
  });

  test.each(publicFunctions.map((fn) => [fn.name, fn] as const))(
    "%s: generated calls succeed or are refused as expected, and the invariants hold",
    async (name, fn) => {
      const spec = specs[name as PublicFunctionName];
      const fuzzer = new Fuzzer(await (spec.world ?? newWorld)());
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROLES),
          argumentsFor(fn.args, spec),
          spec.clock ?? clockJump,
          async (role, generated, jump) => await fuzzer.call(fn, role, generated, jump),
        ),
        runOptions(spec.runs ?? RUNS),
      );
      fuzzer.report();
      // The generated calls got past the checks, not only into refusals.
      expect(fuzzer.successes(name)).toBeGreaterThan(0);
    },
    120_000,
  );

  test("all of them interleaved, with the game played most: cooldowns, resets and scores hold", async () => {
    const fuzzer = new Fuzzer(await newWorld({ withAccount: true }));
    const calls = fc.oneof(
      ...publicFunctions.map((fn) => {
        const spec = specs[fn.name as PublicFunctionName];
        return {
          weight: fn.name === "game:guess" ? 12 : fn.name === "game:next" ? 4 : 1,
          arbitrary: fc.tuple(fc.constant(fn), argumentsFor(fn.args, spec, 60)),
        };
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        // Mostly one player, and the clock rarely jumping: enough guesses in a day for a cooldown.
        fc.constantFrom<Role>(
          "player",
          "player",
          "player",
          "player",
          "betaTester",
          "admin",
          "visitor",
        ),
        calls,
        fc.oneof({ weight: 80, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: clockJump }),
        async (role, [fn, generated], jump) => await fuzzer.call(fn, role, generated, jump),
      ),
      runOptions(RUNS * 3, INTERLEAVED_SEED),
    );
    fuzzer.report();
    const guesses = fuzzer.outcomes.get("game:guess") ?? {};
    for (const kind of ["correct", "wrong", "cooldown"]) {
      expect(guesses[`ok ${kind}`] ?? 0, `no guess was ${kind}`).toBeGreaterThan(0);
    }
  }, 120_000);
});
