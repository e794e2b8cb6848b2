/** What each Daily function may do (convex/daily.ts). */
import fc from "fast-check";
import { expect } from "vitest";
import type { Doc } from "../../../convex/_generated/dataModel";
import {
  DAILY_ANIME_COUNT,
  DAILY_GUESSES_PER_ANIME,
  dailyNumberAt,
} from "../../../convex/model/shared/rules";
import type { PublicFunctionName } from "../backend";
import { type Caller, type World, Live } from "./world";
import { type CallRecord, type Snapshot, type Spec, forPlayers } from "./calls";

/** The caller's round of today's Daily that they reached last, and its anime's answer. */
async function dailyRoundOf(world: World, caller: Caller) {
  const userId = caller.userId;
  const number = dailyNumberAt(Date.now());
  if (userId === null) return { number, index: 0, attempt: 0, answer: "Show 1" };
  return await world.t.run(async (ctx) => {
    const rounds = await ctx.db
      .query("dailyRounds")
      .withIndex("by_userId_and_number_and_index", (q) =>
        q.eq("userId", userId).eq("number", number),
      )
      .take(DAILY_ANIME_COUNT);
    const round = rounds.at(-1);
    const anime = round === undefined ? null : await ctx.db.get("anime", round.animeId);
    return {
      number,
      index: round?.index ?? 0,
      attempt: round?.guessesUsed ?? 0,
      answer: anime?.answers[0] ?? "Show 1",
    };
  });
}

export const dailyLive = {
  number: new Live("today's Daily number", () => dailyNumberAt(Date.now())),
  index: new Live("the caller's Daily round", async (world, caller) => {
    return (await dailyRoundOf(world, caller)).index;
  }),
  attempt: new Live("the guesses made on the caller's Daily round", async (world, caller) => {
    return (await dailyRoundOf(world, caller)).attempt;
  }),
  answer: new Live("the Daily round's answer", async (world, caller) => {
    return (await dailyRoundOf(world, caller)).answer;
  }),
};

const numbers = fc.oneof(
  { weight: 4, arbitrary: fc.constant(dailyLive.number) },
  fc.integer({ min: -3, max: 5000 }),
);
const indexes = fc.oneof(
  { weight: 4, arbitrary: fc.constant(dailyLive.index) },
  fc.integer({ min: -1, max: DAILY_ANIME_COUNT + 1 }),
);

function roundsIn(snapshot: Snapshot, caller: Caller, number: number) {
  return snapshot.dailyRounds.filter((r) => r.userId === caller.userId && r.number === number);
}

/** A view the caller may see: their own rounds only, and no answer on a round in play. */
function expectOwnView(result: unknown, { caller, after }: CallRecord) {
  if (result === null) return;
  const view = result as {
    number: number;
    rounds: { index: number; status: string; answer: unknown; guesses: unknown[] }[];
  };
  const stored = roundsIn(after, caller, view.number);
  expect(view.rounds.map((round) => round.index)).toEqual(stored.map((round) => round.index));
  for (const round of view.rounds) {
    if (round.status === "playing") expect(round.answer).toBeNull();
    else expect(round.answer).not.toBeNull();
  }
}

const DAILY_GUESS_OUTCOMES = [
  "ignored",
  "over",
  "noRound",
  "stale",
  "roundOver",
  "correct",
  "wrong",
  "outOfGuesses",
  "refused",
  "alreadyTried",
];

/** A Daily move changes nothing of the Challenge: no allowance, no score, no board. */
function expectMainGameUntouched({ before, after }: CallRecord) {
  expect(after.games).toEqual(before.games);
  expect(after.users).toEqual(before.users);
  expect(after.boardEntries).toEqual(before.boardEntries);
}

const sameDaily = (before: Doc<"dailyRounds">[], after: Doc<"dailyRounds">[]) =>
  expect(after).toEqual(before);

/** The arguments of a call on one anime of a Daily: Give up, Next anime, its results. */
const onOneAnime = {
  hints: { number: numbers, index: indexes },
  realistic: fc.record({
    number: fc.constant(dailyLive.number),
    index: fc.constant(dailyLive.index),
  }),
};

/** What Give up or Next anime did: done, over or stale, the Challenge untouched either way. */
function moveKind(result: unknown, call: CallRecord): string {
  const { kind } = result as { kind: string };
  expect(["done", "over", "stale"]).toContain(kind);
  expectMainGameUntouched(call);
  return kind;
}

export const dailySpecs: Record<Extract<PublicFunctionName, `daily:${string}`>, Spec> = {
  "daily:view": {
    refusals: forPlayers(),
    hints: { number: numbers },
    realistic: fc.record({ number: fc.constant(dailyLive.number) }),
    succeeded: expectOwnView,
  },
  "daily:poolHeld": {
    refusals: forPlayers(),
    hints: { number: numbers },
    realistic: fc.record({ number: fc.constant(dailyLive.number) }),
    succeeded: (result) => {
      // A count or nothing: never an anime.
      if (result !== null) expect(Object.keys(result as object)).toEqual(["ready"]);
    },
  },
  "daily:open": {
    refusals: forPlayers(),
    succeeded: (result, call) => {
      expectMainGameUntouched(call);
      const opened = result as { kind: string; view?: { number: number } };
      expect(["open", "waiting", "poolTooSmall"]).toContain(opened.kind);
      if (opened.view !== undefined) {
        expectOwnView(opened.view, call);
        expect(opened.view.number).toBe(dailyNumberAt(Date.now()));
        expect(roundsIn(call.after, call.caller, opened.view.number).length).toBeGreaterThan(0);
      }
    },
  },
  "daily:guess": {
    refusals: forPlayers("GUESS_TOO_LONG"),
    hints: {
      number: numbers,
      index: indexes,
      attempt: fc.oneof(fc.constant(dailyLive.attempt), fc.integer({ min: -1, max: 6 })),
      guess: fc.constantFrom(dailyLive.answer, "Show 1", "  ", "Show 1, Show 2"),
    },
    realistic: fc.record({
      number: fc.constant(dailyLive.number),
      index: fc.constant(dailyLive.index),
      attempt: fc.constant(dailyLive.attempt),
      guess: fc.oneof(
        fc.constant(dailyLive.answer),
        fc.integer({ min: 1, max: 10_000 }).map((n) => `Zorblat ${n}`),
      ),
    }),
    succeeded: (result, call) => {
      const outcome = result as { kind: string };
      expect(DAILY_GUESS_OUTCOMES).toContain(outcome.kind);
      expectMainGameUntouched(call);
      const { before, after, caller } = call;
      const today = dailyNumberAt(Date.now());
      if (["ignored", "over", "noRound", "stale", "roundOver"].includes(outcome.kind)) {
        sameDaily(roundsIn(before, caller, today), roundsIn(after, caller, today));
      }
    },
  },
  "daily:giveUp": {
    refusals: forPlayers(),
    ...onOneAnime,
    succeeded: (result, call) => {
      const kind = moveKind(result, call);
      const ended = call.after.dailyRounds.filter((r) => r.userId === call.caller.userId);
      if (kind === "done") expect(ended.some((r) => r.status === "gaveUp")).toBe(true);
    },
  },
  "daily:next": {
    refusals: forPlayers(),
    ...onOneAnime,
    succeeded: (result, call) => {
      const kind = moveKind(result, call);
      const today = dailyNumberAt(Date.now());
      const added =
        roundsIn(call.after, call.caller, today).length -
        roundsIn(call.before, call.caller, today).length;
      expect(added).toBe(kind === "done" ? 1 : 0);
    },
  },
  "daily:results": {
    refusals: () => [],
    ...onOneAnime,
    succeeded: (result) => {
      // Figures only, as folded: nothing that names an anime or a player.
      const results = result as { players: number; solvedIn: number[]; missed: number };
      expect(Object.keys(results).sort()).toEqual(["missed", "players", "solvedIn"]);
      expect(results.solvedIn).toHaveLength(DAILY_GUESSES_PER_ANIME);
      const solved = results.solvedIn.reduce((sum, n) => sum + n, 0);
      expect(solved + results.missed).toBe(results.players);
    },
  },
};
