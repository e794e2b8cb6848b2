import type { Doc, Id } from "@convex/_generated/dataModel";
import { insertAnime } from "@convex/model/titleIndex";
import type { InProcessBackend } from "./inProcessBackend";
import { attachTestCovers } from "./testCovers";

let seeded = 0;

export type AnimeSeed = { english: string; romaji?: string; clue?: string; answers?: string[] };

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
    for (const { english, romaji = null, clue, answers } of anime) {
      const n = ++seeded;
      const id = await insertAnime(ctx, {
        anilistId: 800_000 + n,
        title: { english, romaji, native: null },
        synonyms: [],
        clue: clue ?? `Clue ${n}: someone sets out on a long journey.\nGenres: Adventure`,
        answers: answers ?? [english, ...(romaji === null ? [] : [romaji])],
        coverImage: `https://covers.example/${n}.jpg`,
        coverColor: "#5b3a8c",
        siteUrl: `https://anilist.co/anime/${800_000 + n}`,
        genres: ["Adventure"],
        randomRank: Math.random(),
        updatedAt: 0,
      });
      await attachTestCovers(ctx, id);
      ids.push(id);
    }
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
      ids.push(
        await ctx.db.insert("users", {
          email: `${username.toLowerCase()}@example.com`,
          username,
          usernameKey: username.toLowerCase(),
          score,
          isBetaTester: false,
          isAdmin: false,
          createdAt: 0,
        }),
      );
    }
    return ids;
  });
}

/** Sets a player's score on the server (another player's progress, for live-update tests). */
export async function setScore(backend: InProcessBackend, userId: Id<"users">, score: number) {
  await backend.run(async (ctx) => {
    await ctx.db.patch("users", userId, { score });
  });
}
