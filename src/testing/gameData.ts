import type { Doc, Id } from "@convex/_generated/dataModel";
import { syncAllTime } from "@convex/model/boards/board";
import type { InProcessBackend } from "./inProcessBackend";
import { testAnime, type AnimeSeed } from "../../tests/support/testAnime";
import { insertTestAnime } from "../../tests/support/testCovers";
import { testUser } from "../../tests/support/testUser";

export type { AnimeSeed };

let seeded = 0;

/**
 * Puts anime into the pool the rounds draw from, as the catalogue refresh stores them. Each gets
 * its own clue and cover; unless given, its answers are its titles.
 */
export async function seedAnime(
  backend: InProcessBackend,
  anime: AnimeSeed[],
): Promise<Id<"anime">[]> {
  return await backend.run(async (ctx) => {
    const ids: Id<"anime">[] = [];
    for (const seed of anime) ids.push(await insertTestAnime(ctx, testAnime(++seeded, seed)));
    return ids;
  });
}

/** `count` anime titled "Show 1", "Show 2", … */
export async function seedShows(backend: InProcessBackend, count: number) {
  return await seedAnime(
    backend,
    Array.from({ length: count }, (_, i) => ({ english: `Show ${i + 1}` })),
  );
}

async function userIdOf(backend: InProcessBackend, email: string): Promise<Id<"users">> {
  const user = await backend.t.run(async (ctx) =>
    ctx.db
      .query("users")
      .withIndex("by_email", (q) => q.eq("email", email))
      .unique(),
  );
  if (user === null) throw new Error(`No user with e-mail ${email}`);
  return user._id;
}

/** The player's game document, once the game screen has opened it. */
export async function gameOf(backend: InProcessBackend, email: string): Promise<Doc<"games">> {
  const userId = await userIdOf(backend, email);
  const game = await backend.t.run(async (ctx) =>
    ctx.db
      .query("games")
      .withIndex("by_userId", (q) => q.eq("userId", userId))
      .unique(),
  );
  if (game === null) throw new Error(`${email} has no game yet`);
  return game;
}

/** The anime the player is looking at now: what a test must know to guess right. */
export async function dealtAnime(backend: InProcessBackend, email: string): Promise<Doc<"anime">> {
  const { round } = await gameOf(backend, email);
  if (round === null) throw new Error(`${email} has no round`);
  const anime = await backend.t.run(async (ctx) => ctx.db.get("anime", round.animeId));
  if (anime === null) throw new Error("The dealt anime is gone");
  return anime;
}

/** Changes the player's game on the server, as a scheduled job or another device would. */
export async function patchGame(
  backend: InProcessBackend,
  email: string,
  changes: Partial<Omit<Doc<"games">, "_id" | "_creationTime">>,
) {
  const { _id } = await gameOf(backend, email);
  await backend.run(async (ctx) => {
    await ctx.db.patch("games", _id, changes);
  });
}

/** Players with a profile and a score, as sign-up and play would leave them. */
export async function seedPlayers(
  backend: InProcessBackend,
  players: { username: string; score: number }[],
): Promise<Id<"users">[]> {
  return await backend.run(async (ctx) => {
    const ids: Id<"users">[] = [];
    for (const { username, score } of players) {
      const id = await ctx.db.insert("users", testUser(username, { score }));
      // On the all-time board, as the backfill puts an existing player.
      await syncAllTime(ctx, (await ctx.db.get("users", id))!);
      ids.push(id);
    }
    return ids;
  });
}

/**
 * Raises a player's score on the server, all-time board included (another player's progress, for
 * live-update tests; scores only rise).
 */
export async function setScore(backend: InProcessBackend, userId: Id<"users">, score: number) {
  await backend.run(async (ctx) => {
    await ctx.db.patch("users", userId, { score });
    await syncAllTime(ctx, (await ctx.db.get("users", userId))!);
  });
}
