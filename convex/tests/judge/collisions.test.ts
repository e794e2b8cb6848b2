/**
 * No free points from collisions (issue 39): an acronym that is another show's name, or an
 * everyday word, scores for no show; the instalment rule never cuts a title down to a one-letter
 * base; a typo of one title that is exactly another show's name is that show's.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { dealtJudgeRound, seedJudgePool, SHOW, verdict } from "../../../testing/fixtures/judgePool";
import { fakeClockEachTest } from "../../../testing/world/clock";

const { K, K_ON, MADOKA, MAHOUKA, BLOOD, BAKERY_TV, OKAY_SHOW, SAO } = SHOW;

describe("collisions, over a pool of real titles", () => {
  let t: TestConvex;
  beforeAll(async () => {
    t = newBackend();
    await seedJudgePool(t);
  });

  test.each([
    // Blood: The Last Vampire's initials, and Bakery TV's name: Bakery TV's.
    ["BTV", BLOOD, "wrong"],
    ["btv", BAKERY_TV, "correct"],
    // Initials that spell an everyday word are that word: refused whatever is dealt.
    ["OKAY", OKAY_SHOW, "GUESS_TOO_GENERIC"],
    ["okay", SAO, "GUESS_TOO_GENERIC"],
    ["Only Kings Are Young", OKAY_SHOW, "correct"],
    // "On" is K-On!'s, not a generic word to drop before "Movie".
    ["K-On! The Movie", K, "wrong"],
    ["K-On Movie", K, "wrong"],
    ["K-On! The Movie", K_ON, "correct"],
    ["K-On Movie", K_ON, "correct"],
    ["K", K, "correct"],
    ["K-On", K, "wrong"],
    // "Madoka" is within a typo of "Mahouka", and the whole name of Madoka Magica.
    ["Madoka", MAHOUKA, "wrong"],
    ["Madoka", MADOKA, "correct"],
    ["Mahouka", MAHOUKA, "correct"],
    ["Mahoka", MAHOUKA, "correct"],
    ["Mahuka", MAHOUKA, "correct"],
  ])("%j for %i: %s", async (guess, id, is) => {
    expect(await verdict(t, id, guess)).toBe(is);
  });

  test("without Bakery TV in the pool, BTV is Blood: The Last Vampire's", async () => {
    const small = newBackend();
    await seedJudgePool(small, [BLOOD, K]);
    expect(await verdict(small, BLOOD, "BTV")).toBe("correct");
    await seedJudgePool(small, [BAKERY_TV]);
    expect(await verdict(small, BLOOD, "BTV")).toBe("wrong");
  });

  test("without Madoka Magica in the pool, Madoka is a typo of Mahouka", async () => {
    const small = newBackend();
    await seedJudgePool(small, [MAHOUKA, K]);
    expect(await verdict(small, MAHOUKA, "Madoka")).toBe("correct");
    await seedJudgePool(small, [MADOKA]);
    expect(await verdict(small, MAHOUKA, "Madoka")).toBe("wrong");
  });
});

describe("game.guess", () => {
  fakeClockEachTest();

  test.each([
    ["BTV", BLOOD, BAKERY_TV],
    ["K-On! The Movie", K, K_ON],
    ["Madoka", MAHOUKA, MADOKA],
  ])("%j is a wrong guess in the round of %i while %i is in the pool", async (guess, id, other) => {
    const { submit, view } = await dealtJudgeRound([id, other], id);
    expect(await submit(guess)).toEqual({ kind: "wrong", guessesLeft: 4 });
    expect((await view()).round).toMatchObject({ guessesUsed: 1, status: "playing" });
  });

  test.each([
    ["btv", BAKERY_TV, BLOOD],
    ["K-On! The Movie", K_ON, K],
    ["Madoka", MADOKA, MAHOUKA],
  ])("%j wins the round of %i", async (guess, id, other) => {
    const { submit } = await dealtJudgeRound([id, other], id);
    expect(await submit(guess)).toMatchObject({ kind: "correct" });
  });

  test("OKAY is refused for free in the round of the show it spells", async () => {
    const { submit, view } = await dealtJudgeRound([OKAY_SHOW]);
    expect(await submit("OKAY")).toEqual({ kind: "refused", code: "GUESS_TOO_GENERIC" });
    expect((await view()).round).toMatchObject({ guessesUsed: 0, status: "playing" });
  });
});
