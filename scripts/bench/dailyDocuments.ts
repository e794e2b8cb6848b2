// The Daily's rows of the bench's Convex table: the documents opening the Daily, a guess (wrong,
// right), Give up, Next anime, the player's view, the world's results and the fold's Daily part
// read and write, beside `players` other players who played today's Daily (their rounds, their
// streaks, the results folded). None of them may grow with the players: a player's calls read
// their own documents and the once-a-day puzzle; the results are one document per Daily.
import type { Id } from "@convex/_generated/dataModel";
import { authReadsOf } from "./authReads";
import { giveUpDaily, guessDaily, nextDaily, openDaily } from "@convex/model/daily/play";
import { ensureTodayAndTomorrow } from "@convex/model/daily/puzzle";
import { readResults } from "@convex/model/daily/results";
import { dailyView } from "@convex/model/daily/view";
import { DAILY_ANIME_COUNT, DAY_MS, dailyNumberAt } from "@convex/model/shared/rules";
import { FOLD_BATCH, foldTallies } from "@convex/model/tallies/fold";
import { utcDay } from "@convex/model/shared/localTime";
import type { TestConvex } from "../../testing/convex/backend";
import { WRONG_GUESS } from "../../testing/fixtures/anime";
import { testUser } from "../../testing/fixtures/users";
import { countingCtx, newCounts, type DocumentCounts } from "./countingCtx";

type Figure = Pick<DocumentCounts, "reads" | "writes" | "readsByTable" | "writesByTable">;

const SEED_BATCH = 2_000;

/** `players` players who each finished today's first anime and hold a streak; the results folded. */
async function seedDailyPlayers(t: TestConvex, players: number) {
  const number = dailyNumberAt(Date.now());
  const puzzle = await t.run(async (ctx) => {
    const choice = await ensureTodayAndTomorrow(ctx, Date.now());
    if (choice.kind !== "chosen") throw new Error("The bench's pool cannot fill a Daily");
    return choice.puzzle;
  });
  for (let from = 0; from < players; from += SEED_BATCH) {
    await t.run(async (ctx) => {
      for (let i = from; i < Math.min(players, from + SEED_BATCH); i++) {
        const userId = await ctx.db.insert("users", testUser(`daily${i}`));
        await ctx.db.insert("dailyRounds", {
          userId,
          number,
          index: 0,
          animeId: puzzle.animeIds[0],
          status: "solved",
          guessesUsed: 1 + (i % 5),
          guesses: [],
          startedAt: Date.now(),
          endedAt: Date.now(),
          coverToken: `${i.toString(16).padStart(32, "0")}`,
        });
        await ctx.db.insert("dailyStreaks", { userId, current: 1, best: 3, lastNumber: number });
      }
    });
  }
  await t.run(async (ctx) => {
    const solvedIn = [0, 0, 0, 0, 0].map(
      (_, k) => Math.floor(players / 5) + (k < players % 5 ? 1 : 0),
    );
    const anime = Array.from({ length: DAILY_ANIME_COUNT }, (_, index) =>
      index === 0
        ? { players, solvedIn, missed: 0 }
        : { players: 0, solvedIn: [0, 0, 0, 0, 0], missed: 0 },
    );
    await ctx.db.insert("dailyResults", { number, anime });
  });
  return { number, puzzle };
}

async function measure<T>(
  t: TestConvex,
  fn: (ctx: Parameters<Parameters<TestConvex["run"]>[0]>[0]) => Promise<T>,
): Promise<{ figure: Figure; result: T }> {
  const counts = newCounts();
  const result = await t.run(async (raw) => {
    const { ctx } = countingCtx(raw, counts);
    return await fn(ctx);
  });
  return { figure: counts, result };
}

/** The Daily's figures beside `players` others; `me` is a player who has not opened it yet. */
export async function dailyFigures(
  t: TestConvex,
  players: number,
): Promise<Record<string, Figure>> {
  const { number, puzzle } = await seedDailyPlayers(t, players);
  const me: Id<"users"> = await t.run(async (ctx) => await ctx.db.insert("users", testUser("me")));
  const answers = await t.run(async (ctx) => {
    const titles: string[] = [];
    for (const id of puzzle.animeIds) titles.push((await ctx.db.get("anime", id))!.answers[0]);
    return titles;
  });
  const figures: Record<string, Figure> = {};
  // Each public call also reads the caller's session and user (the auth wrapper): counted here.
  const authReads = await authReadsOf(t, me);
  const asMe = <T>(fn: (ctx: Parameters<Parameters<TestConvex["run"]>[0]>[0]) => Promise<T>) =>
    measure(t, async (ctx) => {
      await authReads(ctx);
      return await fn(ctx);
    });

  figures["daily.open (first visit)"] = (await asMe((ctx) => openDaily(ctx, me))).figure;
  figures["daily.view"] = (await asMe((ctx) => dailyView(ctx, me, number))).figure;
  const wrong = await asMe((ctx) =>
    guessDaily(ctx, me, { number, index: 0, attempt: 0, guess: WRONG_GUESS }),
  );
  if (wrong.result.kind !== "wrong") throw new Error(`daily wrong guess: ${wrong.result.kind}`);
  figures["daily.guess (wrong)"] = wrong.figure;
  const right = await asMe((ctx) =>
    guessDaily(ctx, me, { number, index: 0, attempt: 1, guess: answers[0] }),
  );
  if (right.result.kind !== "correct") throw new Error(`daily guess: ${right.result.kind}`);
  figures["daily.guess (correct: the round ends)"] = right.figure;
  figures["daily.next"] = (await asMe((ctx) => nextDaily(ctx, me, { number, index: 0 }))).figure;
  figures["daily.giveUp"] = (
    await asMe((ctx) => giveUpDaily(ctx, me, { number, index: 1 }))
  ).figure;
  for (let index = 2; index < DAILY_ANIME_COUNT - 1; index++) {
    await t.run(async (ctx) => {
      await nextDaily(ctx, me, { number, index: index - 1 });
      await giveUpDaily(ctx, me, { number, index });
    });
  }
  await t.run(async (ctx) => await nextDaily(ctx, me, { number, index: DAILY_ANIME_COUNT - 2 }));
  figures["daily.giveUp (the last: completes it, streak)"] = (
    await asMe((ctx) => giveUpDaily(ctx, me, { number, index: DAILY_ANIME_COUNT - 1 }))
  ).figure;
  // The world's results: no user read (the query reads no identity).
  figures["daily.results"] = (await measure(t, (ctx) => readResults(ctx, number, 0))).figure;
  // A full batch of the fold, every tally a Daily round's end.
  await t.run(async (ctx) => {
    await ctx.db
      .query("tallies")
      .take(FOLD_BATCH)
      .then(async (old) => {
        for (const tally of old) await ctx.db.delete("tallies", tally._id);
      });
    const day = utcDay(Date.now());
    for (let i = 0; i < FOLD_BATCH; i++) {
      const daily = { number, index: i % DAILY_ANIME_COUNT, solvedIn: i % 6 };
      await ctx.db.insert("tallies", { day, daily });
    }
  });
  const fold = await measure(t, (ctx) => foldTallies(ctx, Number.MAX_SAFE_INTEGER));
  figures[`tallies.fold (${FOLD_BATCH.toLocaleString("en-US")} Daily ends)`] = fold.figure;
  // The next day's cron (its Daily chosen today): with a pool of DAILY_RESERVE_MIN_POOL or more,
  // the reserve releases today's five, takes five more from the pool (the scan of candidates)
  // and the day after's Daily is chosen from it. Bounded by the members and candidates read.
  figures["daily.prepare (the cron: tomorrow's)"] = (
    await measure(t, (ctx) => ensureTodayAndTomorrow(ctx, Date.now() + DAY_MS))
  ).figure;
  return figures;
}
