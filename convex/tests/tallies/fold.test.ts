/**
 * The fold: players' calls leave tallies and write no shared document; lanes, one per shard,
 * gather them into batches from where they stopped, and one writer applies the batches to the
 * day's counters and the boards' statistics, counting each tally exactly once whatever happens
 * to it (stopped mid-batch, run twice at once, replayed, put down late within the settle bound),
 * and restarts a lane when it stalls.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { FOLD_BATCH, FOLD_SETTLE_MS, foldTallies, gatherShard } from "../../model/tallies/fold";
import { FOLD_EVERY_MS, FOLD_STALLED_MS, runFold } from "../../model/tallies/chain";
import { shardOf } from "../../model/tallies/shard";
import { applyBatches, publishMoved } from "../../model/tallies/apply";
import * as admin from "../../admin";
import * as game from "../../game";
import * as leaderboard from "../../leaderboard";
import { newBackend, playerInGame, type TestConvex } from "../../../testing/convex/backend";
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
import { RANKS_PUBLISH_MS } from "../../model/shared/rules";

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
    vi.advanceTimersByTime(FOLD_SETTLE_MS + 1);
    const lane = shardOf(player.userId);
    const gather = await recordCall(t, null, "mutation", "tallies.fold", gatherRun, { lane });
    const apply = await recordCall(t, null, "mutation", "tallies.apply", applyRun, { lane });
    const publish = await recordCall(t, null, "mutation", "tallies.publish", publishRun, {});
    const placed = (record: CallRecord): PlacedWrite[] =>
      record.writes.map((write) => ({ write, renaming: null }));
    const [chart, ...ranks] = watched;
    for (const query of watched) {
      expect(touches(query.reads, placed(guess.record), indexFields), query.name).toBe(false);
      expect(touches(query.reads, placed(gather.record), indexFields), query.name).toBe(false);
    }
    // The chart follows each apply; the boards' statistics only their publish.
    expect(touches(chart.reads, placed(apply.record), indexFields)).toBe(true);
    for (const query of ranks) {
      expect(touches(query.reads, placed(apply.record), indexFields), query.args).toBe(false);
      expect(touches(query.reads, placed(publish.record), indexFields), query.args).toBe(true);
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
        await ctx.db.insert("tallies", { shard: 3, day: TODAY, guesses: 1 });
      }
    });
    vi.advanceTimersByTime(10 * FOLD_SETTLE_MS);
    const settle = Date.now() - FOLD_SETTLE_MS;
    const first = await t.run(async (ctx) => await gatherShard(ctx, 3, settle));
    expect(first).toEqual({ folded: FOLD_BATCH, more: true, batch: 0 });
    const second = await t.run(async (ctx) => await gatherShard(ctx, 3, settle));
    expect(second).toMatchObject({ more: false, batch: 1 });
    await foldAll(t);
    expect((await figures(t)).day).toMatchObject([{ guesses: 3 + FOLD_BATCH + 5 }]);
  });

  test("a tally put down before the lanes existed (no shard) is folded once, by lane 0", async () => {
    const { t } = await aDayOfPlay();
    await t.run(async (ctx) => await ctx.db.insert("tallies", { day: TODAY, guesses: 7 }));
    // The players' tallies woke their lanes; a wake from before lanes (no shard) wakes lane 0.
    await t.mutation(internal.tallies.wake, {});
    await t.finishAllScheduledFunctions(() => vi.runAllTimers());
    expect(await figures(t)).toMatchObject({ waiting: 0, day: [{ guesses: 3 + 7 }] });
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

/** The fold run whole (every lane, its apply, the publish) as a plain function, for recording. */
const foldRun = {
  _handler: async (ctx: MutationCtx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER),
};

/** One lane's gathering of its settled tallies, its apply, the publish: for recording. */
const gatherRun = {
  _handler: async (ctx: MutationCtx, { lane }: { lane: number }) =>
    await gatherShard(ctx, lane, Date.now() - FOLD_SETTLE_MS),
};
const applyRun = {
  _handler: async (ctx: MutationCtx, { lane }: { lane: number }) =>
    await applyBatches(ctx, lane, Number.MAX_SAFE_INTEGER, Date.now()),
};
const publishRun = {
  _handler: async (ctx: MutationCtx) => await publishMoved(ctx, Date.now()),
};

async function scheduled(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.system.query("_scheduled_functions").take(1_000));
}

type Job = "tallies:fold" | "tallies:wake" | "tallies:apply" | "tallies:publish";
async function pending(t: TestConvex, name: Job) {
  return (await scheduled(t)).filter((job) => job.name === name && job.state.kind === "pending");
}

async function laneStates(t: TestConvex) {
  return await t.run(async (ctx) => await ctx.db.query("foldState").take(100));
}

async function laneState(t: TestConvex, shard: number) {
  return (await laneStates(t)).find((state) => state.shard === shard) ?? null;
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

/** Every job of the fold that is due, run: none left pending. */
async function noFoldJobs(t: TestConvex) {
  for (const name of [
    "tallies:fold",
    "tallies:wake",
    "tallies:apply",
    "tallies:publish",
  ] as const) {
    expect(await pending(t, name), name).toEqual([]);
  }
}

/** A day of play, folded by the lanes its tallies woke, which then fell asleep. */
async function aQuietSpell() {
  const day = await aDayOfPlay();
  await timeToFold(day.t, expectedDay.guesses);
  await wait(day.t, 10 * FOLD_EVERY_MS + RANKS_PUBLISH_MS);
  const states = await laneStates(day.t);
  expect(states.length).toBeGreaterThan(0);
  for (const state of states) expect(state).toMatchObject({ generation: 1, sleeping: true });
  await noFoldJobs(day.t);
  return day;
}

const laneOf = (player: TestPlayer) => shardOf(player.userId);

describe("the fold's lanes", () => {
  test("idle, the fold runs no job and writes nothing, the watch included", async () => {
    // Fails if a lane that found nothing kept its chain going, or an apply scheduled a publish
    // with nothing moved: jobs would be pending or the states rewritten.
    const { t } = await aQuietSpell();
    const states = await laneStates(t);
    const jobs = (await scheduled(t)).length;
    for (let minute = 0; minute < 60; minute += 5) {
      await wait(t, 5 * 60_000);
      expect(await t.mutation(internal.tallies.watch, {})).toEqual({
        lanes: [],
        applies: [],
        published: false,
      });
    }
    expect(await laneStates(t)).toEqual(states);
    expect((await scheduled(t)).length).toBe(jobs);
  });

  test("the first tally of a quiet spell wakes its lane: folded within about a second", async () => {
    const { t, players } = await aQuietSpell();
    await wait(t, 3_600_000);
    const cyd = players[2];
    await cyd.as.mutation(api.game.next, { roundNumber: (await viewOf(cyd)).round!.number });
    expect(await guessAs(cyd, WRONG_GUESS)).toMatchObject({ kind: "wrong" });
    // Settled, gathered by its lane, applied by the job the lane's run scheduled (a test step each).
    expect(await timeToFold(t, expectedDay.guesses + 1)).toBeLessThanOrEqual(FOLD_SETTLE_MS + 100);
    // The run that folded it found nothing else waiting: back to sleep, no run scheduled.
    expect(await laneState(t, laneOf(cyd))).toMatchObject({ generation: 2, sleeping: true });
    expect(await pending(t, "tallies:fold")).toEqual([]);
  });

  test("a burst of tallies while lanes sleep starts one chain a lane; the other wakes do nothing", async () => {
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
    const lanes = new Set(players.map(laneOf));
    for (const lane of lanes) expect(await laneState(t, lane)).toMatchObject({ sleeping: false });
    expect(await pending(t, "tallies:fold")).toHaveLength(lanes.size);
    // Awake: their later tallies schedule nothing.
    await players[0].as.mutation(api.game.open, { timeZone: "UTC" });
    expect(await pending(t, "tallies:wake")).toEqual([]);
    await timeToFold(t, expectedDay.guesses + players.length);
    await wait(t, 2 * FOLD_EVERY_MS);
    expect((await figures(t)).day).toMatchObject([{ sessions: 3 + players.length + 1 }]);
  });

  test("falling asleep as a tally is put down conflicts with it, so the tally is never left", async () => {
    const { t, players } = await aQuietSpell();
    const [, , cyd] = players;
    const lane = laneOf(cyd);
    // Awake with nothing to fold, the run that is about to fall asleep (as after a wake).
    const generation = await t.mutation(internal.tallies.wake, { shard: lane });
    await cyd.as.mutation(api.game.next, { roundNumber: (await viewOf(cyd)).round!.number });
    await foldAll(t);
    const sleep = await recordCall(t, null, "mutation", "tallies.fold", laneRun, {
      lane,
      generation,
    });
    expect(sleep.result).toMatchObject({ folded: 0, superseded: false, nextInMs: null });
    expect(await laneState(t, lane)).toMatchObject({ sleeping: true });
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

  test("a lane whose job was lost is restarted by the watch, and the old chain ends", async () => {
    const { t, players } = await aQuietSpell();
    const [, , cyd] = players;
    const lane = laneOf(cyd);
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
    expect(await t.mutation(internal.tallies.watch, {})).toMatchObject({ lanes: [] });
    vi.advanceTimersByTime(2);
    expect(await t.mutation(internal.tallies.watch, {})).toMatchObject({ lanes: [lane] });
    // A run of the old generation, late, folds nothing and schedules nothing.
    expect(await t.mutation(internal.tallies.fold, { shard: lane, generation: 2 })).toMatchObject({
      folded: 0,
      superseded: true,
      nextInMs: null,
    });
    await wait(t, 0); // its run
    await wait(t, 0); // the apply of its batch
    expect((await figures(t)).day).toMatchObject([{ ...expectedDay, guesses: 4, sessions: 3 }]);
    // The new chain folded it and fell asleep; the old one never ran again.
    expect(await laneState(t, lane)).toMatchObject({ generation: 3, sleeping: true });
    expect(await pending(t, "tallies:fold")).toEqual([]);
  });

  test("a lost wake, a lost apply and a lost publish are each recovered by the watch", async () => {
    const { t, players } = await aQuietSpell();
    const [, , cyd] = players;
    const cancel = async (name: Job) => {
      const lost = await pending(t, name);
      expect(lost, name).toHaveLength(1);
      await t.run(async (ctx) => {
        for (const job of lost) await ctx.scheduler.cancel(job._id);
      });
    };
    await cyd.as.mutation(api.game.next, { roundNumber: (await viewOf(cyd)).round!.number });
    expect(await solve(t, cyd)).toMatchObject({ kind: "correct" });
    await cancel("tallies:wake");
    await wait(t, 5 * 60_000);
    expect((await figures(t)).waiting).toBe(1);
    expect(await t.mutation(internal.tallies.watch, {})).toMatchObject({ lanes: [laneOf(cyd)] });
    // The lane gathers it; the apply of its batch is lost.
    await wait(t, FOLD_SETTLE_MS + 1);
    await cancel("tallies:apply");
    await wait(t, 5 * 60_000);
    expect((await figures(t)).day).toMatchObject([expectedDay]);
    expect(await t.mutation(internal.tallies.watch, {})).toMatchObject({
      applies: [laneOf(cyd)],
    });
    await wait(t, 0);
    expect((await figures(t)).day).toMatchObject([
      { ...expectedDay, guesses: 4, correctGuesses: 3 },
    ]);
    // The publish of its move is lost: the viewers' ranks still show 2 players.
    await cancel("tallies:publish");
    await wait(t, 5 * 60_000);
    expect(await t.query(api.leaderboard.ranks, {})).toMatchObject({ players: 2 });
    expect(await t.mutation(internal.tallies.watch, {})).toMatchObject({ published: true });
    await wait(t, 0);
    expect(await t.query(api.leaderboard.ranks, {})).toMatchObject({ players: 3 });
    await noFoldJobs(t);
  });
});

/** One run of a lane's chain at the current time, for recording. */
const laneRun = {
  _handler: async (ctx: MutationCtx, { lane, generation }: { lane: number; generation: number }) =>
    await runFold(ctx, lane, generation, Date.now()),
};

/** Tallies in `shard`, `count` of them, one every `everyMs`: their ids and creation times. */
async function putDown(t: TestConvex, shard: number, count: number, everyMs = 10) {
  const made: { id: Id<"tallies">; at: number }[] = [];
  for (let i = 0; i < count; i++) {
    made.push(
      await t.run(async (ctx) => {
        const id = await ctx.db.insert("tallies", { shard, day: TODAY, guesses: 1 });
        return { id, at: (await ctx.db.get("tallies", id))!._creationTime };
      }),
    );
    vi.advanceTimersByTime(everyMs);
  }
  return made;
}

/** How many of `folded` (tallies deleted already) lie in the index ranges a run read. */
function deletedSteppedOver(record: CallRecord, shard: number, folded: { at: number }[]) {
  let count = 0;
  for (const read of record.reads) {
    if (read.kind !== "range" || read.table !== "tallies" || read.prefix[0] !== shard) continue;
    for (const { at } of folded) {
      const lower = read.lower;
      const above =
        lower === undefined ||
        (lower.inclusive ? at >= (lower.value as number) : at > (lower.value as number));
      const upper = read.upper;
      const below =
        upper === undefined ||
        (upper.inclusive ? at <= (upper.value as number) : at < (upper.value as number));
      if (above && below) count += 1;
    }
  }
  return count;
}

/** `ctx` whose queries do not see `hidden` yet: a tally still in its player's transaction. */
function notYetCommitted(ctx: MutationCtx, hidden: Id<"tallies">): MutationCtx {
  const wrap = (query: object): object =>
    new Proxy(query, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (property === "first") {
            // The first committed one: the next when the first is the hidden one.
            return (target as { take: (n: number) => Promise<{ _id: string }[]> })
              .take(2)
              .then((docs) => docs.find((doc) => doc._id !== hidden) ?? null);
          }
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (property === "take" || property === "collect") {
            return (result as Promise<{ _id: string }[]>).then((docs) =>
              docs.filter((doc) => doc._id !== hidden),
            );
          }
          return typeof result === "object" && result !== null && !("then" in result)
            ? wrap(result)
            : result;
        };
      },
    });
  const db = Object.create(ctx.db) as MutationCtx["db"];
  db.query = ((table: "tallies") => wrap(ctx.db.query(table))) as MutationCtx["db"]["query"];
  return { ...ctx, db };
}

describe("lanes read from where they stopped, each tally exactly once", () => {
  test("a full batch leaves the lane's cursor on its last tally; the next run resumes there, stepping over no deleted tally but that one", async () => {
    // Fails on the fold before cursors: each run read its index from the start, over every
    // tally deleted before it (here 5, then 10; minutes of them in Convex).
    const t = newBackend();
    const made = await putDown(t, 2, 12);
    const other = await putDown(t, 5, 3);
    vi.advanceTimersByTime(FOLD_SETTLE_MS);
    const runs: CallRecord[] = [];
    for (let run = 0; run < 3; run++) {
      const { record, result } = await recordCall(t, null, "mutation", "tallies.fold", limited, {
        lane: 2,
        limit: 5,
      });
      expect(result).toMatchObject({ folded: [5, 5, 2][run], batch: run });
      runs.push(record);
    }
    expect(deletedSteppedOver(runs[0], 2, [])).toBe(0);
    expect(deletedSteppedOver(runs[1], 2, made.slice(0, 5))).toBe(1);
    expect(deletedSteppedOver(runs[2], 2, made.slice(0, 10))).toBe(1);
    // Lane 2 took only its shard's; lane 5's wait for lane 5.
    expect((await figures(t)).waiting).toBe(other.length);
    await foldAll(t);
    expect((await figures(t)).day).toMatchObject([{ guesses: 15 }]);
  });

  test("a tally still in a player's transaction, made within the settle bound, is not passed by the cursor: the next run folds it, once", async () => {
    // Fails on a fold without its settle bound (a run taking tallies up to its start): the run
    // takes the newer tally, its cursor passes the one not committed yet, which is never folded.
    const t = newBackend();
    const lane = 1;
    // The lane awake, its runs called here (no job of its own).
    const generation = 1;
    await t.run(async (ctx) => {
      await ctx.db.insert("foldState", { shard: lane, generation, sleeping: false });
    });
    const [early] = await putDown(t, lane, 1, 1_500);
    const [late] = await putDown(t, lane, 1, 500);
    await putDown(t, lane, 1, 300);
    // Now: `late` was made 800 ms ago, within the settle bound; its transaction has not committed.
    const first = await t.run(
      async (ctx) => await runFold(notYetCommitted(ctx, late.id), lane, generation, Date.now()),
    );
    expect(first).toMatchObject({ folded: 1, superseded: false });
    expect(await t.run(async (ctx) => await ctx.db.get("tallies", early.id))).toBeNull();
    vi.advanceTimersByTime(FOLD_SETTLE_MS);
    const second = await t.run(async (ctx) => await runFold(ctx, lane, generation, Date.now()));
    expect(second).toMatchObject({ folded: 2 });
    await foldAll(t);
    expect(await figures(t)).toMatchObject({ waiting: 0, day: [{ guesses: 3 }] });
  });

  test("a shard's batches are applied once each, in order, whichever of their apply jobs runs first", async () => {
    // Fails if an apply took only the batch its job names: the later move alone would leave the
    // player's earlier score among the board's best (two entries for one player).
    const { t, player } = await playerInGame(10);
    const lane = laneOf(player);
    await t.mutation(internal.tallies.wake, { shard: lane });
    const batches: number[] = [];
    for (let round = 0; round < 2; round++) {
      expect((await solve(t, player)).kind).toBe("correct");
      await player.as.mutation(api.game.next, {
        roundNumber: (await viewOf(player)).round!.number,
      });
      vi.advanceTimersByTime(FOLD_SETTLE_MS + 1);
      const gathered = await t.run(
        async (ctx) => await gatherShard(ctx, lane, Date.now() - FOLD_SETTLE_MS),
      );
      batches.push(gathered.batch!);
    }
    expect(batches).toEqual([0, 1]);
    // The second batch's apply runs first: it applies both, in order; the first's does nothing.
    expect(await t.mutation(internal.tallies.apply, { shard: lane, upTo: 1 })).toMatchObject({
      applied: 2,
    });
    expect(await t.mutation(internal.tallies.apply, { shard: lane, upTo: 0 })).toMatchObject({
      applied: 0,
    });
    await t.mutation(internal.tallies.publish, {});
    const score = (await standingAs(player, {})).score;
    expect(await t.query(api.leaderboard.ranks, {})).toMatchObject({ players: 1, top: [score] });
    expect((await figures(t)).day).toMatchObject([{ sessions: 1, guesses: 2, correctGuesses: 2 }]);
  });

  test("players spread over every lane, folded by their chains side by side: every tally counted once", async () => {
    const { t, player: ann } = await playerInGame(10);
    const others = [];
    for (let i = 0; others.length < 12; i++) {
      others.push(await signedInAs(t, "player", { email: `p${i}@example.com`, username: `p${i}` }));
    }
    const players = [ann, ...others];
    expect(new Set(players.map(laneOf)).size).toBeGreaterThan(4);
    let correct = 0;
    for (const player of others) await player.as.mutation(api.game.open, { timeZone: "UTC" });
    // Guesses while the lanes and applies run, a few ms of the clock apart.
    for (let round = 0; round < 2; round++) {
      for (const player of players) {
        if ((await solve(t, player)).kind === "correct") correct += 1;
        await player.as.mutation(api.game.next, {
          roundNumber: (await viewOf(player)).round!.number,
        });
        await wait(t, 137);
      }
    }
    // Every lane's chain, apply and publish run out, and the lanes fall asleep.
    await t.finishAllScheduledFunctions(() => vi.runAllTimers());
    await noFoldJobs(t);
    expect(await figures(t)).toMatchObject({
      waiting: 0,
      day: [{ sessions: players.length, guesses: correct, correctGuesses: correct }],
    });
    const ranks = await t.query(api.leaderboard.ranks, {});
    const scores = await Promise.all(players.map(async (p) => (await standingAs(p, {})).score));
    expect(ranks).toMatchObject({ players: players.length, top: scores.sort((a, b) => b - a) });
    expect(await t.run(async (ctx) => await ctx.db.query("foldBatches").take(10))).toEqual([]);
  });
});

/** A lane's gathering with a small batch, for recording. */
const limited = {
  _handler: async (ctx: MutationCtx, { lane, limit }: { lane: number; limit: number }) =>
    await gatherShard(ctx, lane, Date.now() - FOLD_SETTLE_MS, limit),
};
