/**
 * Choosing a Daily: DAILY_ANIME_COUNT anime from the most popular of the pool with ready covers,
 * at random among them, varied (no two of a franchise, and when the pool allows, no two of the
 * same format and genres), none of the last DAILY_REPEAT_BAR_DAYS Dailies', and none a party room
 * is playing a round of. Each Daily is chosen once, a day before it starts (the cron at the
 * previous day's start), or by the first call of its day on a fresh deployment. Two first
 * callers at once both read that it is missing and both insert: Convex commits one and runs the
 * other again, which then finds it.
 */
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { roundClue } from "../catalogue/clue/roundClue";
import { franchiseKey } from "../judge/titleIndex";
import {
  DAILY_ANIME_COUNT,
  DAILY_CANDIDATES,
  DAILY_REPEAT_BAR_DAYS,
  dailyNumberAt,
} from "../shared/rules";
import { puzzleOf } from "./bar";

export type Puzzle = Doc<"dailyPuzzles">;

/** The anime of the Dailies before #`number` within the repeat bar (at most that many reads). */
async function recentDailyAnime(ctx: QueryCtx, number: number): Promise<Set<Id<"anime">>> {
  const recent = await ctx.db
    .query("dailyPuzzles")
    .withIndex("by_number", (q) =>
      q.gte("number", number - DAILY_REPEAT_BAR_DAYS).lt("number", number),
    )
    .take(DAILY_REPEAT_BAR_DAYS);
  return new Set(recent.flatMap((puzzle) => puzzle.animeIds));
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
 * Daily #`number`'s anime and clues, chosen now: the candidates in random order, taken by the
 * strictest rule that still fills the Daily (new franchise, format and genres; new franchise;
 * not a recent Daily's; anything), so a small pool still gets a Daily. An anime with no clue
 * worth dealing is passed over. Empty when the pool has no anime ready.
 */
async function choose(ctx: QueryCtx, number: number) {
  const candidates = shuffled(
    await ctx.db
      .query("anime")
      .withIndex("by_coverStatus_and_popularity", (q) => q.eq("coverStatus", "ready"))
      .order("desc")
      .take(DAILY_CANDIDATES),
  );
  const recent = await recentDailyAnime(ctx, number);
  const picked: { anime: Doc<"anime">; clue: string }[] = [];
  const passed = new Set<Id<"anime">>();
  const franchises = new Set<string>();
  const kinds = new Set<string>();
  const rules: ((anime: Doc<"anime">) => boolean)[] = [
    (anime) =>
      !recent.has(anime._id) &&
      !franchises.has(anime.franchiseKey ?? franchiseKey(anime)) &&
      !kinds.has(kindOf(anime)),
    (anime) => !recent.has(anime._id) && !franchises.has(anime.franchiseKey ?? franchiseKey(anime)),
    (anime) => !recent.has(anime._id),
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

/** Daily #`number`, chosen and stored if it was not yet; null when the pool has nothing ready. */
export async function ensurePuzzle(
  ctx: MutationCtx,
  number: number,
  now: number,
): Promise<Puzzle | null> {
  const existing = await puzzleOf(ctx, number);
  if (existing !== null) return existing;
  const picked = await choose(ctx, number);
  if (picked.length === 0) return null;
  const id = await ctx.db.insert("dailyPuzzles", {
    number,
    animeIds: picked.map(({ anime }) => anime._id),
    clues: picked.map(({ clue }) => clue),
    createdAt: now,
  });
  return await ctx.db.get("dailyPuzzles", id);
}

/**
 * Today's Daily, and tomorrow's chosen already, so that today's deals avoid both: what the cron
 * does at each UTC day's start, and the first Daily call of a day when the cron has not.
 */
export async function ensureTodayAndTomorrow(
  ctx: MutationCtx,
  now: number,
): Promise<Puzzle | null> {
  const today = dailyNumberAt(now);
  const puzzle = await ensurePuzzle(ctx, today, now);
  if (puzzle !== null) await ensurePuzzle(ctx, today + 1, now);
  return puzzle;
}
