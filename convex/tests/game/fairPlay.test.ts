/**
 * The game's rules tried as a cheating player would: harvesting answers with free skips, buying
 * resets by switching time zones, browsing sharp covers, and skipping in a pool of one.
 */
import { describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import type { Id } from "../../_generated/dataModel";
import {
  BLUR_STEPS_PX,
  CHALLENGE_GUESSES,
  GUESSES_PER_ANIME,
  MIN_RESET_GAP_MS,
} from "../../model/shared/rules";
import { playerInGame, type TestConvex } from "../../../testing/convex/backend";
import {
  dealtAnime,
  gameOf,
  guessAs,
  pendingGameJobs,
  guessWrongAs,
  scoreOf,
  seedAnime,
  skipAs,
  syncAs,
  viewOf,
  type TestPlayer,
} from "../../../testing/world";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

const HOUR = 3_600_000;

fakeClockEachTest();

async function dealtTitle(t: TestConvex, player: TestPlayer) {
  return (await dealtAnime(t, player)).title.english!;
}

describe("skipped answers cannot be cashed in", () => {
  // Some 140 deals and 20 guesses, one after the other: on a busy machine, over 30 s.
  test("the harvest: skip through a 120-anime pool collecting the titles, then answer with them: no points", async () => {
    const { t, player } = await playerInGame(120);
    const harvested = new Set<string>();
    const dealt: Id<"anime">[] = [];
    for (let skips = 0; harvested.size < 120; skips++) {
      if (skips > 400) throw new Error("the pool never ran out");
      dealt.push((await gameOf(t, player)).round!.animeId);
      expect(await skipAs(player)).toEqual({ kind: "dealt" });
      harvested.add((await viewOf(player)).skippedAnswer!.english!);
    }
    // Unseen anime come first: while most of the pool is unseen, no deal repeats.
    expect(new Set(dealt.slice(0, 90)).size).toBe(90);

    let outcomes = 0;
    for (let round = 0; round < CHALLENGE_GUESSES; round++) {
      const title = await dealtTitle(t, player);
      expect(harvested).toContain(title);
      // The screen says so before the guess.
      expect((await viewOf(player)).round!.seenBefore).toBe(true);
      expect(await guessAs(player, title)).toEqual({ kind: "correct", points: 0 });
      expect((await viewOf(player)).round).toMatchObject({ status: "solved", pointsEarned: 0 });
      outcomes++;
      if (round < CHALLENGE_GUESSES - 1) await skipAs(player);
    }
    expect(outcomes).toBe(CHALLENGE_GUESSES);
    expect(await scoreOf(t, player)).toBe(0);
  }, 90_000);

  test("solved and out-of-guesses anime are seen too; a fresh one still scores", async () => {
    // A pool seen through asks the catalogue for more, which cannot reach AniList here and says so.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { t, player } = await playerInGame(2);
    expect(await guessAs(player, await dealtTitle(t, player))).toMatchObject({ points: 150 });
    await skipAs(player);
    for (let i = 0; i < 5; i++) await guessWrongAs(player);
    vi.advanceTimersByTime(1000);
    await skipAs(player); // both seen now: the one solved longest ago comes back, worth nothing
    expect((await viewOf(player)).round!.seenBefore).toBe(true);
    expect(await guessAs(player, await dealtTitle(t, player))).toEqual({
      kind: "correct",
      points: 0,
    });
    await seedAnime(t, 1);
    await skipAs(player);
    expect((await viewOf(player)).round!.seenBefore).toBe(false);
    expect(await guessAs(player, await dealtTitle(t, player))).toMatchObject({ points: 150 });
    expect(await scoreOf(t, player)).toBe(300);
  });

  test("an anime reset away at midnight is seen", async () => {
    vi.setSystemTime(new Date("2026-11-21T23:00:00Z"));
    const { t, player } = await playerInGame(2);
    const before = await dealtTitle(t, player);
    await guessWrongAs(player);
    vi.advanceTimersByTime(HOUR);
    await syncAs(player); // the open page, at midnight
    expect((await viewOf(player)).skippedAnswer?.english).toBe(before);
    await skipAs(player); // back to the one reset away
    expect(await dealtTitle(t, player)).toBe(before);
    expect(await guessAs(player, before)).toEqual({ kind: "correct", points: 0 });
  });
});

describe("one reset per day, whatever the clock says", () => {
  const zones = Intl.supportedValuesOf("timeZone");

  /** The zone whose next midnight comes soonest: the attacker's pick at every moment. */
  function zoneWithNextMidnight(now: number): string {
    let best = zones[0];
    let soonest = Infinity;
    for (const zone of zones) {
      const hour = Number(
        new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" })
          .formatToParts(now)
          .find((p) => p.type === "hour")!.value,
      );
      const untilMidnight = (24 - hour) % 24 || 24;
      if (untilMidnight < soonest) [best, soonest] = [zone, untilMidnight];
    }
    return best;
  }

  test("switching to whichever zone's midnight comes next, every 15 minutes for two days: a reset at most once in 20 hours, and still once a day", async () => {
    const { t, player } = await playerInGame(200);
    const resets: number[] = [];
    let lastReset = (await gameOf(t, player)).lastReset;
    const end = Date.now() + 48 * HOUR;
    while (Date.now() < end) {
      await player.as.mutation(api.game.start, { timeZone: zoneWithNextMidnight(Date.now()) });
      const outcome = await guessWrongAs(player);
      if (outcome.kind === "outOfGuesses" || outcome.kind === "roundOver") await skipAs(player);
      vi.advanceTimersByTime(15 * 60_000);
      // The page, open all along, asks for whatever its view says is due (and an early ask too).
      await syncAs(player);
      const now = (await gameOf(t, player)).lastReset;
      if (now !== lastReset) resets.push((lastReset = now));
    }
    const gaps = resets.slice(1).map((at, i) => at - resets[i]);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(MIN_RESET_GAP_MS);
    expect(resets.length).toBeGreaterThanOrEqual(2); // the day still resets
    expect(resets.length).toBeLessThanOrEqual(3);
    expect(await pendingGameJobs(t)).toBe(0);
  }, 120_000); // 192 visits, guesses and skips: seconds alone, longer on a machine under load

  test("40 zone changes schedule nothing and bring no reset nearer than before", async () => {
    const { t, player } = await playerInGame(5);
    const { nextResetAt } = await viewOf(player);
    for (const zone of zones.slice(0, 40)) {
      await player.as.mutation(api.game.start, { timeZone: zone });
      await guessWrongAs(player);
      if ((await viewOf(player)).round!.status !== "playing") await skipAs(player);
    }
    expect(await pendingGameJobs(t)).toBe(0);
    expect((await viewOf(player)).nextResetAt).toBe(nextResetAt);
  });

  test("repeated and raced attempts during a cooldown, across a midnight: one cooldown, no job", async () => {
    vi.setSystemTime(new Date("2026-11-21T23:50:00Z"));
    const { t, player } = await playerInGame(20);
    for (let spent = 0; spent < CHALLENGE_GUESSES; spent++) {
      const outcome = await guessWrongAs(player);
      if (outcome.kind === "outOfGuesses") await skipAs(player);
    }
    const { round, cooldownEnd } = await viewOf(player);
    expect(cooldownEnd).not.toBeNull();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? player.as.mutation(api.game.next, { roundNumber: round!.number })
          : player.as.mutation(api.game.guess, {
              roundNumber: round!.number,
              attempt: round!.guessesUsed,
              guess: WRONG_GUESS,
            }),
      ),
    );
    // The cooldown the last guess started, not restarted by any of them.
    expect((await viewOf(player)).cooldownEnd).toBe(cooldownEnd);
    expect(await pendingGameJobs(t)).toBe(0);
    // Midnight ends the cooldown early; spending the new day at once starts another.
    vi.advanceTimersByTime(10 * 60_000);
    await syncAs(player);
    expect((await viewOf(player)).dailyRemaining).toBe(CHALLENGE_GUESSES);
    for (let spent = 0; spent < CHALLENGE_GUESSES; spent++) {
      const outcome = await guessWrongAs(player);
      if (outcome.kind === "outOfGuesses") await skipAs(player);
    }
    expect((await skipAs(player)).kind).toBe("cooldown");
    expect(await pendingGameJobs(t)).toBe(0);
  });
});

describe("a fresh cover starts at 12 px", () => {
  test.each([3, 1])(
    "a new anime dealt with %i daily guesses left shows at 12 px, then follows its own guesses",
    async (left) => {
      const { t, player } = await playerInGame(5);
      await t.run(async (ctx) => {
        const found = await ctx.db.query("games").first();
        await ctx.db.patch("games", found!._id, { dailyRemaining: left });
      });
      await skipAs(player);
      // Step 0 of the cover's images is BLUR_STEPS_PX[0], 12 px.
      expect((await viewOf(player)).round).toMatchObject({ guessesUsed: 0 });
      expect((await viewOf(player)).round!.coverPath).toMatch(/\/0$/);
      expect(BLUR_STEPS_PX[0]).toBe(12);
      await guessWrongAs(player);
      // Then step 1, also when that guess was the day's last: the anime stays in play.
      expect((await viewOf(player)).round!.coverPath).toMatch(/\/1$/);
    },
  );
});

describe("Skip with a tiny pool", () => {
  test("a pool of one: Skip deals nothing, reveals nothing and says why", async () => {
    const { t, player } = await playerInGame(1);
    const before = await viewOf(player);
    expect(await skipAs(player)).toEqual({ kind: "nothingElse" });
    expect(await viewOf(player)).toEqual(before);
    expect(before.skippedAnswer).toBeNull();
    for (let i = 0; i < 5; i++) await guessWrongAs(player);
    expect(await skipAs(player)).toEqual({ kind: "nothingElse" });
    expect((await viewOf(player)).round).toMatchObject({ number: 1, status: "outOfGuesses" });
    await seedAnime(t, 1);
    expect(await skipAs(player)).toEqual({ kind: "dealt" });
  });

  test("a pool of two: Skip never re-deals the anime it revealed, nor names the one on screen", async () => {
    const { t, player } = await playerInGame(2);
    for (let i = 0; i < 6; i++) {
      const shown = await dealtTitle(t, player);
      vi.advanceTimersByTime(1000);
      expect(await skipAs(player)).toEqual({ kind: "dealt" });
      const now = await dealtTitle(t, player);
      expect(now).not.toBe(shown);
      expect((await viewOf(player)).skippedAnswer!.english).toBe(shown);
    }
  });

  test("a reset with nothing else in the pool keeps the round in play, unrevealed", async () => {
    vi.setSystemTime(new Date("2026-11-21T23:00:00Z"));
    const { player } = await playerInGame(1);
    await guessWrongAs(player);
    await guessWrongAs(player);
    vi.advanceTimersByTime(HOUR);
    await syncAs(player);
    expect(await viewOf(player)).toMatchObject({
      dailyRemaining: CHALLENGE_GUESSES,
      animeRemaining: GUESSES_PER_ANIME, // the allowance resets to 20 and 5
      skippedAnswer: null,
      round: { number: 1, status: "playing", guessesUsed: 2, answer: null },
    });
  });
});
