/**
 * The Daily as a test plays it: seed a Daily, open it, guess, give up and move on as the Daily
 * page does, and read what a player or the world sees (convex/model/daily/).
 */
import { api } from "../../convex/_generated/api";
import type { Doc, Id } from "../../convex/_generated/dataModel";
import { dailyNumberAt } from "../../convex/model/shared/rules";
import { WRONG_GUESS } from "../fixtures/anime";
import type { Caller, Player, World } from "./world";

/** Today's Daily number by the (test's) clock. */
export function todaysNumber(): number {
  return dailyNumberAt(Date.now());
}

/**
 * Daily #`number` (today's by default) made of `animeIds` in that order, as the choice would
 * store it (each anime's stored clue), so a test knows what everyone will be dealt.
 */
export async function seedDaily(world: World, animeIds: Id<"anime">[], number = todaysNumber()) {
  return await world.run(async (ctx) => {
    const clues: string[] = [];
    for (const id of animeIds) clues.push((await ctx.db.get("anime", id))!.clue);
    return await ctx.db.insert("dailyPuzzles", {
      number,
      animeIds,
      clues,
      createdAt: Date.now(),
    });
  });
}

/** Daily #`number`'s anime in order (a test's knowledge of the answers), or [] when not chosen. */
export async function dailyAnime(world: World, number = todaysNumber()): Promise<Doc<"anime">[]> {
  return await world.run(async (ctx) => {
    const puzzle = await ctx.db
      .query("dailyPuzzles")
      .withIndex("by_number", (q) => q.eq("number", number))
      .unique();
    const anime: Doc<"anime">[] = [];
    for (const id of puzzle?.animeIds ?? []) anime.push((await ctx.db.get("anime", id))!);
    return anime;
  });
}

/** Opens today's Daily as the page does (`daily.open`): what it returns. */
export async function openDailyOutcomeAs(player: { as: Caller }) {
  return await player.as.mutation(api.daily.open, {});
}

/** Opens today's Daily as the page does (`daily.open`): the screen, or null when not chosen. */
export async function openDailyAs(player: { as: Caller }) {
  const opened = await openDailyOutcomeAs(player);
  return opened.kind === "open" ? opened.view : null;
}

/** The player's Daily screen (`daily.view`) of Daily #`number`. */
export async function dailyViewAs(player: { as: Caller }, number = todaysNumber()) {
  return await player.as.query(api.daily.view, { number });
}

/** The round on the player's Daily screen now: the last one reached. */
async function currentRound(player: { as: Caller }) {
  const view = await dailyViewAs(player);
  const round = view?.rounds.at(-1);
  if (view == null || round === undefined) throw new Error("The player has no Daily open");
  return { number: view.number, round };
}

/** A guess on the Daily's anime in play, as the guess box sends it. */
export async function guessDailyAs(player: { as: Caller }, text: string) {
  const { number, round } = await currentRound(player);
  return await player.as.mutation(api.daily.guess, {
    number,
    index: round.index,
    attempt: round.guessesUsed,
    guess: text,
  });
}

let wrongGuesses = 0;

/** A wrong guess on the Daily's anime in play, in a text not sent before. */
export async function guessDailyWrongAs(player: { as: Caller }) {
  wrongGuesses += 1;
  return await guessDailyAs(player, `${WRONG_GUESS} ${wrongGuesses}`);
}

export async function giveUpDailyAs(player: { as: Caller }) {
  const { number, round } = await currentRound(player);
  return await player.as.mutation(api.daily.giveUp, { number, index: round.index });
}

export async function nextDailyAs(player: { as: Caller }) {
  const { number, round } = await currentRound(player);
  return await player.as.mutation(api.daily.next, { number, index: round.index });
}

/**
 * How to play one anime: solved with the n-th guess (1..5), "miss" (every guess wrong) or
 * "giveUp".
 */
export type DailyMove = number | "miss" | "giveUp";

/**
 * Plays today's Daily as `player`, one move per anime in order (fewer moves: stops there), each
 * anime after the first dealt by Next anime. Opens it first.
 */
export async function playDailyAs(world: World, player: Player, moves: DailyMove[]) {
  await openDailyAs(player);
  const anime = await dailyAnime(world);
  for (const [index, move] of moves.entries()) {
    if (index > 0) await nextDailyAs(player);
    if (move === "giveUp") {
      await giveUpDailyAs(player);
      continue;
    }
    const wrong = move === "miss" ? 5 : move - 1;
    for (let i = 0; i < wrong; i++) await guessDailyWrongAs(player);
    if (move !== "miss") await guessDailyAs(player, anime[index].title.english!);
  }
  return await dailyViewAs(player);
}

/** The world's results of anime `index` of Daily #`number` (`daily.results`), as anyone sees them. */
export async function dailyResultsAs(caller: Caller, index: number, number = todaysNumber()) {
  return await caller.query(api.daily.results, { number, index });
}
