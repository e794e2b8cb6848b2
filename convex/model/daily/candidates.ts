/**
 * What a Daily's choice reads of the pool and of the Dailies before it, shared by the choice from
 * the whole pool (small pools, puzzle.ts) and the reserve's refill and choice (reserve.ts): each
 * anime's last Daily, the popular candidates never in one first, and the variety rules.
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
} from "../shared/rules";
import { puzzleOf } from "../round/dailyBar";

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

/** The anime's record of its last Daily, if it was ever in one (one indexed read). */
export async function useOf(ctx: QueryCtx, animeId: Id<"anime">) {
  return await ctx.db
    .query("dailyAnimeUses")
    .withIndex("by_animeId", (q) => q.eq("animeId", animeId))
    .unique();
}

/** Records that the anime are in Daily #`number` (one read and one write each). */
export async function recordUses(ctx: MutationCtx, animeIds: Id<"anime">[], number: number) {
  for (const animeId of animeIds) {
    const use = await useOf(ctx, animeId);
    if (use === null) await ctx.db.insert("dailyAnimeUses", { animeId, lastNumber: number });
    else if (use.lastNumber < number) {
      await ctx.db.patch("dailyAnimeUses", use._id, { lastNumber: number });
    }
  }
}

/** The anime of Dailies #`numbers` (one indexed read each). */
export async function animeOfDailies(ctx: QueryCtx, numbers: number[]): Promise<Set<Id<"anime">>> {
  const ids = new Set<Id<"anime">>();
  for (const number of numbers) {
    for (const id of (await puzzleOf(ctx, number))?.animeIds ?? []) ids.add(id);
  }
  return ids;
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

/**
 * Whether a player has been dealt the anime since `since`: a round of it in someone's game
 * started then or later, or its answer seen (the game, a room or a Daily ended it) since. A Daily
 * chosen on its own day, after the game has dealt (a deployment's first day, before the first
 * pool filled it, or a day the cron did not choose it), never holds such an anime: its player
 * would meet it answered. Two indexed reads, however many players.
 */
async function dealtSince(ctx: QueryCtx, animeId: Id<"anime">, since: number): Promise<boolean> {
  const inGame = await ctx.db
    .query("games")
    .withIndex("by_round_animeId_and_startedAt", (q) =>
      q.eq("round.animeId", animeId).gte("round.startedAt", since),
    )
    .first();
  if (inGame !== null) return true;
  const seen = await ctx.db
    .query("seenAnime")
    .withIndex("by_animeId_and_seenAt", (q) => q.eq("animeId", animeId).gte("seenAt", since))
    .first();
  return seen !== null;
}

/** What makes two anime alike for the Daily's variety: their format and their genres. */
function kindOf(anime: Doc<"anime">): string {
  return `${anime.format ?? ""}|${[...anime.genres].sort().join(",")}`;
}

export function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * Candidates for Daily #`number` from the pool, most popular first: up to DAILY_CANDIDATES never
 * in a Daily, and the used ones read on the way (at most DAILY_CHOICE_SCAN anime in all), the
 * longest unused first. Anime of `excluded` (the Dailies beside it: two days running never share
 * an anime) and the reserve's members are left out.
 */
export async function poolCandidates(
  ctx: QueryCtx,
  number: number,
  excluded: ReadonlySet<Id<"anime">>,
) {
  const recent = await recentDailyAnime(ctx, number);
  const fresh: Doc<"anime">[] = [];
  const used: { anime: Doc<"anime">; lastNumber: number }[] = [];
  let read = 0;
  for await (const anime of ctx.db
    .query("anime")
    .withIndex("by_coverStatus_and_popularity", (q) => q.eq("coverStatus", "ready"))
    .order("desc")) {
    if (++read > DAILY_CHOICE_SCAN || fresh.length >= DAILY_CANDIDATES) break;
    if (excluded.has(anime._id) || anime.reservedSince !== undefined) continue;
    const lastNumber = (await useOf(ctx, anime._id))?.lastNumber ?? recent.get(anime._id);
    if (lastNumber === undefined) fresh.push(anime);
    else if (lastNumber < number - 1) used.push({ anime, lastNumber });
  }
  return { fresh, used: used.sort((a, b) => a.lastNumber - b.lastNumber).map((u) => u.anime) };
}

/** A rule of the Daily's variety, given what was picked so far. */
export type Variety = (anime: Doc<"anime">, picked: Picked) => boolean;
export type Picked = { franchises: Set<string>; kinds: Set<string> };

export const newFranchise: Variety = (anime, picked) =>
  !picked.franchises.has(anime.franchiseKey ?? franchiseKey(anime));
export const newKind: Variety = (anime, picked) => !picked.kinds.has(kindOf(anime));

/**
 * DAILY_ANIME_COUNT of `candidates` in their order, by the strictest of `rules` that still fills
 * the Daily (each rule a pass over those not yet passed), none a room is playing now nor, when
 * `dealtFrom` is a time, one dealt since then (dealtSince), each with the clue it is dealt with
 * (one with no clue worth dealing is passed over). Fewer when the candidates have no more to give.
 */
export async function pickVaried(
  ctx: QueryCtx,
  candidates: Doc<"anime">[],
  rules: Variety[],
  dealtFrom: number | null,
): Promise<{ anime: Doc<"anime">; clue: string }[]> {
  const picked: { anime: Doc<"anime">; clue: string }[] = [];
  const passed = new Set<Id<"anime">>();
  const seen: Picked = { franchises: new Set(), kinds: new Set() };
  for (const allowed of rules) {
    for (const anime of candidates) {
      if (picked.length >= DAILY_ANIME_COUNT) break;
      if (passed.has(anime._id) || !allowed(anime, seen)) continue;
      passed.add(anime._id);
      if (await inRoomPlay(ctx, anime._id)) continue;
      if (dealtFrom !== null && (await dealtSince(ctx, anime._id, dealtFrom))) continue;
      const clue = await roundClue(ctx, anime);
      if (clue === null) continue;
      picked.push({ anime, clue });
      seen.franchises.add(anime.franchiseKey ?? franchiseKey(anime));
      seen.kinds.add(kindOf(anime));
    }
  }
  return picked;
}
