import { api } from "../../convex/_generated/api";
import type { Doc } from "../../convex/_generated/dataModel";
import { WRONG_GUESS } from "../fixtures/anime";
import { userOf } from "./players";
import { userIdIn, type Player, type Someone, type World } from "./world";

/** Deals the player's first round (`game.start`), in `timeZone`. */
export async function deal(player: Player, timeZone = "UTC") {
  return await player.as.mutation(api.game.start, { timeZone });
}

/** Opens the game as the game screen does (`game.open`): the screen it returns. */
export async function openGameAs(player: Player, timeZone = "UTC") {
  return await player.as.mutation(api.game.open, { timeZone });
}

/**
 * What the game screen does on each change of the pool's live status while it has no round
 * (src/features/game/PoolWait.tsx): once an anime is ready, it opens the game again, on the same
 * page. The status it saw, and the screen that call returned (null while nothing is ready).
 */
export async function followPoolAs(player: Player) {
  const status = await player.as.query(api.catalogue.poolStatus, {});
  return { status, view: status.ready > 0 ? await openGameAs(player) : null };
}

type RunCtx = Parameters<Parameters<World["run"]>[0]>[0];

async function gameIn(ctx: RunCtx, someone: Someone): Promise<Doc<"games">> {
  const userId = await userIdIn(ctx, someone);
  const game = await ctx.db
    .query("games")
    .withIndex("by_userId", (q) => q.eq("userId", userId))
    .unique();
  if (game === null) throw new Error("The player has no game");
  return game;
}

/** `someone`'s game document, once their game has started. */
export async function gameOf(world: World, someone: Someone): Promise<Doc<"games">> {
  return await world.run(async (ctx) => await gameIn(ctx, someone));
}

/** The anime on `someone`'s screen: what a test must know to guess right. */
export async function dealtAnime(world: World, someone: Someone): Promise<Doc<"anime">> {
  return await world.run(async (ctx) => {
    const { round } = await gameIn(ctx, someone);
    if (round === null) throw new Error("The player has no round");
    const anime = await ctx.db.get("anime", round.animeId);
    if (anime === null) throw new Error("The dealt anime is gone");
    return anime;
  });
}

/** Changes `someone`'s game on the server, as another device would. */
export async function patchGame(
  world: World,
  someone: Someone,
  changes: Partial<Omit<Doc<"games">, "_id" | "_creationTime">>,
) {
  await world.run(async (ctx) => {
    await ctx.db.patch("games", (await gameIn(ctx, someone))._id, changes);
  });
}

/** What the game screen shows the player (`game.state`). */
export async function viewOf(player: Player) {
  const state = await player.as.query(api.game.state, {});
  if (state === null) throw new Error("The player has no game");
  return state;
}

/** A guess on the round on screen, as the guess box sends it. */
export async function guessAs(player: Player, text: string) {
  const { round } = await viewOf(player);
  return await player.as.mutation(api.game.guess, {
    roundNumber: round!.number,
    attempt: round!.guessesUsed,
    guess: text,
  });
}

let wrongGuesses = 0;

/**
 * A wrong guess on the round on screen, in a text not sent before: a round judges each text once
 * (the same text again is "alreadyTried", for free), so a test spending guesses needs new ones.
 */
export async function guessWrongAs(player: Player) {
  wrongGuesses += 1;
  return await guessAs(player, `${WRONG_GUESS} ${wrongGuesses}`);
}

/** Skip / Next Anime on the round on screen. */
export async function skipAs(player: Player) {
  const { round } = await viewOf(player);
  return await player.as.mutation(api.game.next, { roundNumber: round!.number });
}

/**
 * What an open game page does at the instant its view names (the midnight reset, the cooldown's
 * end): asks the server for what is due (`game.sync`). The server's clock as it answered.
 */
export async function syncAs(player: Player) {
  return await player.as.mutation(api.game.sync, {});
}

/** How many Challenge jobs wait in the scheduler: none per player (resets are caught up). */
export async function pendingGameJobs(world: World): Promise<number> {
  const jobs = await world.run(
    async (ctx) => await ctx.db.system.query("_scheduled_functions").take(100_000),
  );
  return jobs.filter((job) => job.name.startsWith("game:") && job.state.kind === "pending").length;
}

/** The player's score as stored. */
export async function scoreOf(world: World, someone: Someone) {
  return (await userOf(world, someone)).score;
}
