/** The judge refuses common words (costing nothing), the same whatever anime is dealt. */
import { beforeEach, describe, expect, test } from "vitest";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  judgeFixture,
  seedJudgePool,
  SHOW,
  verdict,
  dealtJudgeRound,
} from "../../../testing/fixtures/judgePool";
import { fakeClockEachTest } from "../../../testing/world/clock";

const {
  AOT,
  DEATH_NOTE,
  FMAB,
  ONE_PUNCH,
  HXH,
  REZERO,
  SPYFAMILY,
  MHA,
  MHA2,
  LIE_IN_APRIL,
  YOUR_NAME,
  MUGEN_TRAIN,
  NGNL,
  LIAR,
  KONOSUBA,
  LV1,
  SILENT_VOICE,
  SAO,
  TPN,
  SLIME,
  ERASED,
  FAMILY_NEXT_DOOR,
  LIGHTHOUSE,
  AOT_FINAL,
} = SHOW;

/** Each with a show whose title holds it: an everyday word scores even there never alone. */
const common: [string, number][] = [
  ["punch", ONE_PUNCH],
  ["Punch", ONE_PUNCH],
  ["punches", ONE_PUNCH],
  ["One-Punch", ONE_PUNCH],
  ["one punch", ONE_PUNCH],
  ["online", SAO],
  ["sword", SAO],
  ["swords", SAO],
  ["sword art", SAO],
  ["hunter", HXH],
  ["hunters", HXH],
  ["game", NGNL],
  ["attack", AOT],
  ["another world", REZERO],
  ["starting life", REZERO],
  ["that", SLIME],
  ["that time", SLIME],
  ["wonderful", KONOSUBA],
  ["Brotherhood", FMAB],
  ["the brotherhood", FMAB],
  ["promised", TPN],
  ["hero", MHA],
  ["my hero", MHA],
  ["hero", LV1],
  ["world", REZERO],
  ["life", NGNL],
  ["family", SPYFAMILY],
  ["note", DEATH_NOTE],
  ["your", LIE_IN_APRIL],
  ["your", YOUR_NAME],
  ["demon", MUGEN_TRAIN],
  ["train", MUGEN_TRAIN],
  ["one", ONE_PUNCH],
  ["man", ONE_PUNCH],
  ["re", REZERO],
  ["death", DEATH_NOTE],
  ["liar liar liar", LIAR],
  ["Death Note is the best anime I have ever watched", DEATH_NOTE],
  // Generic words.
  ["Season 2", AOT],
  ["The Movie", MUGEN_TRAIN],
  ["Part 2", AOT],
  ["the final season", AOT_FINAL],
  ["season", MHA2],
  ["2", MHA2],
  ["no", NGNL],
  ["!!!", AOT],
  // Everyday words no title has.
  ["rising", AOT],
  ["lessons", AOT],
  ["wrong", AOT],
];

/** Common words the pool knows as a name: judged, so right for their show and wrong (used) elsewhere. */
const knownNames: [string, number, string][] = [
  ["ERASED", ERASED, "correct"],
  ["erased", AOT, "wrong"],
  ["Your Name", YOUR_NAME, "correct"],
  ["your name the movie", YOUR_NAME, "correct"],
  ["Death Note", DEATH_NOTE, "correct"],
  ["death note season 2", DEATH_NOTE, "correct"],
  ["Death Note", AOT, "wrong"],
  ["A Silent Voice", SILENT_VOICE, "correct"],
  ["silent voice", SILENT_VOICE, "correct"],
  ["Liar, Liar", LIAR, "correct"],
  ["The Family Next Door", FAMILY_NEXT_DOOR, "correct"],
  ["Note of the Lighthouse", LIGHTHOUSE, "correct"],
  ["Starting Life in Another World", REZERO, "correct"],
  ["Love is War", SHOW.KAGUYA, "correct"],
];

describe("common words, over a pool of real titles", () => {
  let t: TestConvex;
  beforeEach(async () => {
    t = newBackend();
    await seedJudgePool(t);
  });

  test.each(common)("%j is refused, also for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("GUESS_TOO_GENERIC");
  });

  test.each(knownNames)("%j, a name of the pool, is judged for %i: %s", async (guess, id, is) => {
    expect(await verdict(t, id, guess)).toBe(is);
  });

  test("the refusal is the same whatever anime is dealt: it tells nothing", async () => {
    for (const guess of ["punch", "another world", "Brotherhood", "that", "season 2"]) {
      const verdicts = new Set<string>();
      for (const { id } of judgeFixture.anime) verdicts.add(await verdict(t, id, guess));
      expect([guess, ...verdicts]).toEqual([guess, "GUESS_TOO_GENERIC"]);
    }
  });

  test("a typo of a common word in a title is no way round the rule", async () => {
    expect(await verdict(t, FMAB, "brothrhood")).toBe("wrong");
    expect(await verdict(t, FMAB, "Fullmetal Alchemist: Brothrhood")).toBe("correct");
  });
});

test("an everyday word stays refused when it is unique to one title of the pool", async () => {
  const t = newBackend();
  await seedJudgePool(t, [ONE_PUNCH]);
  expect(await verdict(t, ONE_PUNCH, "punch")).toBe("GUESS_TOO_GENERIC");
  expect(await verdict(t, ONE_PUNCH, "One Punch Man")).toBe("correct");
});

test("an everyday word that is a whole title of the pool is judged, not refused", async () => {
  const t = newBackend();
  await seedJudgePool(t, [AOT]);
  expect(await verdict(t, AOT, "erased")).toBe("GUESS_TOO_GENERIC");
  // The refresh brings ERASED: the same text is now a name of the pool.
  await seedJudgePool(t, [ERASED]);
  expect(await verdict(t, AOT, "erased")).toBe("wrong");
  expect(await verdict(t, ERASED, "erased")).toBe("correct");
});

test("a well-known title the pool does not hold is a title that is not this anime: wrong, not 'too general'", async () => {
  const t = newBackend();
  await seedJudgePool(t, [AOT, ONE_PUNCH]);
  expect(await verdict(t, AOT, "Mob Psycho 100")).toBe("wrong");
  expect(await verdict(t, ONE_PUNCH, "mob psycho 100")).toBe("wrong");
  // Common words that are no title stay refused, for free.
  expect(await verdict(t, AOT, "mob psycho")).toBe("GUESS_TOO_GENERIC");
  expect(await verdict(t, AOT, "another world")).toBe("GUESS_TOO_GENERIC");
});

describe("game.guess", () => {
  fakeClockEachTest();

  test("a well-known title beyond the pool is used as a wrong guess", async () => {
    const { view, submit } = await dealtJudgeRound([AOT]);
    const before = await view();
    expect(await submit("Mob Psycho 100")).toMatchObject({ kind: "wrong" });
    const after = await view();
    expect(after.round!.guessesUsed).toBe(before.round!.guessesUsed + 1);
  });

  test.each([
    ["punch", ONE_PUNCH, SAO],
    ["online", SAO, ONE_PUNCH],
    ["world", REZERO, KONOSUBA],
    ["family", SPYFAMILY, FAMILY_NEXT_DOOR],
    ["hero", MHA, LV1],
  ])("%j is refused whether %i or %i is dealt, and costs nothing", async (word, id, other) => {
    const { view, submit } = await dealtJudgeRound([id, other]);
    const before = await view();
    expect(await submit(word)).toEqual({ kind: "refused", code: "GUESS_TOO_GENERIC" });
    const after = await view();
    expect(after.dailyRemaining).toBe(before.dailyRemaining);
    expect(after.round!.guessesUsed).toBe(before.round!.guessesUsed);
    expect(after.round!.status).toBe("playing");
  });
});
