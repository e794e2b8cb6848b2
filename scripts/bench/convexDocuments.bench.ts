// Documents read and written by the game's hot functions, with 100 and with 100,000 players.
// Run by `npm run bench` (scripts/bench/vitest.config.ts), not by `npm test`; writes its figures
// to BENCH_CONVEX_OUT (default bench-results/convex.json) for scripts/bench/run.mjs to print.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test, vi } from "vitest";
import type { Doc, Id } from "@convex/_generated/dataModel";
import { nextRound, startVisit, submitGuess } from "@convex/model/game/play";
import { gameOf } from "@convex/model/game/state";
import { gameView } from "@convex/model/game/view";
import { ALL_TIME, ownEntryOn, topOfBoard } from "@convex/model/boards/board";
import { readRanks, statsOf } from "@convex/model/boards/rank";
import { BUDGETS, take as takeBudget } from "@convex/model/ops/budget";
import { rankOf } from "@convex/model/shared/rank";
import { FOLD_BATCH, foldTallies } from "@convex/model/tallies/fold";
import { errorCodeOf } from "@convex/model/shared/errors";
import { guessText } from "@convex/model/judge/refusal";
import { insertAnime, writeTitleTerms } from "@convex/model/judge/titleIndex";
import { suggestTitles } from "@convex/model/judge/suggestions";
import { judgeGuess } from "@convex/model/judge/verdict";
import { utcDay } from "@convex/model/shared/localTime";
import { newBackend, type TestConvex } from "../../testing/convex/backend";
import { seedAnime, foldAwake, setBudget, useUpBudget } from "../../testing/world";
import { seededRandom } from "../../testing/convex/concurrency/seeded";
import { authReadsOf } from "./authReads";
import { countingCtx, newCounts, type DocumentCounts } from "./countingCtx";
import { roomFigures } from "./roomDocuments";
import { coverFigures } from "./coverDocuments";
import { dailyFigures } from "./dailyDocuments";
import { ensureTodayAndTomorrow } from "@convex/model/daily/puzzle";
import { testCoverImages } from "../../testing/fixtures/covers";
import { testUser } from "../../testing/fixtures/users";
import { WRONG_GUESS } from "../../testing/fixtures/anime";
import { fixtureAnimeFields, judgeFixture, SHOW } from "../../testing/fixtures/judgePool";

const PLAYER_COUNTS = [100, 100_000] as const;
/** The board size the rank rows are measured at (its statistics seeded directly). */
const RANK_PLAYERS = 100_000;
/** The player counts the Daily's rows are measured at (the others' rounds and streaks seeded). */
const DAILY_PLAYER_COUNTS = [100, 100_000] as const;
const ANIME_COUNT = 1_000;
const SKIPS_MEASURED = 20;
/** Anime the player has already seen before the skips are measured. */
const SEEN_BEFORE_SKIPS = 100;

type Figure = Pick<DocumentCounts, "reads" | "writes" | "readsByTable" | "writesByTable">;
type Figures = Record<string, Figure>;

// Seeded, so that the random draws (which anime is dealt) give the same figures on every run.
const SEED = 20_260_611;
vi.spyOn(Math, "random").mockImplementation(seededRandom(SEED));

const results: Record<number, Figures> = {};
const rank: Record<number, Figures> = {};
let coverBytes: { steps: number[]; clear: number; round: number } | null = null;
/** A room of 12's view re-runs per heartbeat, at each player count. */
const roomPresence: Record<number, unknown> = {};
const daily: Record<number, Figures> = {};

afterAll(() => {
  const out = path.resolve(process.env.BENCH_CONVEX_OUT ?? "bench-results/convex.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ animeCount: ANIME_COUNT, players: results, rank, coverBytes, roomPresence, daily }, null, 2)}\n`,
  );
});

/**
 * `players` players with distinct scores (0, 50, 100, …), on the all-time board as the backfill
 * leaves them (entries and statistics written directly); returns the one ranked in the middle.
 */
async function seedPlayers(t: TestConvex, players: number): Promise<Id<"users">> {
  let median: Id<"users"> | null = null;
  const onBoard: { userId: string; score: number }[] = [];
  // A batch of players per transaction, inside Convex's write limit (which newBackend enforces).
  for (let from = 0; from < players; from += PLAYER_SEED_BATCH) {
    await t.run(async (ctx) => {
      for (let i = from; i < Math.min(players, from + PLAYER_SEED_BATCH); i++) {
        // Scores in a scattered order, so the index order is not the insertion order.
        const step = (i * 7_919) % players;
        const username = `player${i}`;
        const id = await ctx.db.insert("users", {
          ...testUser(username),
          score: step * 50,
        });
        if (step > 0) {
          const entry = { board: ALL_TIME, userId: id, username, score: step * 50 };
          await ctx.db.insert("boardEntries", entry);
          onBoard.push(entry);
        }
        if (step === Math.floor(players / 2)) median = id;
      }
    });
  }
  await t.run(async (ctx) => {
    const stats = statsOf(onBoard.map((entry) => entry.score));
    await ctx.db.insert("boardRanks", { board: ALL_TIME, ...stats });
  });
  return median!;
}

const PLAYER_SEED_BATCH = 2_000;

/** Today's game-use counters, as the fold leaves them after the first few guesses. */
async function seedTodaysStats(t: TestConvex) {
  await t.run(async (ctx) => {
    const counts = { sessions: 0, guesses: 0, correctGuesses: 0 };
    await ctx.db.insert("gameDailyStats", { day: utcDay(Date.now()), shard: 0, ...counts });
  });
}

/**
 * Runs `fn` as the function it stands for, with the reads the auth wrapper does
 * (convex/functions.ts): the caller's session, then their user.
 */
async function measure<T>(
  t: TestConvex,
  userId: Id<"users"> | null,
  fn: (
    ctx: Parameters<Parameters<TestConvex["run"]>[0]>[0],
    user: Doc<"users"> | null,
  ) => Promise<T>,
): Promise<{ figure: Figure; result: T }> {
  const counts = newCounts();
  const authReads = userId === null ? null : await authReadsOf(t, userId);
  const result = await t.run(async (raw) => {
    const { ctx } = countingCtx(raw, counts);
    const user = authReads === null ? null : await authReads(ctx);
    return await fn(ctx, user);
  });
  return { figure: counts, result };
}

async function currentRound(t: TestConvex, userId: Id<"users">) {
  return await t.run(async (ctx) => {
    const game = (await gameOf(ctx, userId))!;
    const anime = await ctx.db.get("anime", game.round!.animeId);
    return { round: game.round!, answer: anime!.answers[0] };
  });
}

/**
 * Guesses down each of the judge's paths (a full name, a part, its plural, an acronym, a name
 * with an instalment, the refusals of lists and common words, a list-like title, typos of names
 * and collisions with other shows' names), each for a show of the judge's pool of real titles
 * added to the bench's pool.
 */
const JUDGED: [string, number][] = [
  ["Attack on Titan", SHOW.AOT],
  ["titan", SHOW.AOT],
  ["titans", SHOW.AOT_FINAL],
  ["promised neverland", SHOW.TPN],
  ["SAO", SHOW.SAO],
  ["KNM", SHOW.KIMI_NO_MACHI],
  ["one piece film red", SHOW.ONE_PIECE],
  ["one piece film red", SHOW.NARUTO],
  ["naruto shippuden", SHOW.NARUTO],
  ["demon slayer mugen train", SHOW.DEMON_SLAYER],
  ["Attack on Titan Death Note", SHOW.AOT],
  ["punch", SHOW.ONE_PUNCH],
  ["another world", SHOW.REZERO],
  ["death note season 2", SHOW.DEATH_NOTE],
  ["Death Note, Naruto", SHOW.AOT],
  ["Liar, Liar", SHOW.LIAR],
  ["No Game, No Life", SHOW.NGNL],
  ["Steins;Gate; Liar, Liar", SHOW.STEINS],
  ["Attack on Titan, xyz", SHOW.AOT],
  ["one piece, film red, naruto", SHOW.ONE_PIECE],
  ["one piece film red, blue, green", SHOW.ONE_PIECE],
  ["naruto, shippuden, film", SHOW.NARUTO],
  ["Kimi no Na wa, xyz", SHOW.YOUR_NAME],
  [WRONG_GUESS, SHOW.AOT],
  // A typo of another show's name (the typo rows), and common words near no name.
  ["Death Not", SHOW.AOT],
  ["Sword At Online", SHOW.AOT],
  ["word art line", SHOW.SAO],
  // An acronym that is another show's name, a typo that is another's, an everyday word.
  ["BTV", SHOW.BLOOD],
  ["Madoka", SHOW.MAHOUKA],
  ["OKAY", SHOW.OKAY_SHOW],
];

/** The most documents the judge reads for one guess (the dealt anime aside: submitGuess reads it). */
async function judgeFigure(t: TestConvex): Promise<Figure> {
  await t.run(async (ctx) => {
    for (const anime of judgeFixture.anime) await insertAnime(ctx, fixtureAnimeFields(anime));
  });
  const figures: Figure[] = [];
  for (const [guess, anilistId] of JUDGED) {
    const anime = await t.run(
      async (ctx) =>
        await ctx.db
          .query("anime")
          .withIndex("by_anilistId", (q) => q.eq("anilistId", anilistId))
          .unique(),
    );
    const counts = newCounts();
    await t.run(async (raw) => {
      const { ctx } = countingCtx(raw, counts);
      // A refusal is one of the outcomes measured.
      await judgeGuess(ctx, anime, guessText(guess)).catch((error: unknown) => {
        if (errorCodeOf(error) === null) throw error;
      });
    });
    figures.push(counts);
  }
  return maxOf(figures);
}

/**
 * Texts typed into the guess box: a title's start, a later word, an acronym, particles first, a
 * typo among the first letters (the longest path: halving, then its variants).
 */
const TYPED = [
  ...["sh", "show", "shou 12", "titan", "the of kyo", "SAO", "attack on t", "進撃"],
  "sttack on titan",
];

/** The most documents one `titles.suggest` reads (after judgeFigure put real titles in the pool). */
async function suggestFigure(t: TestConvex): Promise<Figure> {
  const figures: Figure[] = [];
  for (const text of TYPED) {
    const { figure, result } = await measure(t, null, (ctx) => suggestTitles(ctx, text));
    expect(result.length).toBeGreaterThan(0);
    figures.push(figure);
  }
  return maxOf(figures);
}

/** The most documents rewriting one anime's title index writes (as a refresh or the migration). */
async function titleIndexFigure(t: TestConvex): Promise<Figure> {
  const figures: Figure[] = [];
  for (const anime of judgeFixture.anime) {
    const stored = await t.run(
      async (ctx) =>
        await ctx.db
          .query("anime")
          .withIndex("by_anilistId", (q) => q.eq("anilistId", anime.id))
          .unique(),
    );
    const { _id, _creationTime: _, franchiseKey: __, ...fields } = stored!;
    figures.push((await measure(t, null, (ctx) => writeTitleTerms(ctx, _id, fields))).figure);
  }
  return maxOf(figures);
}

function maxOf(figures: Figure[]): Figure {
  return figures.reduce((worst, figure) =>
    figure.reads + figure.writes > worst.reads + worst.writes ? figure : worst,
  );
}

for (const players of PLAYER_COUNTS) {
  test(`documents read and written with ${players} players and ${ANIME_COUNT} anime`, async () => {
    // The same draws at every size (the pool's ranks, the reserve, each deal's probes), so that a
    // figure differs between sizes only if the players make it.
    vi.spyOn(Math, "random").mockImplementation(seededRandom(SEED));
    const t = newBackend();
    // A busy deployment: the fold is awake, so no call schedules its wake.
    await foldAwake(t);
    await seedAnime(t, ANIME_COUNT);
    // Today's and tomorrow's Daily chosen, from the reserve it fills: the deals pass its members.
    await t.run(async (ctx) => await ensureTodayAndTomorrow(ctx, Date.now()));
    if (coverBytes === null) {
      // What a whole round's covers cost: the five steps and the clear cover, as the job makes them.
      const images = await testCoverImages(1);
      const steps = images.steps.map((step) => step.byteLength);
      const clear = images.clear.byteLength;
      coverBytes = { steps, clear, round: steps.reduce((sum, s) => sum + s, clear) };
    }
    const me = await seedPlayers(t, players);
    await seedTodaysStats(t);
    const figures: Figures = {};

    figures["game.start (first visit)"] = (
      await measure(t, me, (ctx, user) => startVisit(ctx, user!._id, "Europe/Paris"))
    ).figure;

    // A sign-up's draw on the game's budget, before its password hash (the rest of a sign-up is
    // Convex Auth's: the address's account, then the new user and account): its shards as a day
    // of sign-ups leaves them, then used up by a flood.
    await setBudget(t, "signUps", BUDGETS.signUps.perMinute / BUDGETS.signUps.shards);
    const signUp = await measure(t, null, (ctx) => takeBudget(ctx, "signUps", Date.now()));
    expect(signUp.result.ok).toBe(true);
    figures["sign-up: budget (users.takeSignUp)"] = signUp.figure;
    // Kept empty a minute: a shard refills a token a second, and a take here may come later.
    await useUpBudget(t, "signUps");
    const flood = await measure(t, null, (ctx) => takeBudget(ctx, "signUps", Date.now()));
    expect(flood.result.ok).toBe(false);
    figures["sign-up: budget used up"] = flood.figure;

    figures["leaderboard.top({limit: 10})"] = (
      await measure(t, null, (ctx) => topOfBoard(ctx, ALL_TIME, 10))
    ).figure;

    figures["leaderboard.mine (own points)"] = (
      await measure(t, me, (ctx, user) =>
        ownEntryOn(ctx, ALL_TIME, { _id: user!._id, username: user!.username }),
      )
    ).figure;
    figures["leaderboard.ranks (all time)"] = (
      await measure(t, null, (ctx) => readRanks(ctx, ALL_TIME))
    ).figure;

    figures["game.state"] = (await measure(t, me, (ctx, user) => gameView(ctx, user!))).figure;

    let { round, answer } = await currentRound(t, me);
    const wrong = await measure(t, me, (ctx, user) =>
      submitGuess(ctx, user!, {
        roundNumber: round.number,
        attempt: round.guessesUsed,
        guess: WRONG_GUESS,
      }),
    );
    expect(wrong.result.kind).toBe("wrong");
    figures["game.guess (wrong)"] = wrong.figure;

    // The judge's own reads: a part of a title asks the pool's title index ("Shou" of "Shou 12",
    // common words the pool knows as a name, so judged), a list-like text looks its parts up
    // (refused here: nothing is spent, and the round's history notes it).
    ({ round } = await currentRound(t, me));
    const partial = await measure(t, me, (ctx, user) =>
      submitGuess(ctx, user!, {
        roundNumber: round.number,
        attempt: round.guessesUsed,
        guess: "shou",
      }),
    );
    figures["game.guess (part of a title)"] = partial.figure;
    ({ round } = await currentRound(t, me));
    const list = await t.run(async (ctx) =>
      (await ctx.db.query("anime").take(3)).map((anime) => anime.answers[0]).join(", "),
    );
    const refused = await measure(t, me, (ctx, user) =>
      submitGuess(ctx, user!, {
        roundNumber: round.number,
        attempt: round.guessesUsed,
        guess: list,
      }),
    );
    expect(refused.result).toEqual({ kind: "refused", code: "GUESS_IS_A_LIST" });
    figures["game.guess (list, refused)"] = refused.figure;

    ({ round, answer } = await currentRound(t, me));
    const right = await measure(t, me, (ctx, user) =>
      submitGuess(ctx, user!, {
        roundNumber: round.number,
        attempt: round.guessesUsed,
        guess: answer,
      }),
    );
    expect(right.result.kind).toBe("correct");
    figures["game.guess (correct)"] = right.figure;

    // Skips in the steady state: the player has already seen 100 anime.
    for (let i = 0; i < SEEN_BEFORE_SKIPS; i++) {
      ({ round } = await currentRound(t, me));
      await t.run(async (ctx) => await nextRound(ctx, me, round.number));
    }
    const skips: Figure[] = [];
    for (let i = 0; i < SKIPS_MEASURED; i++) {
      ({ round } = await currentRound(t, me));
      const skip = await measure(t, me, (ctx, user) => nextRound(ctx, user!._id, round.number));
      expect(skip.result.kind).toBe("dealt");
      skips.push(skip.figure);
    }
    figures[`game.next (skip; worst of ${SKIPS_MEASURED})`] = maxOf(skips);

    // The worst case: every anime in the pool seen, so each deal checks DEAL_PROBES + DEAL_CANDIDATES.
    await t.run(async (ctx) => {
      for await (const anime of ctx.db.query("anime")) {
        const seen = await ctx.db
          .query("seenAnime")
          .withIndex("by_userId_and_animeId", (q) => q.eq("userId", me).eq("animeId", anime._id))
          .first();
        if (seen === null)
          await ctx.db.insert("seenAnime", { userId: me, animeId: anime._id, seenAt: 0 });
      }
    });
    ({ round } = await currentRound(t, me));
    const exhausted = await measure(t, me, (ctx, user) => nextRound(ctx, user!._id, round.number));
    expect(exhausted.result.kind).toBe("dealt");
    figures["game.next (skip; every anime seen)"] = exhausted.figure;

    // A full batch of the fold: tallies as a busy second leaves them (opens, guesses, points on
    // the three boards), whatever the number of players.
    await t.run(async (ctx) => {
      const day = utcDay(Date.now());
      for (let i = 0; i < FOLD_BATCH; i++) {
        const from = 50 * (i % 7);
        const moves = ["all", `day:${day}`].map((board) => ({ board, from, to: from + 150 }));
        await ctx.db.insert(
          "tallies",
          i % 3 === 0 ? { day, guesses: 1, correctGuesses: 1, moves } : { day, sessions: 1 },
        );
      }
    });
    const fold = await measure(t, null, (ctx) => foldTallies(ctx, Number.MAX_SAFE_INTEGER));
    expect(fold.result.folded).toBeGreaterThanOrEqual(FOLD_BATCH);
    figures[`tallies.fold (a batch of ${FOLD_BATCH.toLocaleString("en-US")})`] = fold.figure;

    // Party rooms beside one room per 10 players: the figures must not grow with the rooms.
    const rooms = await roomFigures(t, players / 10);
    Object.assign(figures, rooms.rows);
    roomPresence[players] = rooms.presence;

    figures[`judge one guess (worst of ${JUDGED.length})`] = await judgeFigure(t);
    figures[`titles.suggest (worst of ${TYPED.length})`] = await suggestFigure(t);
    figures[`title index rewrite (worst of ${judgeFixture.anime.length})`] =
      await titleIndexFigure(t);

    // Last: it queues the whole pool for new covers.
    Object.assign(figures, await coverFigures(t, me));

    results[players] = figures;
  });
}

/**
 * The viewer's rank on a board of 100,000 players: the board's statistics (seeded directly, as
 * the scoring mutation and the backfill leave them) and the viewer's own entry. The best player
 * and one at rank 1,000 are exact; one in the middle and the last are estimates.
 */
test(`the rank with ${RANK_PLAYERS.toLocaleString("en-US")} players`, async () => {
  const t = newBackend();
  // A busy deployment: the fold is awake, so no call schedules its wake.
  await foldAwake(t);
  const scores = Array.from({ length: RANK_PLAYERS }, (_, i) => 50 * (1 + ((i * 7_919) % 40_000)));
  const stats = statsOf(scores);
  const sorted = [...scores].sort((a, b) => b - a);
  const viewers = {
    "leaderboard.mine + ranks (rank 1, exact)": sorted[0],
    "leaderboard.mine + ranks (rank ~1,000, exact)": sorted[999],
    "leaderboard.mine + ranks (middle, estimate)": sorted[RANK_PLAYERS / 2],
    "leaderboard.mine + ranks (last, estimate)": sorted.at(-1)!,
  };
  const ids = await t.run(async (ctx) => {
    await ctx.db.insert("boardRanks", { board: ALL_TIME, ...stats });
    const ids: Record<string, Id<"users">> = {};
    for (const [name, score] of Object.entries(viewers)) {
      const username = `viewer${Object.keys(ids).length}`;
      const userId = await ctx.db.insert("users", {
        ...testUser(username),
        score,
      });
      await ctx.db.insert("boardEntries", { board: ALL_TIME, userId, username, score });
      ids[name] = userId;
    }
    return ids;
  });
  const figures: Figures = {};
  for (const [name, score] of Object.entries(viewers)) {
    // What a viewer's screen subscribes to: their own points and the board's statistics.
    const { figure, result } = await measure(t, ids[name], async (ctx, user) => {
      const own = await ownEntryOn(ctx, ALL_TIME, { _id: user!._id, username: user!.username });
      return { ...own, ...rankOf(await readRanks(ctx, ALL_TIME), own.score) };
    });
    expect(result.score).toBe(score);
    expect(result.exact).toBe(!name.includes("estimate"));
    figures[name] = figure;
  }
  rank[RANK_PLAYERS] = figures;
});

for (const players of DAILY_PLAYER_COUNTS) {
  test(`the Daily's paths beside ${players.toLocaleString("en-US")} players who played it`, async () => {
    const t = newBackend();
    // A busy deployment: the fold is awake, so no call schedules its wake.
    await foldAwake(t);
    // A whole pool, so that the cron's row is the reserve's: release, refill, choice.
    await seedAnime(t, ANIME_COUNT);
    daily[players] = await dailyFigures(t, players);
  }, 600_000);
}
