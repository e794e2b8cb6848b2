/**
 * The Daily's secrecy: no public function shows a Daily anime before its day, nor one a player
 * has not finished; the Challenge and rooms never deal today's or tomorrow's Daily anime.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Doc } from "../../_generated/dataModel";
import { BLUR_STEPS_PX, DAILY_ANIME_COUNT, ROOM_HEARTBEAT_MS } from "../../model/shared/rules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  dailyAnime,
  dailyViewAs,
  deal,
  dealtAnime,
  guessAs,
  guessDailyAs,
  guessWrongAs,
  openDailyAs,
  playDailyAs,
  seedAnime,
  signedInAs,
  signedInPlayers,
  skipAs,
  todaysNumber,
  viewOf,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";
import { expectNoneOf } from "../../../testing/convex/secrets";

type Player = Awaited<ReturnType<typeof signedInAs>>;

fakeClockEachTest();

const ZONES = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"];

/** Plays the player's Challenge through `rounds` deals in `timeZone`, collecting every screen. */
async function playMainGame(t: TestConvex, player: Player, timeZone: string, rounds: number) {
  const seen: unknown[] = [await player.as.mutation(api.game.open, { timeZone })];
  const dealt: Doc<"anime">[] = [];
  for (let i = 0; i < rounds; i++) {
    const anime = await dealtAnime(t, player);
    dealt.push(anime);
    seen.push(await guessWrongAs(player));
    if (i % 2 === 0) seen.push(await guessAs(player, anime.title.english!));
    seen.push(await viewOf(player), await skipAs(player), await viewOf(player));
  }
  return { seen, dealt };
}

/** A room's whole game as its members see it (views at every second), and the anime it dealt. */
async function playRoom(t: TestConvex, host: Player, guests: Player[]) {
  const { code } = await host.as.mutation(api.rooms.create, {});
  for (const guest of guests) await guest.as.mutation(api.rooms.join, { code });
  await host.as.mutation(api.rooms.configure, { code, rounds: 5, seconds: 30 });
  await host.as.mutation(api.rooms.start, { code });
  const seen: unknown[] = [];
  const dealt = new Set<string>();
  for (let second = 0; second < 5 * 40; second++) {
    vi.advanceTimersByTime(1_000);
    await t.finishInProgressScheduledFunctions();
    for (const member of [host, ...guests]) {
      if (Date.now() % ROOM_HEARTBEAT_MS < 1_000) {
        await member.as.mutation(api.rooms.heartbeat, { code });
      }
      seen.push(await member.as.query(api.rooms.view, { code }));
    }
    const rounds = await t.run(async (ctx) => await ctx.db.query("roomRounds").take(50));
    for (const round of rounds) dealt.add(round.animeId);
  }
  return { seen, dealt, code };
}

describe("no public function shows a Daily anime before its time", () => {
  test("tomorrow's and unplayed anime, through the game, rooms, the Daily and every zone", async () => {
    const t = newBackend();
    await seedAnime(t, 24);
    const [ann, ben, cy] = await signedInPlayers(t, 3);
    // Ann has finished the first anime; Ben is guessing it.
    await playDailyAs(t, ann, [2]);
    await openDailyAs(ben);
    await guessDailyAs(ben, "Mecha Tsundere 7");
    const today = await dailyAnime(t);
    const tomorrow = await dailyAnime(t, todaysNumber() + 1);
    expect(today).toHaveLength(5);
    expect(tomorrow).toHaveLength(5);
    const secret = [...today.slice(1), ...tomorrow];

    const seen: unknown[] = [];
    for (const zone of ZONES) {
      for (const player of [ann, ben, cy]) {
        seen.push(await player.as.mutation(api.game.start, { timeZone: zone }));
        seen.push(...(await playMainGame(t, player, zone, 3)).seen);
      }
    }
    for (const player of [ann, ben, cy]) {
      seen.push(await player.as.mutation(api.daily.open, {}));
      seen.push(await dailyViewAs(player), await dailyViewAs(player, todaysNumber() + 1));
      seen.push(await player.as.query(api.stats.mine, { at: Date.now() }));
      for (let index = 0; index < 5; index++) {
        for (const number of [todaysNumber(), todaysNumber() + 1]) {
          seen.push(await player.as.query(api.daily.results, { number, index }));
        }
      }
    }
    seen.push(...(await playRoom(t, ann, [ben, cy])).seen);
    expectNoneOf(secret, seen);
    // Ben, still guessing, has not been shown the first one either.
    const benSaw = [
      await dailyViewAs(ben),
      await ben.as.query(api.daily.results, { number: todaysNumber(), index: 0 }),
    ];
    expectNoneOf([today[0]], benSaw);
    // Ann has: her round ended.
    expect(JSON.stringify(await dailyViewAs(ann))).toContain(`"${today[0].title.english}"`);
  });

  test("the typeahead treats Daily anime like any other (it lists the pool, singling none out)", async () => {
    const t = newBackend();
    await seedAnime(t, 12);
    const [ann] = await signedInPlayers(t, 1);
    const before = await ann.as.query(api.titles.suggest, { text: "Show" });
    await openDailyAs(ann);
    expect(await ann.as.query(api.titles.suggest, { text: "Show" })).toEqual(before);
  });

  test("a Daily round's cover: its steps as guessed, the clear one only once it has ended", async () => {
    const t = newBackend();
    await seedAnime(t, 12);
    const [ann] = await signedInPlayers(t, 1);
    await openDailyAs(ann);
    const token = await t.run(
      async (ctx) => (await ctx.db.query("dailyRounds").first())!.coverToken,
    );
    const cover = (step: string) => t.query(internal.covers.forToken, { token, step });
    expect(await cover("0")).not.toBeNull();
    expect(await cover("1")).toBeNull();
    expect(await cover("clear")).toBeNull();
    await guessDailyAs(ann, "Mecha Tsundere 8");
    expect(await cover("1")).not.toBeNull();
    expect(await cover("2")).toBeNull();
    await ann.as.mutation(api.daily.giveUp, { number: todaysNumber(), index: 0 });
    expect(await cover("clear")).not.toBeNull();
    expect(await cover(String(BLUR_STEPS_PX.length - 1))).not.toBeNull();
  });

  test("a second account cannot get the answer from the first before its own round ends", async () => {
    const t = newBackend();
    await seedAnime(t, 20);
    const [first, second] = await signedInPlayers(t, 2);
    const finished = (await playDailyAs(t, first, [1, "giveUp"]))!;
    const today = await dailyAnime(t);
    expect(finished.rounds.map((round) => round.answer?.english)).toEqual(
      today.slice(0, 2).map((anime) => anime.title.english),
    );
    const opened = await openDailyAs(second);
    expect(opened!.rounds).toEqual([
      expect.objectContaining({ index: 0, status: "playing", answer: null }),
    ]);
    // Its own cover address: the first account's (which would show the clear cover) is not it.
    expect(opened!.rounds[0].coverPath).not.toBe(
      finished.rounds[0].coverPath.replace("clear", "0"),
    );
    const seen = [
      opened,
      await dailyViewAs(second),
      await second.as.query(api.daily.results, { number: todaysNumber(), index: 0 }),
      await second.as.mutation(api.daily.next, { number: todaysNumber(), index: 0 }),
      await second.as.mutation(api.daily.guess, {
        number: todaysNumber(),
        index: 1,
        attempt: 0,
        guess: "Show 2",
      }),
    ];
    expectNoneOf(today, seen);
  });
});

describe("the Challenge and rooms never deal a Daily anime of today or tomorrow", () => {
  test("solo deals, in any zone, pass over them; a pool of Daily anime only deals nothing", async () => {
    const t = newBackend();
    // Enough for tomorrow's Daily to be chosen a day early (DAILY_TOMORROW_MIN_POOL).
    await seedAnime(t, 15);
    const [ann, ben] = await signedInPlayers(t, 2);
    await openDailyAs(ann);
    const daily = new Set(
      [...(await dailyAnime(t)), ...(await dailyAnime(t, todaysNumber() + 1))].map((a) => a._id),
    );
    expect(daily.size).toBe(10);
    for (const [i, zone] of ZONES.entries()) {
      const { dealt } = await playMainGame(t, i % 2 === 0 ? ann : ben, zone, 6);
      for (const anime of dealt) expect(daily.has(anime._id)).toBe(false);
    }
    // A pool holding nothing but Daily anime deals no round, and says so.
    const small = newBackend();
    await seedAnime(small, DAILY_ANIME_COUNT);
    const [cy] = await signedInPlayers(small, 1);
    await openDailyAs(cy);
    expect(await deal(cy)).toEqual({ hasRound: false });
    expect((await viewOf(cy)).round).toBeNull();
    expect(await cy.as.query(api.daily.poolHeld, { number: todaysNumber() })).toEqual({
      ready: DAILY_ANIME_COUNT,
    });
  });

  test("room deals pass over them too, and a room with nothing else to deal does not start", async () => {
    const t = newBackend();
    await seedAnime(t, 16);
    const [ann, ben] = await signedInPlayers(t, 2);
    await openDailyAs(ann);
    const daily = new Set(
      [...(await dailyAnime(t)), ...(await dailyAnime(t, todaysNumber() + 1))].map((a) => a._id),
    );
    const { dealt } = await playRoom(t, ann, [ben]);
    expect(dealt.size).toBeGreaterThan(0);
    for (const id of dealt) expect(daily.has(id as Doc<"anime">["_id"])).toBe(false);

    const small = newBackend();
    await seedAnime(small, DAILY_ANIME_COUNT);
    const [cy] = await signedInPlayers(small, 1);
    await openDailyAs(cy);
    const { code } = await cy.as.mutation(api.rooms.create, {});
    await expectErrorCode(cy.as.mutation(api.rooms.start, { code }), "ROOM_POOL_TOO_SMALL");
  });
});
