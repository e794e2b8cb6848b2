/**
 * The Daily under load, from the read and write sets of real runs: two players' Daily calls never
 * touch what the other read or wrote (their own documents, the once-a-day puzzle read, tallies
 * inserted); two first callers of a day race safely on the puzzle; the world's results re-run
 * with the fold, never with a guess.
 */
import { describe, expect, test } from "vitest";
import type { MutationCtx } from "../../_generated/server";
import { foldTallies } from "../../model/tallies/fold";
import * as daily from "../../daily";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  dailyAnime,
  openDailyAs,
  seedAnime,
  signedInAs,
  todaysNumber,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { recordCall } from "../../../testing/convex/concurrency/recordCall";
import { touches, type PlacedWrite } from "../../../testing/convex/concurrency/occ";
import type { CallRecord } from "../../../testing/convex/concurrency/readWriteSets";
import { indexFields } from "../../../testing/convex/concurrency/schemaIndexes";

type Player = Awaited<ReturnType<typeof signedInAs>>;

fakeClockEachTest();

const placed = (records: CallRecord[]): PlacedWrite[] =>
  records.flatMap((record) => record.writes.map((write) => ({ write, renaming: null })));

const foldRun = {
  _handler: async (ctx: MutationCtx) => await foldTallies(ctx, Number.MAX_SAFE_INTEGER),
};

async function players(t: TestConvex): Promise<[Player, Player]> {
  return [
    await signedInAs(t, "player", { email: "ann@example.com", username: "Ann" }),
    await signedInAs(t, "player", { email: "bob@example.com", username: "Bob" }),
  ];
}

/** A player's whole first anime (open, a wrong guess, the right one, next, give up), recorded. */
async function playRecorded(t: TestConvex, player: Player): Promise<CallRecord[]> {
  const records: CallRecord[] = [];
  const call = async (name: string, fn: unknown, args: Record<string, unknown>) => {
    const { record, result } = await recordCall(
      player.as,
      player.userId,
      "mutation",
      name,
      fn,
      args,
    );
    records.push(record);
    return result;
  };
  const number = todaysNumber();
  await call("daily.open", daily.open, {});
  const [first] = await dailyAnime(t);
  await call("daily.guess", daily.guess, { number, index: 0, attempt: 0, guess: WRONG_GUESS });
  const solved = await call("daily.guess", daily.guess, {
    number,
    index: 0,
    attempt: 1,
    guess: first.title.english!,
  });
  expect(solved).toMatchObject({ kind: "correct" });
  await call("daily.next", daily.next, { number, index: 0 });
  await call("daily.giveUp", daily.giveUp, { number, index: 1 });
  return records;
}

describe("the Daily is conflict-free", () => {
  test("two players' Daily calls never touch what the other read or wrote", async () => {
    const t = newBackend();
    await seedAnime(t, 20);
    const [ann, bob] = await players(t);
    // Today's Daily was chosen before either came (the cron, a day ahead).
    await openDailyAs(await signedInAs(t, "player", { email: "cy@example.com", username: "Cy" }));
    const records = [await playRecorded(t, ann), await playRecorded(t, bob)];
    for (const [mine, theirs] of [
      [records[0], records[1]],
      [records[1], records[0]],
    ]) {
      for (const record of mine) {
        expect(touches(record.reads, placed(theirs), indexFields), record.name).toBe(false);
      }
    }
    for (const [i, player] of [ann, bob].entries()) {
      for (const { write } of placed(records[i])) {
        const doc = (write.after ?? write.before)!;
        // Their own rounds, seen records and streak; or a tally, inserted and never read there;
        // or the sleeping fold's wake, a job of its own.
        const own = doc.userId === player.userId;
        const wake = write.table === "_scheduled_functions" && doc.name === "tallies:wake";
        expect(own || wake || write.table === "tallies", `${write.table} ${write.id}`).toBe(true);
      }
    }
  });

  test("two first callers of a day race safely: the second re-runs, and finds the first's", async () => {
    // The same first open on two copies of the world: what each would read and write alone.
    const runs: CallRecord[] = [];
    for (let copy = 0; copy < 2; copy++) {
      const t = newBackend();
      await seedAnime(t, 20);
      const [ann, bob] = await players(t);
      const player = copy === 0 ? ann : bob;
      runs.push(
        (await recordCall(player.as, player.userId, "mutation", "daily.open", daily.open, {}))
          .record,
      );
    }
    const chose = (record: CallRecord) =>
      record.writes.filter((write) => write.table === "dailyPuzzles" && write.before === null);
    expect(chose(runs[0])).toHaveLength(2);
    // The one that commits second read the range the first one's puzzle went into: Convex runs it
    // again, and it then finds today's Daily chosen, and chooses nothing.
    expect(touches(runs[1].reads, placed([runs[0]]), indexFields)).toBe(true);

    const t = newBackend();
    await seedAnime(t, 20);
    const [ann, bob] = await players(t);
    await recordCall(ann.as, ann.userId, "mutation", "daily.open", daily.open, {});
    const again = await recordCall(bob.as, bob.userId, "mutation", "daily.open", daily.open, {});
    expect(chose(again.record)).toEqual([]);
    const puzzles = await t.run(async (ctx) => await ctx.db.query("dailyPuzzles").take(10));
    expect(puzzles.map((puzzle) => puzzle.number).sort()).toEqual([
      todaysNumber(),
      todaysNumber() + 1,
    ]);
  });

  test("the world's results re-run when the fold runs, never on a guess", async () => {
    const t = newBackend();
    await seedAnime(t, 20);
    const [ann, bob] = await players(t);
    await playRecorded(t, ann);
    await recordCall(t, null, "mutation", "tallies.fold", foldRun, {});
    const watched = (
      await recordCall(t, null, "query", "daily.results", daily.results, {
        number: todaysNumber(),
        index: 0,
      })
    ).record;
    const guesses = await playRecorded(t, bob);
    expect(touches(watched.reads, placed(guesses), indexFields)).toBe(false);
    const fold = await recordCall(t, null, "mutation", "tallies.fold", foldRun, {});
    expect(touches(watched.reads, placed([fold.record]), indexFields)).toBe(true);
  });
});
