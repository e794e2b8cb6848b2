/**
 * Typos first, then refusals (issue 39): a guess within a typo of a show's full name is judged as
 * that name, never refused for free, even when every word of it is an everyday word; titles of a
 * number ("No.6") are won by their name.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  dealtJudgeRound,
  judgeFixture,
  seedJudgePool,
  SHOW,
  verdict,
} from "../../../testing/fixtures/judgePool";
import { fakeClockEachTest } from "../../../testing/world/clock";

const { AOT, DEATH_NOTE, SAO, SILENT_VOICE, NO_6, NARUTO, ONE_PUNCH } = SHOW;

describe("typos of full names, over a pool of real titles", () => {
  let t: TestConvex;
  beforeAll(async () => {
    t = newBackend();
    await seedJudgePool(t);
  });

  // Each of everyday words only: refused for free before typos came first.
  test.each([
    ["Death Not", DEATH_NOTE],
    ["Death Vote", DEATH_NOTE],
    ["Sword At Online", SAO],
    ["sword art onlin", SAO],
    ["swords at online", SAO],
    ["silent vice", SILENT_VOICE],
    ["One Punch Men", ONE_PUNCH],
  ])("%j scores for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("correct");
  });

  test.each(["Death Not", "Sword At Online", "silent vice"])(
    "%j is judged, not refused, whatever anime is dealt: the refusal tells nothing",
    async (guess) => {
      const verdicts = new Set<string>();
      for (const { id } of judgeFixture.anime) verdicts.add(await verdict(t, id, guess));
      expect([...verdicts].sort()).toEqual(["correct", "wrong"]);
    },
  );

  test.each([
    ["No. 6", NO_6],
    ["no 6", NO_6],
    ["No.6", NO_6],
    ["NO.6", NO_6],
  ])("%j, a title of a number, scores for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("correct");
  });

  test.each([
    ["No. 6", AOT, "wrong"],
    ["6", NO_6, "GUESS_TOO_GENERIC"],
    ["no 7", NO_6, "GUESS_TOO_GENERIC"],
    ["season 6", NO_6, "GUESS_TOO_GENERIC"],
  ])("%j for %i: %s", async (guess, id, is) => {
    expect(await verdict(t, id, guess)).toBe(is);
  });

  test("common words near no name stay refused", async () => {
    for (const guess of ["death", "sword online", "note death", "dead not", "swords at onions"]) {
      expect([guess, await verdict(t, DEATH_NOTE, guess)]).toEqual([guess, "GUESS_TOO_GENERIC"]);
    }
  });

  test("two typos from 12 letters, and no more", async () => {
    expect(await verdict(t, SAO, "sword at onlie")).toBe("correct");
    expect(await verdict(t, NARUTO, "sword at onlie")).toBe("wrong");
    expect(await verdict(t, SAO, "word at online")).toBe("correct");
    expect(await verdict(t, SAO, "word art line")).toBe("GUESS_TOO_GENERIC");
  });
});

describe("game.guess", () => {
  fakeClockEachTest();

  test.each([
    ["Death Not", DEATH_NOTE],
    ["Sword At Online", SAO],
    ["No. 6", NO_6],
  ])("%j wins the round of %i", async (guess, id) => {
    const { submit } = await dealtJudgeRound([id]);
    expect(await submit(guess)).toMatchObject({ kind: "correct" });
  });

  test("a typo of another show's name costs a guess, like any wrong name", async () => {
    const { view, submit } = await dealtJudgeRound([SAO, DEATH_NOTE], SAO);
    expect(await submit("Death Not")).toEqual({ kind: "wrong", guessesLeft: 4 });
    expect((await view()).round).toMatchObject({ guessesUsed: 1, status: "playing" });
  });
});
