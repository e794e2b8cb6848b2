/**
 * Contested guesses (issue 39, part 4): after a round ends its player may say a refused or wrong
 * guess names the anime; admins see them grouped by anime and accept or dismiss; an accepted
 * name is an alternative title for everyone from then on, across catalogue refreshes.
 */
import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import { utcDay } from "../../model/shared/localTime";
import { judgeGuess } from "../../model/judge/verdict";
import { normalizeTitle } from "../../model/judge/normalize";
import { CONTESTS_PER_DAY } from "../../model/shared/rules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  aniListFixture,
  json,
  refreshAndSettle,
  stubAniList,
  useRefreshClock,
  type Json,
} from "../../../testing/convex/aniList";
import {
  deal,
  guessAs,
  guessWrongAs,
  seedAnime,
  signedInAs,
  signedInPlayers,
  viewOf,
  type Player,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

/** A show AniList knows by its Japanese title only. */
const LIBRARY = { english: "Toshokan Sensou", romaji: "Toshokan Sensou", native: "図書館戦争" };
/** What its fans call it: no name the pool knows, so the judge does not take it. */
const FAN_NAME = "Library Wars";

/** The player's round, played to its end: the fan name, then wrong guesses until none is left. */
async function playToTheEnd(player: Player, extra: string[] = []) {
  await deal(player);
  for (const text of [FAN_NAME, ...extra]) await guessAs(player, text);
  while ((await viewOf(player)).round!.status === "playing") await guessWrongAs(player);
  return (await viewOf(player)).round!;
}

async function contestAs(player: Player, guess: string, roundNumber?: number) {
  const number = roundNumber ?? (await viewOf(player)).round!.number;
  return await player.as.mutation(api.contests.send, { roundNumber: number, guess });
}

async function libraryWorld() {
  const t = newBackend();
  const [animeId] = await seedAnime(t, [LIBRARY]);
  const admin = await signedInAs(t, "admin");
  const players = await signedInPlayers(t, 3);
  return { t, animeId, admin, players };
}

const openList = (admin: Player) => admin.as.query(api.contests.open, {});

describe("a contest", () => {
  fakeClockEachTest();

  test("is refused while the round is in play, and tells nothing", async () => {
    const { players } = await libraryWorld();
    const [ann] = players;
    await deal(ann);
    expect(await guessAs(ann, FAN_NAME)).not.toMatchObject({ kind: "correct" });
    await expectErrorCode(contestAs(ann, FAN_NAME), "CONTEST_ROUND_NOT_ENDED");
  });

  test("is refused for a guess not typed in that round, a right one, or another round", async () => {
    const { t, players } = await libraryWorld();
    const [ann] = players;
    const round = await playToTheEnd(ann);
    expect(round.guesses.map((guess) => guess.text)).toContain(FAN_NAME);
    await expectErrorCode(contestAs(ann, "Library Battles"), "CONTEST_GUESS_NOT_FOUND");
    await expectErrorCode(contestAs(ann, FAN_NAME, round.number + 1), "CONTEST_GUESS_NOT_FOUND");
    // Another player's round is not theirs to contest.
    const [, bob] = players;
    await deal(bob);
    await expectErrorCode(contestAs(bob, FAN_NAME), "CONTEST_ROUND_NOT_ENDED");
    expect(await t.run(async (ctx) => await ctx.db.query("contests").take(10))).toEqual([]);
  });

  test("of a refused or wrong guess, after the round, reaches the admins: counted once per player", async () => {
    const { admin, animeId, players } = await libraryWorld();
    const [ann, bob] = players;
    const round = await playToTheEnd(ann);
    const fan = round.guesses.find((guess) => guess.text === FAN_NAME)!;
    expect(["wrong", "tooGeneric"]).toContain(fan.outcome);
    await contestAs(ann, FAN_NAME);
    // Sent again, in another case and spacing: the same player counts once.
    await contestAs(ann, " library  WARS ");
    await playToTheEnd(bob);
    await contestAs(bob, FAN_NAME);
    expect(await openList(admin)).toEqual([
      {
        animeId,
        title: LIBRARY.english,
        names: [{ contestId: expect.any(String) as unknown, name: FAN_NAME, count: 2 }],
      },
    ]);
  });

  test(`counts at most ${CONTESTS_PER_DAY} a day per player`, async () => {
    const { t, animeId, players } = await libraryWorld();
    const [ann] = players;
    await playToTheEnd(ann);
    // The day's earlier contests, of other names.
    await t.run(async (ctx) => {
      for (let i = 0; i < CONTESTS_PER_DAY; i++) {
        await ctx.db.insert("contestVotes", {
          userId: ann.userId,
          animeId,
          nameKey: `earlier${i}`,
          day: utcDay(Date.now()),
        });
      }
    });
    await expectErrorCode(contestAs(ann, FAN_NAME), "CONTEST_DAILY_LIMIT");
    vi.setSystemTime(Date.now() + 24 * 3_600_000);
    await contestAs(ann, FAN_NAME);
    const contests = await t.run(async (ctx) => await ctx.db.query("contests").take(10));
    expect(contests).toMatchObject([{ name: FAN_NAME, count: 1 }]);
  });
});

describe("the admins", () => {
  fakeClockEachTest();

  test("see the open contests grouped by anime, each name with how many players sent it", async () => {
    const t = newBackend();
    const [first, second] = await seedAnime(t, [
      LIBRARY,
      { english: "Tate no Yuusha no Nariagari", romaji: "Tate no Yuusha no Nariagari" },
    ]);
    const admin = await signedInAs(t, "admin");
    await t.run(async (ctx) => {
      const contest = (animeId: Id<"anime">, name: string, count: number, lastAt: number) =>
        ctx.db.insert("contests", {
          animeId,
          nameKey: normalizeTitle(name),
          name,
          count,
          lastAt,
          status: "open",
        });
      await contest(first, FAN_NAME, 3, 1);
      await contest(second, "Shield Hero", 5, 4);
      await contest(first, "Toshokan Wars", 1, 3);
      await contest(second, "Shield Bro", 1, 2);
    });
    const list = await openList(admin);
    expect(
      list.map(({ title, names }) => ({
        title,
        names: names.map(({ name, count }) => [name, count]),
      })),
    ).toEqual([
      {
        title: "Tate no Yuusha no Nariagari",
        names: [
          ["Shield Hero", 5],
          ["Shield Bro", 1],
        ],
      },
      {
        title: LIBRARY.english,
        names: [
          [FAN_NAME, 3],
          ["Toshokan Wars", 1],
        ],
      },
    ]);
  });

  test("accept a name: another player's next round of that anime scores it", async () => {
    const { admin, players } = await libraryWorld();
    const [ann, bob] = players;
    await playToTheEnd(ann);
    await contestAs(ann, FAN_NAME);
    const [{ names }] = await openList(admin);
    await admin.as.mutation(api.contests.accept, { contestId: names[0].contestId });
    expect(await openList(admin)).toEqual([]);

    await deal(bob);
    expect(await guessAs(bob, FAN_NAME)).toMatchObject({ kind: "correct" });
    // A typo of it is forgiven as of any title.
    const carol = players[2];
    await deal(carol);
    expect(await guessAs(carol, "Libary Wars")).toMatchObject({ kind: "correct" });
    // Answered once: accepting it again finds nothing open.
    await expectErrorCode(
      admin.as.mutation(api.contests.accept, { contestId: names[0].contestId }),
      "CONTEST_NOT_FOUND",
    );
  });

  test("accept a name: the clue of the next round of that anime hides it", async () => {
    const t = newBackend();
    const clue =
      "The Library Wars rage on: armed librarians defend every book the censors want burned, " +
      "and a young recruit joins them.\nGenres: Action";
    await seedAnime(t, [{ ...LIBRARY, clue }]);
    const admin = await signedInAs(t, "admin");
    const [ann, bob] = await signedInPlayers(t, 2);
    await playToTheEnd(ann);
    expect((await viewOf(ann)).round!.clue).toContain(FAN_NAME);
    await contestAs(ann, FAN_NAME);
    const [{ names }] = await openList(admin);
    await admin.as.mutation(api.contests.accept, { contestId: names[0].contestId });
    await deal(bob);
    const dealt = (await viewOf(bob)).round!.clue;
    expect(dealt).not.toContain(FAN_NAME);
    expect(dealt).toContain("armed librarians");
  });

  test("dismiss a name: gone for good, however many send it later", async () => {
    const { t, admin, players } = await libraryWorld();
    const [ann, bob] = players;
    await playToTheEnd(ann);
    await contestAs(ann, FAN_NAME);
    const [{ names }] = await openList(admin);
    await admin.as.mutation(api.contests.dismiss, { contestId: names[0].contestId });
    expect(await openList(admin)).toEqual([]);
    await playToTheEnd(bob);
    await contestAs(bob, FAN_NAME);
    expect(await openList(admin)).toEqual([]);
    expect(await guessAs(bob, FAN_NAME)).not.toMatchObject({ kind: "correct" });
    const anime = await t.run(async (ctx) => await ctx.db.query("anime").first());
    expect(anime!.synonyms).toEqual([]);
  });

  test("alone: players are refused the list, accept and dismiss", async () => {
    const { admin, players } = await libraryWorld();
    const [ann] = players;
    await playToTheEnd(ann);
    await contestAs(ann, FAN_NAME);
    await expectErrorCode(openList(ann), "FORBIDDEN");
    const [{ names }] = await openList(admin);
    const { contestId } = names[0];
    await expectErrorCode(ann.as.mutation(api.contests.accept, { contestId }), "FORBIDDEN");
    await expectErrorCode(ann.as.mutation(api.contests.dismiss, { contestId }), "FORBIDDEN");
    expect(await openList(admin)).toHaveLength(1);
  });
});

type Page = { data: { Page: { media: Json[] } } };
const pages = () => [aniListFixture("page-1") as Page, aniListFixture("page-2") as Page];

async function refresh(t: TestConvex) {
  stubAniList(Object.fromEntries(pages().map((page, i) => [i + 1, [json(page)]])), {
    covers: "ok",
  });
  vi.advanceTimersByTime(24 * 3_600_000);
  await refreshAndSettle(t);
}

describe("an accepted name", () => {
  useRefreshClock();

  test("is kept across a catalogue refresh: still an answer, in the judge's index", async () => {
    const t = newBackend();
    await refresh(t);
    const anilistId = (pages()[0].data.Page.media[0] as { id: number }).id;
    const animeOf = () =>
      t.run(
        async (ctx) =>
          (await ctx.db
            .query("anime")
            .withIndex("by_anilistId", (q) => q.eq("anilistId", anilistId))
            .unique())!,
      );
    const name = "Lantern Wardens Of Elsewhere";
    const scores = () =>
      t.run(async (ctx) => {
        const anime = await ctx.db
          .query("anime")
          .withIndex("by_anilistId", (q) => q.eq("anilistId", anilistId))
          .unique();
        return await judgeGuess(ctx, anime, name);
      });
    expect(await scores()).toBe(false);
    const { _id: animeId } = await animeOf();
    const contestId = await t.run(
      async (ctx) =>
        await ctx.db.insert("contests", {
          animeId,
          nameKey: normalizeTitle(name),
          name,
          count: 1,
          lastAt: Date.now(),
          status: "open",
        }),
    );
    const admin = await signedInAs(t, "admin");
    await admin.as.mutation(api.contests.accept, { contestId });
    expect(await scores()).toBe(true);

    await refresh(t);
    expect((await animeOf()).synonyms).toContain(name);
    expect(await scores()).toBe(true);
  });
});
