/** What players type besides a title: an acronym ("SAO"), or a name with an instalment ("one piece film red"). */
import { beforeAll, describe, expect, test } from "vitest";
import { titleAcronyms } from "../../model/judge/acronyms";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { seedJudgePool, SHOW, verdict } from "../../../testing/fixtures/judgePool";

const {
  AOT,
  AOT_FINAL,
  DEATH_NOTE,
  FMAB,
  ONE_PUNCH,
  HXH,
  NARUTO,
  SHIPPUDEN,
  MHA,
  MHA2,
  MUGEN_TRAIN,
  DEMON_SLAYER,
  NGNL,
  JJK,
  SAO,
  ONE_PIECE,
  FILM_RED,
  TPN,
  KIMI_NO_MACHI,
  KURO_NEKO,
} = SHOW;

describe("acronyms, over a pool of real titles", () => {
  let t: TestConvex;
  beforeAll(async () => {
    t = newBackend();
    await seedJudgePool(t);
  });

  test.each([
    ["SAO", SAO],
    ["sao", SAO],
    ["S.A.O.", SAO],
    ["AoT", AOT],
    ["aot", AOT_FINAL],
    ["SnK", AOT],
    ["MHA", MHA],
    ["BnHA", MHA],
    ["bnha", MHA2],
    ["HxH", HXH],
    ["H x H", HXH],
    ["NGNL", NGNL],
    ["TPN", TPN],
    ["KnY", DEMON_SLAYER],
    ["kny", MUGEN_TRAIN],
    ["OPM", ONE_PUNCH],
    ["FMA:B", FMAB],
    ["FMA", FMAB],
  ])("%j scores for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("correct");
  });

  test.each([
    // Another show's.
    ["SAO", AOT],
    ["MHA", NGNL],
    ["TPN", SAO],
    // Two letters name too many shows.
    ["DN", DEATH_NOTE],
    ["JK", JJK],
    ["DS", DEMON_SLAYER],
    // "KNM": Kimi no Machi and Kuroi Neko Monogatari, two franchises.
    ["KNM", KIMI_NO_MACHI],
    ["knm", KURO_NEKO],
  ])("%j does not score for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).not.toBe("correct");
  });
});

test("an acronym scores while one franchise has it, and no longer once a second one does", async () => {
  const t = newBackend();
  await seedJudgePool(t, [KIMI_NO_MACHI]);
  expect(await verdict(t, KIMI_NO_MACHI, "KNM")).toBe("correct");
  await seedJudgePool(t, [KURO_NEKO]);
  expect(await verdict(t, KIMI_NO_MACHI, "KNM")).toBe("wrong");
  expect(await verdict(t, KURO_NEKO, "KNM")).toBe("wrong");
});

test("the acronyms of a title: initials with and without particles, a coined compound split", () => {
  const of = (english: string, romaji: string | null = null) =>
    titleAcronyms({ title: { english, romaji } });
  expect(of("Fullmetal Alchemist: Brotherhood")).toEqual(
    expect.arrayContaining(["fmab", "fab", "fma"]),
  );
  expect(of("My Hero Academia", "Boku no Hero Academia")).toEqual(
    expect.arrayContaining(["mha", "bnha", "bha"]),
  );
  expect(of("Chainsaw Man")).toContain("csm");
  expect(of("Attack on Titan Season 2")).toContain("aot");
  expect(of("JUJUTSU KAISEN")).toEqual([]);
  expect(of("Death Note")).toEqual([]);
  expect(of("進撃の巨人")).toEqual([]);
});

describe("a name with an instalment's subtitle", () => {
  let t: TestConvex;
  beforeAll(async () => {
    t = newBackend();
    await seedJudgePool(t);
  });

  test.each([
    ["one piece film red", ONE_PIECE],
    ["ONE PIECE FILM RED", ONE_PIECE],
    ["one piece film red", FILM_RED],
    ["one piece", FILM_RED],
    ["one piece movie stampede", ONE_PIECE],
    ["naruto shippuden", NARUTO],
    ["demon slayer mugen train", DEMON_SLAYER],
    ["demon slayer mugen train", MUGEN_TRAIN],
    ["kimetsu no yaiba the movie mugen train", DEMON_SLAYER],
    ["Shingeki no Kyojin the final season", AOT],
  ])("%j scores for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("correct");
  });

  test.each([
    ["one piece film red", NARUTO, "wrong"],
    ["one piece naruto", ONE_PIECE, "wrong"],
    ["naruto one piece", ONE_PIECE, "wrong"],
    ["one piece film red naruto bleach death note", ONE_PIECE, "wrong"],
    ["one piece film red, naruto, bleach", ONE_PIECE, "GUESS_IS_A_LIST"],
    ["one piece, naruto", ONE_PIECE, "GUESS_IS_A_LIST"],
    ["naruto shippuden", SHIPPUDEN, "correct"],
    ["shippuden naruto", NARUTO, "wrong"],
    ["attack on titan death note", AOT, "wrong"],
    ["film red", ONE_PIECE, "GUESS_TOO_GENERIC"],
  ])("%j for %i: %s (lists and pastes stay refused)", async (guess, id, is) => {
    expect(await verdict(t, id, guess)).toBe(is);
  });
});

test("without the film in the pool, the show's name, a format word and a subtitle still score", async () => {
  const t = newBackend();
  await seedJudgePool(t, [ONE_PIECE, NARUTO]);
  expect(await verdict(t, ONE_PIECE, "one piece film red")).toBe("correct");
  // Refused for no anime: the pool knows "one piece".
  expect(await verdict(t, NARUTO, "one piece film red")).toBe("wrong");
  expect(await verdict(t, NARUTO, "naruto film red")).toBe("correct");
});
