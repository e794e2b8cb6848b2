import { describe, expect, test } from "vitest";
import { GUESSES_PER_ANIME, NOT_COUNTED_GUESSES_KEPT } from "../../model/shared/rules";
import { newBackend } from "../../../testing/convex/backend";
import {
  deal,
  dealtAnime,
  guessAs,
  seedAnime,
  signUp,
  skipAs,
  viewOf,
  type Player,
} from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

// A round's guess history (convex/model/round/history.ts): what the screen lists under the box.

fakeClockEachTest();

/** Common words alone: refused for any anime, for free. */
const TOO_GENERIC = "another world";
/** Four parts: a list whatever they name. */
const LIST = "Alpha, Beta, Gamma, Delta";

async function startedGame(poolSize = 6) {
  const t = newBackend();
  await seedAnime(t, poolSize);
  const player = await signUp(t);
  await deal(player);
  return { t, player };
}

/** What the player has left: each allowance, and the guesses counted on this round. */
async function spent(player: Player) {
  const { dailyRemaining, animeRemaining, round } = await viewOf(player);
  return {
    dailyRemaining,
    animeRemaining,
    guessesUsed: round!.guessesUsed,
    cover: round!.coverPath,
  };
}

describe("the round's history", () => {
  test("lists every guess in order with what became of it, and only counted ones cost", async () => {
    const { player } = await startedGame();
    expect((await viewOf(player)).round!.guesses).toEqual([]);

    expect(await guessAs(player, WRONG_GUESS)).toEqual({ kind: "wrong", guessesLeft: 4 });
    expect(await guessAs(player, TOO_GENERIC)).toEqual({
      kind: "refused",
      code: "GUESS_TOO_GENERIC",
    });
    expect(await guessAs(player, LIST)).toEqual({ kind: "refused", code: "GUESS_IS_A_LIST" });
    expect(await guessAs(player, `  ${WRONG_GUESS.toUpperCase()}  `)).toEqual({
      kind: "alreadyTried",
    });

    const view = await viewOf(player);
    expect(view.round!.guesses).toEqual([
      { text: WRONG_GUESS, outcome: "wrong" },
      { text: TOO_GENERIC, outcome: "tooGeneric" },
      { text: LIST, outcome: "list" },
      { text: WRONG_GUESS.toUpperCase(), outcome: "alreadyTried" },
    ]);
    expect(view).toMatchObject({ dailyRemaining: 19, animeRemaining: 4 });
    expect(view.round!.guessesUsed).toBe(1);
  });

  test("is the server's: read again (a reload), it is the same; a new round starts empty", async () => {
    const { player } = await startedGame();
    await guessAs(player, WRONG_GUESS);
    await guessAs(player, TOO_GENERIC);
    const first = (await viewOf(player)).round!.guesses;
    expect((await viewOf(player)).round!.guesses).toEqual(first);
    expect(first).toHaveLength(2);
    await skipAs(player);
    expect((await viewOf(player)).round!.guesses).toEqual([]);
  });

  test("keeps every counted guess but only the first few free ones", async () => {
    const { player } = await startedGame();
    for (let i = 0; i < NOT_COUNTED_GUESSES_KEPT + 3; i++) {
      expect((await guessAs(player, `${LIST} ${i}`)).kind).toBe("refused");
    }
    for (let i = 0; i < GUESSES_PER_ANIME; i++) await guessAs(player, `${WRONG_GUESS} ${i}`);
    const guesses = (await viewOf(player)).round!.guesses;
    expect(guesses.filter((guess) => guess.outcome === "wrong")).toHaveLength(GUESSES_PER_ANIME);
    expect(guesses.filter((guess) => guess.outcome === "list")).toHaveLength(
      NOT_COUNTED_GUESSES_KEPT,
    );
    expect(guesses).toHaveLength(GUESSES_PER_ANIME + NOT_COUNTED_GUESSES_KEPT);
  });
});

describe("a repeated guess", () => {
  test("costs nothing: no daily or anime guess, no sharper cover", async () => {
    const { player } = await startedGame();
    await guessAs(player, WRONG_GUESS);
    const before = await spent(player);
    for (const again of [
      WRONG_GUESS,
      WRONG_GUESS.toLowerCase(),
      ` ${WRONG_GUESS.replace(" ", "   ")} `,
    ]) {
      expect(await guessAs(player, again)).toEqual({ kind: "alreadyTried" });
    }
    expect(await spent(player)).toEqual(before);
  });

  test("of a refused guess is free too, and the next new guess is judged as usual", async () => {
    const { t, player } = await startedGame();
    await guessAs(player, TOO_GENERIC);
    expect(await guessAs(player, TOO_GENERIC)).toEqual({ kind: "alreadyTried" });
    const anime = await dealtAnime(t, player);
    expect(await guessAs(player, anime.title.english!)).toEqual({ kind: "correct", points: 150 });
  });

  test("answers the same whatever anime is dealt: it probes nothing", async () => {
    const outcomesFor = async (pool: number) => {
      const { player } = await startedGame(pool);
      const outcomes = [];
      for (const text of [WRONG_GUESS, WRONG_GUESS, TOO_GENERIC, TOO_GENERIC, LIST, LIST]) {
        outcomes.push(await guessAs(player, text));
      }
      return { outcomes, spent: await spent(player) };
    };
    const one = await outcomesFor(1);
    const other = await outcomesFor(5);
    expect(other.outcomes).toEqual(one.outcomes);
    expect({ ...other.spent, cover: null }).toEqual({ ...one.spent, cover: null });
  });

  test("is told from the player's own texts: punctuation the judge reads makes a new guess", async () => {
    const { player } = await startedGame();
    await guessAs(player, WRONG_GUESS);
    expect(await guessAs(player, `${WRONG_GUESS}'s`)).toEqual({ kind: "wrong", guessesLeft: 3 });
  });
});

describe("the answer stays out of the history", () => {
  test("while the round is playing, it holds the player's texts and no verdict but wrong or free", async () => {
    const { t, player } = await startedGame();
    const anime = await dealtAnime(t, player);
    for (const text of [WRONG_GUESS, TOO_GENERIC, LIST, WRONG_GUESS]) await guessAs(player, text);
    const { round } = await viewOf(player);
    const sent = JSON.stringify(round!.guesses);
    for (const secret of [...anime.answers, String(anime.anilistId), anime.siteUrl]) {
      expect(sent).not.toContain(secret);
    }
    expect(round!.guesses.map((guess) => guess.outcome)).not.toContain("correct");
    expect(round!.answer).toBeNull();
  });

  test("once solved, the right guess is listed as correct, with the answer", async () => {
    const { t, player } = await startedGame();
    const anime = await dealtAnime(t, player);
    await guessAs(player, WRONG_GUESS);
    await guessAs(player, anime.title.english!);
    const { round } = await viewOf(player);
    expect(round!.guesses).toEqual([
      { text: WRONG_GUESS, outcome: "wrong" },
      { text: anime.title.english, outcome: "correct" },
    ]);
    expect(round!.answer?.english).toBe(anime.title.english);
  });
});
