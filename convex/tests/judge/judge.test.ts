import { beforeEach, describe, expect, onTestFinished, test, vi } from "vitest";
import type { Doc } from "../../_generated/dataModel";
import { storePage } from "../../model/catalogue/refresh";
import { MAX_GUESS_LENGTH } from "../../model/shared/rules";
import { replaceAnime } from "../../model/judge/titleIndex";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  fixtureAnimeFields,
  judgeFixture,
  seedJudgePool,
  SHOW,
  verdict,
  type FixtureAnime,
  dealtJudgeRound,
} from "../../../testing/fixtures/judgePool";
import { insertRefresh } from "../../../testing/fixtures/refreshes";
import { fakeClockEachTest } from "../../../testing/world/clock";

const {
  AOT,
  AOT_FINAL,
  DEATH_NOTE,
  FMAB,
  ONE_PUNCH,
  STEINS,
  HXH,
  NARUTO,
  SHIPPUDEN,
  BLEACH,
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
  CODE_GEASS,
  SILENT_VOICE,
  VIOLET,
  KAGUYA,
  JJK,
} = SHOW;

const LIST =
  "Attack on Titan, Death Note, Fullmetal Alchemist, One Punch Man, Steins;Gate, Hunter x Hunter, Naruto, Bleach";

const shouldScore: [string, number][] = [
  ["Attack on Titan", AOT],
  ["attack on titan", AOT],
  ["Shingeki no Kyojin", AOT],
  ["shingeki no kyoujin", AOT],
  ["進撃の巨人", AOT],
  ["titan", AOT],
  ["titans", AOT],
  ["Titans", AOT_FINAL],
  ["Attack on Titan season 2", AOT],
  ["attack on titan the final season", AOT],
  ["attak on titan", AOT],
  ["titan", AOT_FINAL],
  ["Attack on Titan", AOT_FINAL],
  ["Death Note", DEATH_NOTE],
  ["DEATHNOTE", DEATH_NOTE],
  ["deth note", DEATH_NOTE],
  ["Fullmetal Alchemist", FMAB],
  ["Fullmetal Alchemist: Brotherhood", FMAB],
  ["Hagane no Renkinjutsushi", FMAB],
  ["FMAB", FMAB],
  ["alchemist", FMAB],
  ["One Punch Man", ONE_PUNCH],
  ["onepunchman", ONE_PUNCH],
  ["Steins;Gate", STEINS],
  ["steins gate", STEINS],
  ["Hunter x Hunter", HXH],
  ["Naruto", NARUTO],
  ["Naruto Shippuden", SHIPPUDEN],
  ["Shippuden", SHIPPUDEN],
  ["Bleach", BLEACH],
  ["Re:ZERO", REZERO],
  ["re zero", REZERO],
  ["Starting Life in Another World", REZERO],
  ["Re:Zero kara Hajimeru Isekai Seikatsu", REZERO],
  ["SPY×FAMILY", SPYFAMILY],
  ["spy x family", SPYFAMILY],
  ["My Hero Academia", MHA],
  ["Boku no Hero Academia", MHA],
  ["academia", MHA2],
  ["Your Lie in April", LIE_IN_APRIL],
  ["Shigatsu wa Kimi no Uso", LIE_IN_APRIL],
  ["shigatsu", LIE_IN_APRIL],
  ["Your Name", YOUR_NAME],
  ["Kimi no Na wa", YOUR_NAME],
  ["Mugen Train", MUGEN_TRAIN],
  ["Demon Slayer", MUGEN_TRAIN],
  ["Kimetsu no Yaiba", MUGEN_TRAIN],
  ["slayer", MUGEN_TRAIN],
  ["No Game, No Life", NGNL],
  ["no game no life", NGNL],
  ["Liar, Liar", LIAR],
  ["KONOSUBA", KONOSUBA],
  ["subarashii", KONOSUBA],
  ["Code Geass", CODE_GEASS],
  ["Lelouch of the Rebellion", CODE_GEASS],
  ["A Silent Voice", SILENT_VOICE],
  ["Koe no Katachi", SILENT_VOICE],
  ["evergarden", VIOLET],
  ["Kaguya-sama", KAGUYA],
  ["Love is War", KAGUYA],
  ["Jujutsu Kaisen season 2", JJK],
];

const shouldNotScore: [string, number][] = [
  // A rare word other shows of the pool hold too.
  ["kimi no", LIE_IN_APRIL],
  ["kimi", YOUR_NAME],
  ["kimi", LIE_IN_APRIL],
  ["boku", MHA],
  // Another show, or more than one title.
  ["Bleach", NARUTO],
  ["Death Note", BLEACH],
  ["Attack on Titan", DEATH_NOTE],
  ["titan", DEATH_NOTE],
  ["Your Name", LIE_IN_APRIL],
  ["Kimi no Na wa", LIE_IN_APRIL],
  ["Demon Slayer", LV1],
  ["fullmetal", DEATH_NOTE],
  ["Code Geass", VIOLET],
  ["lelouch", KAGUYA],
  ["evergarden", CODE_GEASS],
  ["Shippuden", BLEACH],
  ["Attack on Titan Death Note", AOT],
  ["Attack on Titan Death Note", DEATH_NOTE],
  ["Attack on Titan, xyz", AOT],
  ["Death Note Naruto", DEATH_NOTE],
  ["naruto naruto naruto", NARUTO],
  ["attack on titan steins gate naruto bleach", AOT],
  ["titan naruto", AOT],
  // A rare word of the show with another word of no title.
  ["titan xyz", AOT],
  ["alchemist zorblat", FMAB],
  // Too many typos.
  ["dth nt", DEATH_NOTE],
  ["nraut", NARUTO],
  ["shingek no kyjn", AOT],
  ["evrgardn", VIOLET],
  ["bleeech", BLEACH],
  ["geas", CODE_GEASS],
  ["steinz gat", STEINS],
  ["hunter x hunterr xx", HXH],
  ["jujutsu kasein 2", JJK],
  ["spy familyy x", SPYFAMILY],
  ["ngnl", KONOSUBA],
  ["mha", NGNL],
  ["aot", MHA2],
  ["opm", AOT],
  ["mugen trian", AOT],
];

const lists: [string, number][] = [
  [LIST, AOT],
  [LIST, DEATH_NOTE],
  [LIST, NARUTO],
  [LIST, BLEACH],
  [LIST, STEINS],
  ["Death Note / Naruto", NARUTO],
  ["Naruto or Bleach", BLEACH],
  ["Bleach\nNaruto", BLEACH],
  ["Steins;Gate; Liar, Liar", STEINS],
  ["a, b, c, d, e", AOT],
];

describe("the judge, over a pool of real titles", () => {
  let t: TestConvex;
  beforeEach(async () => {
    t = newBackend();
    await seedJudgePool(t);
  });

  test("has at least 40 cases of each kind over at least 15 titles", () => {
    expect(shouldScore.length).toBeGreaterThanOrEqual(40);
    expect(shouldNotScore.length).toBeGreaterThanOrEqual(40);
    const titles = new Set([...shouldScore, ...shouldNotScore].map(([, id]) => id));
    expect(titles.size).toBeGreaterThanOrEqual(15);
  });

  test.each(shouldScore)("%j scores for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("correct");
  });

  test.each(shouldNotScore)("%j does not score for %i", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("wrong");
  });

  test.each(lists)("%j is refused as a list, whatever is dealt (%i)", async (guess, id) => {
    expect(await verdict(t, id, guess)).toBe("GUESS_IS_A_LIST");
  });

  // The examples How to Play gives (src/features/landing/HowToPlayDialog.tsx).
  test.each([
    ["Lelouch of the Rebellion", CODE_GEASS, "correct"],
    ["One Piece Film Red", SHOW.ONE_PIECE, "correct"],
    ["titan", AOT, "correct"],
    ["SAO", SHOW.SAO, "correct"],
    ["FMAB", FMAB, "correct"],
    ["punch", ONE_PUNCH, "GUESS_TOO_GENERIC"],
    ["hero", MHA, "GUESS_TOO_GENERIC"],
    ["another world", REZERO, "GUESS_TOO_GENERIC"],
    ["season 2", AOT, "GUESS_TOO_GENERIC"],
    ["kimi", YOUR_NAME, "wrong"],
  ])("How to Play's example %j for %i: %s", async (guess, id, is) => {
    expect(await verdict(t, id, guess)).toBe(is);
  });

  test("a list is refused the same for every anime: the refusal tells nothing", async () => {
    const verdicts = new Set<string>();
    for (const { id } of judgeFixture.anime)
      verdicts.add(await verdict(t, id, "Death Note, Naruto"));
    expect([...verdicts]).toEqual(["GUESS_IS_A_LIST"]);
  });
});

test("a pool seeded without its title index scores full titles and never a part", async () => {
  const t = newBackend();
  await t.run(async (ctx) => {
    for (const anime of judgeFixture.anime) await ctx.db.insert("anime", fixtureAnimeFields(anime));
  });
  expect(await verdict(t, AOT, "Attack on Titan")).toBe("correct");
  expect(await verdict(t, AOT, "titan")).toBe("wrong");
});

test("a catalogue change of titles moves the index with it", async () => {
  const t = newBackend();
  await seedJudgePool(t, [AOT, DEATH_NOTE]);
  expect(await verdict(t, AOT, "titan")).toBe("correct");
  await seedJudgePool(t, [990001]);
  await t.run(async (ctx) => {
    const note = (await ctx.db
      .query("anime")
      .withIndex("by_anilistId", (q) => q.eq("anilistId", DEATH_NOTE))
      .unique()) as Doc<"anime">;
    const { _id, _creationTime: _, ...fields } = note;
    await replaceAnime(ctx, note, {
      ...fields,
      title: { english: "Titan Note", romaji: null, native: null },
    });
  });
  expect(await verdict(t, AOT, "titan")).toBe("wrong");
});

describe("attacks on game.guess", () => {
  fakeClockEachTest();

  test("a list of every show is refused and the guess is not used", async () => {
    const { view, submit } = await dealtJudgeRound([
      AOT,
      DEATH_NOTE,
      FMAB,
      ONE_PUNCH,
      STEINS,
      HXH,
      NARUTO,
      BLEACH,
    ]);
    const before = await view();
    expect(await submit(LIST)).toEqual({ kind: "refused", code: "GUESS_IS_A_LIST" });
    const after = await view();
    expect(after.dailyRemaining).toBe(before.dailyRemaining);
    expect(after.round!.guessesUsed).toBe(before.round!.guessesUsed);
  });

  test("a 1 MB paste starting with the right title is refused, not cut, and not used", async () => {
    const { t, view, submit } = await dealtJudgeRound([AOT]);
    const before = await view();
    const paste = `Attack on Titan ${"x".repeat(1_000_000)}`;
    await expectErrorCode(submit(paste), "GUESS_TOO_LONG");
    await expectErrorCode(
      submit(`Attack on Titan${" ".repeat(MAX_GUESS_LENGTH)}!`),
      "GUESS_TOO_LONG",
    );
    const after = await view();
    expect(after.dailyRemaining).toBe(before.dailyRemaining);
    expect(after.round!.guessesUsed).toBe(0);
    const score = await t.run(async (ctx) => (await ctx.db.query("users").first())!.score ?? 0);
    expect(score).toBe(0);
    expect(await submit("Attack on Titan")).toMatchObject({ kind: "correct" });
  });
});

test("the catalogue's upsert writes the title index, and a changed title moves it", async () => {
  const t = newBackend();
  const item = (anime: FixtureAnime) => {
    const { randomRank: _r, updatedAt: _u, ...fields } = fixtureAnimeFields(anime);
    return fields;
  };
  const [aot, deathNote] = [AOT, DEATH_NOTE].map((id) =>
    judgeFixture.anime.find((a) => a.id === id)!,
  );
  // storePage starts the cover workers; held by fake timers, they never run (no AniList here).
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  onTestFinished(() => void vi.useRealTimers());
  const store = async (items: ReturnType<typeof item>[]) =>
    await t.run(async (ctx) => {
      const refreshId = await insertRefresh(ctx);
      await storePage(ctx, { refreshId, page: 1, items, invalidCount: 0, hasNextPage: false });
    });
  await store([item(aot), item(deathNote)]);
  expect(await verdict(t, AOT, "titan")).toBe("correct");
  // The refresh renames Death Note into something with "titan": "titan" is no longer distinctive.
  await store([
    { ...item(deathNote), title: { english: "Titan Note", romaji: null, native: null } },
  ]);
  expect(await verdict(t, AOT, "titan")).toBe("wrong");
  expect(await verdict(t, DEATH_NOTE, "Titan Note")).toBe("correct");
});
