import { foldAll } from "./boards";
import type { Id } from "../../convex/_generated/dataModel";
import { syncAllTime } from "../../convex/model/boards/board";
import { testAnime, type AnimeSeed } from "../fixtures/anime";
import { insertTestAnime } from "../fixtures/covers";
import { testUser } from "../fixtures/users";
import type { World } from "./world";

export type { AnimeSeed };

/** Seeds so far: each gets its own AniList id, cover and number. */
let seeded = 0;

/** Seed `n` of a pool given by its size: titled "Show n", with a clue that never names it. */
function show(n: number): AnimeSeed {
  return {
    english: `Show ${n}`,
    romaji: `Shou ${n}`,
    native: `ショー${n}`,
    synonyms: [`S${n}X`],
    clue: `Case ${n}: a story about someone who keeps guessing.\nGenres: Action`,
    genres: ["Action"],
  };
}

/**
 * Puts anime into the pool the rounds draw from, as the catalogue refresh stores them (title
 * index and cover images): `count` shows ("Show n", "Shou n", "ショーn", synonym "SnX"), or the
 * anime `seeds` describe (their answers are their titles unless given).
 */
export async function seedAnime(world: World, anime: number | AnimeSeed[]) {
  const seeds = typeof anime === "number" ? Array.from({ length: anime }, () => null) : anime;
  const ids: Id<"anime">[] = [];
  // A batch per transaction, well inside Convex's limits (which the test backends enforce).
  for (let from = 0; from < seeds.length; from += SEED_BATCH) {
    const batch = seeds.slice(from, from + SEED_BATCH);
    ids.push(
      ...(await world.run(async (ctx) => {
        const batchIds: Id<"anime">[] = [];
        for (const seed of batch) {
          const n = ++seeded;
          batchIds.push(await insertTestAnime(ctx, testAnime(n, seed ?? show(n))));
        }
        return batchIds;
      })),
    );
  }
  return ids;
}

/** Anime seeded per transaction: each writes a few dozen documents (index rows, covers). */
const SEED_BATCH = 100;

/** Players with a profile and a score, as sign-up and play leave them, on the all-time board. */
export async function seedPlayers(world: World, players: { username: string; score: number }[]) {
  const seeded = await world.run(async (ctx) => {
    const ids: Id<"users">[] = [];
    for (const { username, score } of players) {
      const id = await ctx.db.insert("users", testUser(username, { score }));
      await syncAllTime(ctx, (await ctx.db.get("users", id))!);
      ids.push(id);
    }
    return ids;
  });
  // Seeded as a board that has settled: its statistics folded too.
  await foldAll(world);
  return seeded;
}
