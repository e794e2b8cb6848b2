/**
 * The fold: players' calls leave tallies and write no shared document; one writer adds them to
 * the day's counters and the boards' statistics, counting each exactly once whatever happens to
 * it (stopped mid-batch, run twice at once, replayed), and restarts itself when it stalls.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { FOLD_BATCH, FOLD_SETTLE_MS, foldTallies } from "../../model/tallies/fold";
import { FOLD_EVERY_MS, FOLD_STALLED_MS, runFold } from "../../model/tallies/chain";
import * as admin from "../../admin";
import * as game from "../../game";
import * as leaderboard from "../../leaderboard";
import { playerInGame, type TestConvex } from "../../../testing/convex/backend";
import {
  dealtAnime,
  foldAll,
  guessAs,
  signedInAs,
  standingAs,
  viewOf,
} from "../../../testing/world";
import type { TestPlayer } from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { recordCall } from "../../../testing/convex/concurrency/recordCall";
import { touches, type PlacedWrite } from "../../../testing/convex/concurrency/occ";
import type { CallRecord } from "../../../testing/convex/concurrency/readWriteSets";
import { indexFields } from "../../../testing/convex/concurrency/schemaIndexes";
import { fakeClockEachTest } from "../../../testing/world/clock";

const TODAY = "2026-11-26";

fakeClockEachTest(`${TODAY}T12:00:00Z`);

async function solve(t: TestConvex, player: TestPlayer) {
  return await guessAs(player, (await dealtAnime(t, player)).answers[0]);
}

async function figures(t: TestConvex) {
  return await t.run(async (ctx) => ({
    day: await ctx.db
      .query("gameDailyStats")
      .withIndex("by_day_and_shard", (q) => q.eq("day", TODAY))
      .take(10),
    ranks: await ctx.db.query("boardRanks").take(10),
    waiting: (await ctx.db.query("tallies").take(10_000)).length,
  }));
}

/** Three players who opened the game; two solve, one guesses wrong: known figures. */
async function aDayOfPlay() {
  const { t, player: ann } = await playerInGame(10);
  const bob = await signedInAs(t, "player", { email: "bob@example.com", username: "bob" });
  const cyd = await signedInAs(t, "player", { email: "cyd@example.com", username: "cyd" });
  for (const player of [bob, cyd]) await player.as.mutation(api.game.open, { timeZone: "UTC" });
  expect((await solve(t, ann)).kind).toBe("correct");
  expect((await solve(t, bob)).kind).toBe("correct");
  expect((await guessAs(cyd, WRONG_GUESS)).kind).toBe("wrong");
  return { t, players: [ann, bob, cyd] };
}

const expectedDay = { sessions: 3, guesses: 3, correctGuesses: 2 };

describe("a player's path", () => {
  test("leaves tallies and changes no shared figure until the fold runs", async () => {
    const { t } = await aDayOfPlay();
    const before = await figures(t);
    expect(before.day).toEqual([]);
    expect(before.ranks).toEqual([]);
    // One tally a call: 3 opens, 3 guesses (the 2 correct ones carrying their moves on 3 boards).
    expect(before.waiting).toBe(6);
    await foldAll(t);
    const after = await figures(t);
    expect(after.day).toMatchObject([expectedDay]);
    expect(after.ranks.map((r) => [r.board, r.players])).toEqual([
      ["all", 2],
      [`day:${TODAY}`, 2],
      ["week:2026-11-23", 2],
    ]);
    expect(after.waiting).toBe(0);
  });

  test("two players' guesses, opens and skips never touch what the other's read or wrote", async () => {
    const { t, player: ann } = await playerInGame(10);
    const bob = await signedInAs(t, "player", { email: "bob@example.com", username: "bob" });
    const records: CallRecord[][] = [[], []];
    for (const [i, player] of [ann, bob].entries()) {
      const call = async (name: string, fn: unknown, args: Record<string, unknown>) =>
        records[i].push(
          (await recordCall(player.as, player.userId, "mutation", name, fn, args)).record,
        );
      await call("game.open", game.open, { timeZone: "UTC" });
      const round = (await viewOf(player)).round!;
      const answer = (await dealtAnime(t, player)).answers[0];
      await call("game.guess", game.guess, {
        roundNumber: round.number,
        attempt: round.guessesUsed,
        guess: WRONG_GUESS,
      });
      await call("game.guess", game.guess, {
        roundNumber: round.number,
        attempt: round.guessesUsed + 1,
        guess: answer,
      });
      await call("game.next", game.next, { roundNumber: round.number });
    }
    const writesOf = (calls: CallRecord[]): PlacedWrite[] =>
      calls.flatMap((record) => record.writes.map((write) => ({ write, renaming: null })));
    for (const record of records[0]) {
      expect(touches(record.reads, writesOf(records[1]), indexFields), record.name).toBe(false);
    }
    for (const record of records[1]) {
      expect(touches(record.reads, writesOf(records[0]), indexFields), record.name).toBe(false);
    }
    // Every document they write is their own, or a tally (inserted, never read on their path).
    for (const [i, player] of [ann, bob].entries()) {
      for (const { write } of writesOf(records[i])) {
        const doc = (write.after ?? write.before)!;
        const own =
          write.id === player.userId ||
          doc.userId === player.userId ||
          // A job for their own game (its arguments name it).
          write.table === "_scheduled_functions";
        expect(own || write.table === "tallies", `${write.table} ${write.id}`).toBe(true);
      }
    }
  });
});

describe("what many people watch", () => {
  test("the admin chart and a board's rank statistics re-run when the fold runs, not on a guess", async () => {
    const { t, player } = await playerInGame(10);
    const boss = await signedInAs(t, "admin", { email: "boss@example.com", username: "boss" });
    // Something folded already, as on any busy day.
    await solve(t, player);
    await foldAll(t);
    await player.as.mutation(api.game.next, { roundNumber: (await viewOf(player)).round!.number });
    const watched = [
      (
        await recordCall(boss.as, boss.userId, "query", "admin.summary", admin.summary, {
          day: TODAY,
        })
      ).record,
      (
        await recordCall(t, null, "query", "leaderboard.ranks", leaderboard.ranks, {
          period: "all",
        })
      ).record,
      (
        await recordCall(t, null, "query", "leaderboard.ranks", leaderboard.ranks, {
          period: "day",
          day: TODAY,
        })
      ).record,
    ];
    const round = (await viewOf(player)).round!;
    const guess = await recordCall(player.as, player.userId, "mutation", "game.guess", game.guess, {
      roundNumber: round.number,
      attempt: round.guessesUsed,
      guess: (await dealtAnime(t, player)).answers[0],
    });
    expect(guess.result).toMatchObject({ kind: "correct" });
    const fold = await recordCall(t, null, "mutation", "tallies.fold", foldRun, {});
    const placed = (record: CallRecord): PlacedWrite[] =>
      record.writes.map((write) => ({ write, renaming: null }));
    for (const query of watched) {
      expect(touches(query.reads, placed(guess.record), indexFields), query.name).toBe(false);
      expect(touches(query.reads, placed(fold.record), indexFields), query.name).toBe(true);
    }
  });
});

describe("the fold counts every tally exactly once", () => {
  test("stopped mid-batch (a failure or a timeout), it changes nothing; the next run counts all", async () => {
    const { t } = await aDayOfPlay();
    let deletes = 0;
    const failing = (ctx: MutationCtx): MutationCtx => {
      const db = Object.create(ctx.db) as MutationCtx["db"];
      const remove = async (table: "tallies", id: Id<"tallies">) => {
        if (++deletes === 4) throw new Error("the fold stopped here");
        await ctx.db.delete(table, id);
      };
      db.delete = remove as MutationCtx["db"]["delete"];
      return { ...ctx, db };
    };
    await expect(
      t.run(async (ctx) => await foldTallies(failing(ctx), Number.MAX_SAFE_INTEGER)),
    ).rejects.toThrow("the fold stopped here");
    // Its counters, statistics and deletions went with it.
    const stopped = await figures(t);
    expect(stopped).toEqual({ day: [], ranks: [], waiting: 6 });
    await foldAll(t);
    expect((await figures(t)).day).toMatchObject([expectedDay]);
  });

  test("two folds at once: each tally counted once", async () => {
    const { t } = await aDayOfPlay();
    const runs = await Promise.all(
      [0, 1].map(async () => t.run(async (ctx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER))),
    );
    expect(runs.map((r) => r.folded).sort()).toEqual([0, 6]);
    expect((await figures(t)).day).toMatchObject([expectedDay]);
  });

  test("two folds at once conflict in Convex, so the later one re-runs on what the first left", async () => {
    // convex-test runs them one after the other; Convex would run them side by side. Their read
    // and write sets show that the first to commit makes the other retry rather than count again.
    const { t } = await aDayOfPlay();
    const recordFold = async () =>
      (await recordCall(t, null, "mutation", "tallies.fold", foldRun, {})).record;
    const first = await recordFold();
    expect(first.writes.filter((w) => w.table === "tallies")).toHaveLength(6);
    const placed = first.writes.map((write) => ({ write, renaming: null }));
    // The same read set, taken before the first committed, is touched by its writes.
    expect(touches(first.reads, placed, indexFields)).toBe(true);
  });

  test("a replayed batch counts nothing twice", async () => {
    const { t } = await aDayOfPlay();
    await foldAll(t);
    const once = await figures(t);
    expect(await foldAll(t)).toBe(0);
    await t.run(async (ctx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER));
    expect(await figures(t)).toEqual(once);
  });

  test("takes only settled tallies, a bounded batch a run, oldest first", async () => {
    const { t } = await aDayOfPlay();
    // Just made: left for a later run (they may still be in a player's transaction).
    const early = await t.run(async (ctx) => await foldTallies(ctx, Date.now() - FOLD_SETTLE_MS));
    expect(early).toEqual({ folded: 0, more: false });
    await t.run(async (ctx) => {
      for (let i = 0; i < FOLD_BATCH + 5; i++) {
        await ctx.db.insert("tallies", { day: TODAY, guesses: 1 });
      }
    });
    vi.advanceTimersByTime(10 * FOLD_SETTLE_MS);
    const settle = Date.now() - FOLD_SETTLE_MS;
    const first = await t.run(async (ctx) => await foldTallies(ctx, settle));
    expect(first).toEqual({ folded: FOLD_BATCH, more: true });
    const second = await t.run(async (ctx) => await foldTallies(ctx, settle));
    expect(second).toEqual({ folded: 11, more: false });
    expect((await figures(t)).day).toMatchObject([{ guesses: 3 + FOLD_BATCH + 5 }]);
  });

  test("a move no game makes (a falling score) is left out, not a fold stopped for good", async () => {
    const { t, players } = await aDayOfPlay();
    await t.run(async (ctx) => {
      await ctx.db.insert("tallies", { day: TODAY, moves: [{ board: "all", from: 500, to: 100 }] });
    });
    await foldAll(t);
    expect((await figures(t)).waiting).toBe(0);
    expect(await standingAs(players[0], {})).toMatchObject({ rank: 1, players: 2 });
  });

  test("a move to 0 takes a player off the board's statistics (a deleted account)", async () => {
    const { t, players } = await aDayOfPlay();
    await foldAll(t);
    const [ann, bob] = players;
    const points = (await standingAs(bob, {})).score;
    await t.run(async (ctx) => {
      await ctx.db.insert("tallies", {
        day: TODAY,
        moves: [{ board: "all", from: points, to: 0 }],
      });
    });
    await foldAll(t);
    expect(await t.query(api.leaderboard.ranks, {})).toMatchObject({ players: 1, top: [points] });
    expect(await standingAs(ann, {})).toMatchObject({ rank: 1, players: 1 });
  });
});

/** The chain's run as a plain function, for recording. */
const foldRun = {
  _handler: async (ctx: MutationCtx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER),
};

describe("the fold's chain", () => {
  async function scheduled(t: TestConvex) {
    return await t.run(
      async (ctx) => await ctx.db.system.query("_scheduled_functions").take(1_000),
    );
  }

  async function pending(t: TestConvex, name: "tallies:fold" | "tallies:wake") {
    return (await scheduled(t)).filter((job) => job.name === name && job.state.kind === "pending");
  }

  async function foldState(t: TestConvex) {
    return await t.run(async (ctx) => await ctx.db.query("foldState").first());
  }

  /** Moves the clock on by `ms` and lets the jobs due by then run. */
  async function wait(t: TestConvex, ms: number) {
    vi.advanceTimersByTime(ms);
    await t.finishInProgressScheduledFunctions();
  }

  /** Moves the clock on in 50 ms steps until the figures show `guesses`; returns the time taken. */
  async function timeToFold(t: TestConvex, guesses: number) {
    const start = Date.now();
    while ((await figures(t)).day[0]?.guesses !== guesses) {
      if (Date.now() - start > 60_000) throw new Error("never folded");
      await wait(t, 50);
    }
    return Date.now() - start;
  }

  /** A day of play, folded by the chain its first tally started, which then fell asleep. */
  async function aQuietSpell() {
    const day = await aDayOfPlay();
    await timeToFold(day.t, expectedDay.guesses);
    await wait(day.t, 10 * FOLD_EVERY_MS);
    expect(await foldState(day.t)).toMatchObject({ generation: 1, sleeping: true });
    expect(await pending(day.t, "tallies:fold")).toEqual([]);
    return day;
  }

  test("idle, the fold runs no job and writes nothing, the watch included", async () => {
    const { t } = await aQuietSpell();
    const state = await foldState(t);
    const jobs = (await scheduled(t)).length;
    for (let minute = 0; minute < 60; minute += 5) {
      await wait(t, 5 * 60_000);
      expect(await t.mutation(internal.tallies.watch, {})).toBeNull();
    }
    expect(await foldState(t)).toEqual(state);
    expect((await scheduled(t)).length).toBe(jobs);
  });

  test("the first tally of a quiet spell wakes it: folded within about a second", async () => {
    const { t, players } = await aQuietSpell();
    await wait(t, 3_600_000);
    await players[2].as.mutation(api.game.next, {
      roundNumber: (await viewOf(players[2])).round!.number,
    });
    expect(await guessAs(players[2], WRONG_GUESS)).toMatchObject({ kind: "wrong" });
    expect(await timeToFold(t, expectedDay.guesses + 1)).toBeLessThanOrEqual(FOLD_SETTLE_MS + 50);
    // The run that folded it found nothing else waiting: back to sleep, no run scheduled.
    expect(await foldState(t)).toMatchObject({ generation: 2, sleeping: true });
    expect(await pending(t, "tallies:fold")).toEqual([]);
  });

  test("a burst of tallies while it sleeps starts one chain; the other wakes do nothing", async () => {
    const { t } = await aQuietSpell();
    const players = await Promise.all(
      ["dee", "eve", "fay", "gus", "hal"].map(
        async (name) =>
          await signedInAs(t, "player", { email: `${name}@example.com`, username: name }),
      ),
    );
    for (const player of players) {
      await player.as.mutation(api.game.open, { timeZone: "UTC" });
      expect(await guessAs(player, WRONG_GUESS)).toMatchObject({ kind: "wrong" });
    }
    // One wake a call made before the first wake ran: a handful, not one per tally from now on.
    expect((await pending(t, "tallies:wake")).length).toBe(2 * players.length);
    await wait(t, 0);
    expect(await pending(t, "tallies:wake")).toEqual([]);
    expect(await foldState(t)).toMatchObject({ generation: 2, sleeping: false });
    expect(await pending(t, "tallies:fold")).toHaveLength(1);
    // Awake: later tallies schedule nothing.
    const ivy = await signedInAs(t, "player", { email: "ivy@example.com", username: "ivy" });
    await ivy.as.mutation(api.game.open, { timeZone: "UTC" });
    expect(await pending(t, "tallies:wake")).toEqual([]);
    await timeToFold(t, expectedDay.guesses + players.length);
    await wait(t, 2 * FOLD_EVERY_MS);
    expect((await figures(t)).day).toMatchObject([{ sessions: 3 + players.length + 1 }]);
  });

  test("falling asleep as a tally is put down conflicts with it, so the tally is never left", async () => {
    const { t, players } = await aQuietSpell();
    // Awake with nothing to fold, the run that is about to fall asleep (as after a wake).
    await t.mutation(internal.tallies.wake, {});
    const [, , cyd] = players;
    await cyd.as.mutation(api.game.next, { roundNumber: (await viewOf(cyd)).round!.number });
    await foldAll(t);
    const sleep = await recordCall(t, null, "mutation", "tallies.fold", sleepingRun, {
      generation: 2,
    });
    expect(sleep.result).toMatchObject({ folded: 0, superseded: false, nextInMs: null });
    expect(await foldState(t)).toMatchObject({ sleeping: true });
    const round = (await viewOf(cyd)).round!;
    const guess = await recordCall(cyd.as, cyd.userId, "mutation", "game.guess", game.guess, {
      roundNumber: round.number,
      attempt: round.guessesUsed,
      guess: WRONG_GUESS,
    });
    const placed = (record: CallRecord): PlacedWrite[] =>
      record.writes.map((write) => ({ write, renaming: null }));
    // Run side by side, whichever commits second re-runs: the fold saw no tally (the player's
    // insert falls in the range it read), or the player saw it awake (the fold wrote foldState).
    expect(touches(sleep.record.reads, placed(guess.record), indexFields)).toBe(true);
    expect(touches(guess.record.reads, placed(sleep.record), indexFields)).toBe(true);
    // Committed in this order, the player saw it asleep and woke it.
    expect(await pending(t, "tallies:wake")).toHaveLength(1);
    await timeToFold(t, expectedDay.guesses + 1);
  });

  test("a chain whose job was lost is restarted by the watch, and the old one ends", async () => {
    const { t, players } = await aQuietSpell();
    const [, , cyd] = players;
    await cyd.as.mutation(api.game.next, { roundNumber: (await viewOf(cyd)).round!.number });
    expect(await guessAs(cyd, WRONG_GUESS)).toMatchObject({ kind: "wrong" });
    await wait(t, 0);
    // Woken, its first run is lost (a deploy, a failed run): nothing scheduled after it.
    const lost = await pending(t, "tallies:fold");
    expect(lost).toHaveLength(1);
    await t.run(async (ctx) => {
      for (const job of lost) await ctx.scheduler.cancel(job._id);
    });
    vi.advanceTimersByTime(FOLD_STALLED_MS - 1);
    expect(await t.mutation(internal.tallies.watch, {})).toBeNull();
    vi.advanceTimersByTime(2);
    expect(await t.mutation(internal.tallies.watch, {})).toBe(3);
    // A run of the old generation, late, folds nothing and schedules nothing.
    expect(await t.mutation(internal.tallies.fold, { generation: 2 })).toEqual({
      folded: 0,
      more: false,
      superseded: true,
      nextInMs: null,
    });
    await wait(t, 0);
    expect((await figures(t)).day).toMatchObject([{ ...expectedDay, guesses: 4, sessions: 3 }]);
    // The new chain folded it and fell asleep; the old one never ran again.
    expect(await foldState(t)).toMatchObject({ generation: 3, sleeping: true });
    expect(await pending(t, "tallies:fold")).toEqual([]);
  });

  test("a lost wake is recovered by the watch", async () => {
    const { t, players } = await aQuietSpell();
    const [, , cyd] = players;
    await cyd.as.mutation(api.game.next, { roundNumber: (await viewOf(cyd)).round!.number });
    expect(await guessAs(cyd, WRONG_GUESS)).toMatchObject({ kind: "wrong" });
    const lost = await pending(t, "tallies:wake");
    expect(lost).toHaveLength(1);
    await t.run(async (ctx) => {
      for (const job of lost) await ctx.scheduler.cancel(job._id);
    });
    await wait(t, 5 * 60_000);
    expect((await figures(t)).waiting).toBe(1);
    expect(await t.mutation(internal.tallies.watch, {})).toBe(2);
    await wait(t, 0);
    expect((await figures(t)).waiting).toBe(0);
  });
});

/** The chain's run of generation 2 at the current time, for recording. */
const sleepingRun = {
  _handler: async (ctx: MutationCtx, { generation }: { generation: number }) =>
    await runFold(ctx, generation, Date.now()),
};
