/**
 * Choosing a Daily: DAILY_ANIME_COUNT distinct anime from the most popular of the pool with ready
 * covers, at random among them, varied (no two of a franchise, and when the pool allows, no two
 * of the same format and genres), and none a party room is playing a round of. An anime is in a
 * Daily again only once every ready anime the choice reads has been in one: anime never in a
 * Daily first, then the one whose last Daily is oldest, and never one of the day before's or
 * after's. A Daily is chosen only whole: with fewer anime ready it is not chosen yet, and the
 * next call tries again (docs/game-rules.md). Each Daily is chosen once, a day before it starts
 * (the cron at the previous day's start) when the pool holds DAILY_TOMORROW_MIN_POOL, or by the
 * first call of its day. Two first callers at once both read that it is missing and both insert:
 * Convex commits one and runs the other again, which then finds it.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { roundClue } from "../catalogue/clue/roundClue";
import { franchiseKey } from "../judge/titleIndex";
import {
  DAILY_ANIME_COUNT,
  DAILY_CANDIDATES,
  DAILY_CHOICE_SCAN,
  DAILY_REPEAT_BAR_DAYS,
  DAILY_TOMORROW_MIN_POOL,
  dailyNumberAt,
} from "../shared/rules";
import { puzzleOf } from "./bar";

export type Puzzle = Doc<"dailyPuzzles">;

/**
 * The Daily each anime of the Dailies before #`number` within the repeat bar was last in (at
 * most that many reads): what the choice knows of Dailies chosen before `dailyAnimeUses` was kept.
 */
async function recentDailyAnime(ctx: QueryCtx, number: number): Promise<Map<Id<"anime">, number>> {
  const recent = await ctx.db
    .query("dailyPuzzles")
    .withIndex("by_number", (q) =>
      q.gte("number", number - DAILY_REPEAT_BAR_DAYS).lt("number", number),
    )
    .take(DAILY_REPEAT_BAR_DAYS);
  const last = new Map<Id<"anime">, number>();
  for (const puzzle of recent) for (const id of puzzle.animeIds) last.set(id, puzzle.number);
  return last;
}

async function useOf(ctx: QueryCtx, animeId: Id<"anime">) {
  return await ctx.db
    .query("dailyAnimeUses")
    .withIndex("by_animeId", (q) => q.eq("animeId", animeId))
    .unique();
}

/** Records that the anime are in Daily #`number` (one read and one write each). */
async function recordUses(ctx: MutationCtx, animeIds: Id<"anime">[], number: number) {
  for (const animeId of animeIds) {
    const use = await useOf(ctx, animeId);
    if (use === null) await ctx.db.insert("dailyAnimeUses", { animeId, lastNumber: number });
    else if (use.lastNumber < number) {
      await ctx.db.patch("dailyAnimeUses", use._id, { lastNumber: number });
    }
  }
}

/**
 * Whether a party room is playing a round of the anime now. Its answer is shown to the room
 * within a minute or two: chosen now, as tomorrow's Daily, it would answer that Daily for everyone
 * there. (A solo round in play is withdrawn instead, at its player's next call: there are far too
 * many of those to avoid, while a room round lasts minutes.) One indexed read per candidate.
 */
async function inRoomPlay(ctx: QueryCtx, animeId: Id<"anime">): Promise<boolean> {
  const round = await ctx.db
    .query("roomRounds")
    .withIndex("by_animeId_and_status", (q) => q.eq("animeId", animeId).eq("status", "playing"))
    .first();
  return round !== null;
}

/** What makes two anime alike for the Daily's variety: their format and their genres. */
function kindOf(anime: Doc<"anime">): string {
  return `${anime.format ?? ""}|${[...anime.genres].sort().join(",")}`;
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * The candidates for Daily #`number`, most popular first: up to DAILY_CANDIDATES never in a
 * Daily, and the used ones read on the way (at most DAILY_CHOICE_SCAN anime in all), with the
 * Daily each was last in. Anime of the Dailies beside it (#`number` ± 1) are left out: two days
 * running never share an anime, and today's deals avoid both of today's and tomorrow's.
 */
async function candidatesFor(ctx: QueryCtx, number: number) {
  const beside = new Set<Id<"anime">>();
  for (const other of [number - 1, number + 1]) {
    for (const id of (await puzzleOf(ctx, other))?.animeIds ?? []) beside.add(id);
  }
  const recent = await recentDailyAnime(ctx, number);
  const fresh: Doc<"anime">[] = [];
  const used: { anime: Doc<"anime">; lastNumber: number }[] = [];
  let read = 0;
  for await (const anime of ctx.db
    .query("anime")
    .withIndex("by_coverStatus_and_popularity", (q) => q.eq("coverStatus", "ready"))
    .order("desc")) {
    if (++read > DAILY_CHOICE_SCAN || fresh.length >= DAILY_CANDIDATES) break;
    if (beside.has(anime._id)) continue;
    const lastNumber = (await useOf(ctx, anime._id))?.lastNumber ?? recent.get(anime._id);
    if (lastNumber === undefined) fresh.push(anime);
    else if (lastNumber < number - 1) used.push({ anime, lastNumber });
  }
  return { fresh, used: used.sort((a, b) => a.lastNumber - b.lastNumber).map((u) => u.anime) };
}

/**
 * Daily #`number`'s anime and clues, chosen now: anime never in a Daily in random order, then
 * the used ones, the longest unused first, taken by the strictest rule that still fills the
 * Daily (never in a Daily, with a new franchise, format and genres; never in one, new
 * franchise; never in one; used, new franchise; used). An anime with no clue worth dealing is
 * passed over. Fewer than DAILY_ANIME_COUNT when the pool has no more to give.
 */
async function choose(ctx: QueryCtx, number: number) {
  const { fresh, used } = await candidatesFor(ctx, number);
  const candidates = [...shuffled(fresh), ...used];
  const isFresh = new Set(fresh.map((anime) => anime._id));
  const picked: { anime: Doc<"anime">; clue: string }[] = [];
  const passed = new Set<Id<"anime">>();
  const franchises = new Set<string>();
  const kinds = new Set<string>();
  const newFranchise = (anime: Doc<"anime">) =>
    !franchises.has(anime.franchiseKey ?? franchiseKey(anime));
  const rules: ((anime: Doc<"anime">) => boolean)[] = [
    (anime) => isFresh.has(anime._id) && newFranchise(anime) && !kinds.has(kindOf(anime)),
    (anime) => isFresh.has(anime._id) && newFranchise(anime),
    (anime) => isFresh.has(anime._id),
    newFranchise,
    () => true,
  ];
  for (const allowed of rules) {
    for (const anime of candidates) {
      if (picked.length >= DAILY_ANIME_COUNT) break;
      if (passed.has(anime._id) || !allowed(anime)) continue;
      passed.add(anime._id);
      if (await inRoomPlay(ctx, anime._id)) continue;
      const clue = await roundClue(ctx, anime);
      if (clue === null) continue;
      picked.push({ anime, clue });
      franchises.add(anime.franchiseKey ?? franchiseKey(anime));
      kinds.add(kindOf(anime));
    }
  }
  return picked;
}

/**
 * Daily #`number`, chosen and stored if it was not yet and the pool can fill it; otherwise how
 * many anime it could take now (fewer than DAILY_ANIME_COUNT).
 */
export type Choice = { kind: "chosen"; puzzle: Puzzle } | { kind: "short"; usable: number };

export async function ensurePuzzle(ctx: MutationCtx, number: number, now: number): Promise<Choice> {
  const existing = await puzzleOf(ctx, number);
  if (existing !== null) return { kind: "chosen", puzzle: existing };
  const picked = await choose(ctx, number);
  if (picked.length < DAILY_ANIME_COUNT) return { kind: "short", usable: picked.length };
  const animeIds = picked.map(({ anime }) => anime._id);
  const id = await ctx.db.insert("dailyPuzzles", {
    number,
    animeIds,
    clues: picked.map(({ clue }) => clue),
    createdAt: now,
  });
  await recordUses(ctx, animeIds, number);
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
 * and the first Daily call of a day when the cron has not.
 */
export async function ensureTodayAndTomorrow(ctx: MutationCtx, now: number): Promise<Choice> {
  const today = dailyNumberAt(now);
  const choice = await ensurePuzzle(ctx, today, now);
  if (choice.kind === "chosen" && (await readyAtLeast(ctx, DAILY_TOMORROW_MIN_POOL))) {
    await ensurePuzzle(ctx, today + 1, now);
  }
  return choice;
}
