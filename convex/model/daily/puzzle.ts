/**
 * Choosing a Daily: DAILY_ANIME_COUNT distinct anime with ready covers, varied (no two of a
 * franchise, and when the pool allows, no two of the same format and genres), none a party room
 * is playing a round of, never one of the day before's or after's. A Daily is chosen only whole:
 * with fewer anime ready it is not chosen yet, and the next call tries again
 * (docs/game-rules.md). Each Daily is chosen once, a day before it starts (the cron at the
 * previous day's start) when the pool holds DAILY_TOMORROW_MIN_POOL, or by the first call of its
 * day. Two first callers at once both read that it is missing and both insert: Convex commits
 * one and runs the other again, which then finds it.
 *
 * Where from: a pool of DAILY_RESERVE_MIN_POOL ready keeps the Daily's reserve, which no other
 * deal gives out, and the Daily is any of its members at random (reserve.ts says why nobody can
 * tell which). A smaller pool cannot hide it: the Daily is chosen from the most popular of the
 * pool, at random among them, anime never in a Daily first, then the one whose last Daily is
 * oldest, and deals avoid today's and tomorrow's (round/dailyBar.ts).
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import {
  DAILY_ANIME_COUNT,
  DAILY_RESERVE_MIN_POOL,
  DAILY_TOMORROW_MIN_POOL,
  dailyNumberAt,
  dailyStartOf,
} from "../shared/rules";
import { puzzleOf } from "../round/dailyBar";
import {
  animeOfDailies,
  newFranchise,
  newKind,
  pickVaried,
  poolCandidates,
  recordUses,
  shuffled,
  type Variety,
} from "./candidates";
import { refreshReserve, releaseAll } from "./reserve";

export type Puzzle = Doc<"dailyPuzzles">;

/** What a choice picks from, in order: the reserve's members, or the pool's candidates. */
type Source = { kind: "reserve"; members: Doc<"anime">[] } | { kind: "pool" };

/**
 * Daily #`number`'s anime and clues, chosen now. From the reserve: its members outside the
 * Dailies beside #`number`, in random order, by the variety rules only. From the pool: anime
 * never in a Daily in random order, then the used ones, the longest unused first, by the
 * strictest rule that still fills the Daily (never in a Daily, with a new franchise, format and
 * genres; never in one, new franchise; never in one; used, new franchise; used). Fewer than
 * DAILY_ANIME_COUNT when there is no more to give.
 */
async function choose(ctx: QueryCtx, number: number, now: number, source: Source) {
  const beside = await animeOfDailies(ctx, [number - 1, number + 1]);
  // Chosen on its own day, it leaves out what the game dealt that day; a day early, nothing has
  // been dealt on its day yet (and from then on deals bar it).
  const dealtFrom = dailyStartOf(number) <= now ? dailyStartOf(number) : null;
  const any: Variety = () => true;
  if (source.kind === "reserve") {
    const members = source.members.filter((anime) => !beside.has(anime._id));
    const varied: Variety = (anime, picked) =>
      newFranchise(anime, picked) && newKind(anime, picked);
    return await pickVaried(ctx, shuffled(members), [varied, newFranchise, any], dealtFrom);
  }
  const { fresh, used } = await poolCandidates(ctx, number, beside);
  const isFresh = new Set(fresh.map((anime) => anime._id));
  const unused: Variety = (anime) => isFresh.has(anime._id);
  return await pickVaried(
    ctx,
    [...shuffled(fresh), ...used],
    [
      (anime, picked) =>
        unused(anime, picked) && newFranchise(anime, picked) && newKind(anime, picked),
      (anime, picked) => unused(anime, picked) && newFranchise(anime, picked),
      unused,
      newFranchise,
      any,
    ],
    dealtFrom,
  );
}

/**
 * Daily #`number`, chosen and stored if it was not yet and the pool can fill it; otherwise how
 * many anime it could take now (fewer than DAILY_ANIME_COUNT).
 */
export type Choice = { kind: "chosen"; puzzle: Puzzle } | { kind: "short"; usable: number };

async function ensurePuzzle(
  ctx: MutationCtx,
  number: number,
  now: number,
  source: Source,
): Promise<Choice> {
  const existing = await puzzleOf(ctx, number);
  if (existing !== null) return { kind: "chosen", puzzle: existing };
  const picked = await choose(ctx, number, now, source);
  if (picked.length < DAILY_ANIME_COUNT) return { kind: "short", usable: picked.length };
  const animeIds = picked.map(({ anime }) => anime._id);
  const id = await ctx.db.insert("dailyPuzzles", {
    number,
    animeIds,
    clues: picked.map(({ clue }) => clue),
    createdAt: now,
  });
  await recordUses(ctx, animeIds, number);
  if (source.kind === "reserve") {
    // Chosen members are not chosen again (tomorrow's, in the same call, never takes today's).
    const taken = new Set(animeIds);
    source.members = source.members.filter((anime) => !taken.has(anime._id));
  }
  return { kind: "chosen", puzzle: (await ctx.db.get("dailyPuzzles", id))! };
}

/** Whether at least `count` anime are ready (at most `count` reads). */
async function readyAtLeast(ctx: QueryCtx, count: number): Promise<boolean> {
  const ready = await ctx.db
    .query("anime")
    .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
    .take(count);
  return ready.length >= count;
}

/**
 * Today's Daily, and tomorrow's chosen already when the pool is large enough for both and the
 * game's deals, so that today's deals avoid both: what the cron does at each UTC day's start,
 * and the first Daily call of a day when the cron has not. With both chosen it reads two
 * documents; otherwise the reserve is brought up to date first (reserve.ts), or released for
 * good when the pool is too small for it (normally an empty read).
 */
export async function ensureTodayAndTomorrow(ctx: MutationCtx, now: number): Promise<Choice> {
  const today = dailyNumberAt(now);
  const todays = await puzzleOf(ctx, today);
  if (todays !== null && (await puzzleOf(ctx, today + 1)) !== null) {
    return { kind: "chosen", puzzle: todays };
  }
  if (await readyAtLeast(ctx, DAILY_RESERVE_MIN_POOL)) {
    const source: Source = { kind: "reserve", members: await refreshReserve(ctx, today) };
    const choice = await ensurePuzzle(ctx, today, now, source);
    if (choice.kind === "chosen") await ensurePuzzle(ctx, today + 1, now, source);
    return choice;
  }
  await releaseAll(ctx);
  const choice = await ensurePuzzle(ctx, today, now, { kind: "pool" });
  if (choice.kind === "chosen" && (await readyAtLeast(ctx, DAILY_TOMORROW_MIN_POOL))) {
    await ensurePuzzle(ctx, today + 1, now, { kind: "pool" });
  }
  return choice;
}

/**
 * Today's Daily, chosen as the pool fills (each cover made while it is missing asks: one read
 * once it is chosen), so that on a deployment's first day it is chosen before players' deals
 * reach the anime it holds. It waits for DAILY_TOMORROW_MIN_POOL ready, enough for it and the
 * game's deals: chosen at 5, it would hold a first page's pool whole and leave the game nothing.
 * What the game dealt before (the first covers) it leaves out (choose).
 */
export async function chooseTodayOnceReady(ctx: MutationCtx, now: number): Promise<void> {
  if ((await puzzleOf(ctx, dailyNumberAt(now))) !== null) return;
  if (!(await readyAtLeast(ctx, DAILY_TOMORROW_MIN_POOL))) return;
  await ensureTodayAndTomorrow(ctx, now);
}
