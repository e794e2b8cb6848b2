/**
 * A Challenge round whose anime became a Daily's after it was dealt is withdrawn at the player's
 * next call: it ends unrevealed and free, and another anime is dealt. Played as a cheater would:
 * deal a round, wait for its anime to be chosen for tomorrow's Daily, come back and try every
 * move that would show or confirm its answer.
 */
import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import {
  CHALLENGE_GUESSES,
  DAILY_RESERVE_MIN_POOL,
  GUESSES_PER_ANIME,
  dailyNumberAt,
} from "../../model/shared/rules";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import { expectNoneOf } from "../../../testing/convex/secrets";
import {
  dailyAnime,
  deal,
  dealtAnime,
  gameOf,
  guessAs,
  guessWrongAs,
  newRoom,
  openGameAs,
  patchGame,
  seedAnime,
  seedDaily,
  signedInAs,
  signedInPlayers,
  skipAs,
  syncAs,
  viewOf,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";

type Player = Awaited<ReturnType<typeof signedInPlayers>>[number];

// Saturday noon UTC: the round is dealt then, on the Daily's day S.
fakeClockEachTest();

const ZONES = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"];
const DAY_MS = 86_400_000;

/** The instant `days` UTC days after the test's start day, at `time` ("HH:MM:SS") UTC. */
function utcDay(days: number, time: string): Date {
  const start = new Date("2026-11-21T00:00:00Z").getTime();
  return new Date(start + days * DAY_MS + Date.parse(`1970-01-01T${time}Z`));
}

/**
 * A pool of 15 (enough for tomorrow's Daily to be chosen a day early) and a player in
 * `timeZone` who dealt a round (anime `dealt`) on day S and spent two wrong guesses on it; then,
 * at 00:00:30 UTC of S+1, the cron's choice of tomorrow's Daily (S+2) takes that anime.
 * Yesterday's and today's Dailies are seeded so that exactly five anime are left for the choice
 * (it prefers anime never in a Daily), the dealt one among them, and five (yesterday's Daily)
 * are still dealable.
 */
async function cheaterWithTomorrowsAnime(timeZone: string) {
  const t = newBackend();
  const pool = await seedAnime(t, 15);
  const [ann] = await signedInPlayers(t, 1);
  const dayS = dailyNumberAt(Date.now());
  await deal(ann, timeZone);
  const dealt = await dealtAnime(t, ann);
  const others = pool.filter((id) => id !== dealt._id);
  // Day S's Daily: recent for tomorrow's choice, dealable again once its day is over.
  await seedDaily(t, others.slice(0, 5), dayS);
  await guessWrongAs(ann);
  await guessWrongAs(ann);

  vi.setSystemTime(utcDay(1, "00:00:30"));
  await seedDaily(t, others.slice(5, 10), dayS + 1);
  await t.mutation(internal.daily.prepare, {});
  const tomorrow = await dailyAnime(t, dayS + 2);
  // The cron's choice did take it: what every test below relies on.
  expect(tomorrow.map((anime) => anime._id)).toContain(dealt._id);
  return { t, ann, dealt };
}

/** Everything the player can read of their game without a mutation. */
async function readAll(t: TestConvex, player: Player, coverToken: string) {
  const covers = [];
  for (const step of ["0", "1", "2", "3", "4", "5", "clear"]) {
    covers.push(await t.query(internal.covers.forToken, { token: coverToken, step }));
  }
  return [
    await player.as.query(api.game.state, {}),
    await player.as.query(api.stats.mine, { at: Date.now() }),
    covers,
  ];
}

/** The keys of a value, all the way down: two views of the same shape have the same. */
function shapeOf(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return true;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, shapeOf(inner)]),
  );
}

let ordinaryPlayers = 0;

/**
 * That `view` (a round dealt in place of a withdrawn one) is shaped as an ordinary deal's (a new
 * player's first round, dealt now): the same keys, none naming a withdrawal, the round in play.
 */
async function expectOrdinaryDeal(t: TestConvex, view: Awaited<ReturnType<typeof viewOf>>) {
  const other = await signedInAs(t, "player", {
    email: `ordinary${++ordinaryPlayers}@example.com`,
    username: `Ordinary${ordinaryPlayers}`,
  });
  await deal(other);
  expect(shapeOf(view)).toEqual(shapeOf(await viewOf(other)));
  expect(JSON.stringify(view)).not.toMatch(/withdrawn/i);
  expect(view.round).toMatchObject({ status: "playing", guessesUsed: 0, answer: null });
}

/** The seen record of `animeId` for the player (an answer shown leaves one). */
async function seenRecordOf(t: TestConvex, player: Player, animeId: Id<"anime">) {
  return await t.run(
    async (ctx) =>
      await ctx.db
        .query("seenAnime")
        .withIndex("by_userId_and_animeId", (q) =>
          q.eq("userId", player.userId).eq("animeId", animeId),
        )
        .first(),
  );
}

/** A move and the outcome it must have: none of them judges the round or deals for a price. */
type Move = (player: Player, dealt: Doc<"anime">, round: Doc<"games">["round"]) => Promise<unknown>;

/** The old round's guesses, as a client still showing it (or a script) sends them. */
async function guessOnRound(
  player: Player,
  round: NonNullable<Doc<"games">["round"]>,
  guess: string,
  attempt = round.guessesUsed,
) {
  return await player.as.mutation(api.game.guess, { roundNumber: round.number, attempt, guess });
}

const MOVES: [string, Move, unknown][] = [
  ["skips it", async (player) => await skipAs(player), { kind: "stale" }],
  [
    "guesses its title",
    async (player, dealt) => await guessAs(player, dealt.title.english!),
    { kind: "stale" },
  ],
  [
    "guesses its romaji title",
    async (player, dealt, round) => await guessOnRound(player, round!, dealt.title.romaji!),
    { kind: "stale" },
  ],
  [
    "guesses wrong until out of guesses",
    async (player, _dealt, round) => {
      const outcomes = [];
      for (let attempt = round!.guessesUsed; attempt < GUESSES_PER_ANIME; attempt++) {
        outcomes.push(await guessOnRound(player, round!, `Not it ${attempt}`, attempt));
      }
      return outcomes;
    },
    [{ kind: "stale" }, { kind: "stale" }, { kind: "stale" }],
  ],
  [
    "opens the game",
    async (player) => await openGameAs(player),
    expect.objectContaining({
      round: expect.objectContaining({ status: "playing", answer: null }) as unknown,
    }) as unknown,
  ],
  [
    "has the page ask for what is due",
    async (player) => await syncAs(player),
    { now: expect.any(Number) as unknown },
  ],
];

/** When the player comes back: the same night (tomorrow's Daily), or a day on (today's). */
const RETURNS: [string, Date][] = [
  ["the same night, as tomorrow's Daily", utcDay(1, "00:05:00")],
  ["the next day, as that day's Daily", utcDay(2, "09:00:00")],
];

describe.each(ZONES)("in %s, a round whose anime became a Daily's", (zone) => {
  describe.each(RETURNS)("coming back %s", (_when, at) => {
    test.each(MOVES)(
      "never shows its answer, for free, when the player %s",
      async (_, move, expected) => {
        const { t, ann, dealt } = await cheaterWithTomorrowsAnime(zone);
        vi.setSystemTime(at);
        const before = await gameOf(t, ann);
        const resetDue = Date.now() >= before.nextResetAt;
        const statsBefore = await ann.as.query(api.stats.mine, { at: Date.now() });
        // The page still open shows the clue at most: a query cannot withdraw it.
        const seen: unknown[] = await readAll(t, ann, before.coverToken!);
        expect((await viewOf(ann)).round).toMatchObject({ status: "playing", answer: null });

        const outcome = await move(ann, dealt, before.round);
        expect(outcome).toEqual(expected);
        seen.push(outcome, ...(await readAll(t, ann, before.coverToken!)));
        expectNoneOf([dealt], seen);

        const after = await gameOf(t, ann);
        // Withdrawn, unrevealed: kept only as the round the new one replaced.
        expect(after.previousRound).toMatchObject({
          number: before.round!.number,
          animeId: dealt._id,
          status: "withdrawn",
        });
        expect(after.round).toMatchObject({ status: "playing", guessesUsed: 0 });
        expect(after.round!.animeId).not.toBe(dealt._id);
        expect(await seenRecordOf(t, ann, dealt._id)).toBeNull();
        // Nothing was spent on it (a reset due refills as ever), and it counts for nothing.
        expect(after.dailyRemaining).toBe(resetDue ? CHALLENGE_GUESSES : before.dailyRemaining);
        expect(after.animeRemaining).toBe(GUESSES_PER_ANIME);
        const stats = await ann.as.query(api.stats.mine, { at: Date.now() });
        expect(stats!.totals).toEqual(statsBefore!.totals);
        expect(stats!.history).toEqual(statsBefore!.history);
        // The new round shows as any deal does: nothing on screen tells it replaced a Daily's.
        const view = await viewOf(ann);
        expect(view.skippedAnswer).toBeNull();
        await expectOrdinaryDeal(t, view);
      },
    );
  });
});

describe("when nothing else may be dealt", () => {
  test("the withdrawn round stays on screen without its answer, cover or a judge", async () => {
    const t = newBackend();
    const pool = await seedAnime(t, 6);
    const [ann] = await signedInPlayers(t, 1);
    await deal(ann, "Pacific/Pago_Pago");
    const dealt = await dealtAnime(t, ann);
    await guessWrongAs(ann);
    const before = await gameOf(t, ann);
    const dayS = dailyNumberAt(Date.now());
    vi.setSystemTime(utcDay(1, "00:00:30"));
    // Every other anime is today's Daily; the dealt one, alone, tomorrow's.
    await seedDaily(
      t,
      pool.filter((id) => id !== dealt._id),
      dayS + 1,
    );
    await seedDaily(t, [dealt._id], dayS + 2);

    const seen: unknown[] = [
      await openGameAs(ann, "Pacific/Pago_Pago"),
      await guessOnRound(ann, before.round!, dealt.title.english!, 1),
      await guessAs(ann, dealt.title.english!),
      await skipAs(ann),
      ...(await readAll(t, ann, before.coverToken!)),
    ];
    expect(seen.slice(1, 4)).toEqual([
      { kind: "roundOver" },
      { kind: "roundOver" },
      { kind: "nothingElse" },
    ]);
    expectNoneOf([dealt], seen);
    const view = await viewOf(ann);
    expect(view.round).toMatchObject({
      number: before.round!.number,
      status: "withdrawn",
      answer: null,
      coverPath: null,
    });
    expect(view.dailyRemaining).toBe(before.dailyRemaining);
    // No step of its cover, not even those it had reached.
    expect(seen.at(-1)).toEqual([null, null, null, null, null, null, null]);
    expect(await seenRecordOf(t, ann, dealt._id)).toBeNull();
  });
});

describe("during the cooldown", () => {
  test("the round is withdrawn and replaced, the countdown kept; its end gives the new one 5", async () => {
    const t = newBackend();
    const pool = await seedAnime(t, 14);
    const [ann] = await signedInPlayers(t, 1);
    await deal(ann, "Pacific/Pago_Pago");
    const dealt = await dealtAnime(t, ann);
    // The day ran out with this anime in play (as the 20th guess leaves it): 0/20, a countdown.
    const cooldownEnd = utcDay(1, "00:08:00").getTime();
    await patchGame(t, ann, { dailyRemaining: 0, animeRemaining: 0, cooldownEnd });
    vi.setSystemTime(utcDay(1, "00:00:30"));
    const others = pool.filter((id) => id !== dealt._id);
    await seedDaily(t, others.slice(0, 5), dailyNumberAt(Date.now()));
    await seedDaily(t, [dealt._id], dailyNumberAt(Date.now()) + 1);

    const seen: unknown[] = [await guessAs(ann, dealt.title.english!)];
    expect(seen[0]).toEqual({ kind: "stale" });
    const during = await gameOf(t, ann);
    expect(during).toMatchObject({ dailyRemaining: 0, animeRemaining: 0, cooldownEnd });
    expect(during.previousRound).toMatchObject({ animeId: dealt._id, status: "withdrawn" });
    seen.push(await viewOf(ann), await skipAs(ann));
    expect(seen.at(-1)).toEqual({ kind: "cooldown", cooldownEnd });

    vi.setSystemTime(cooldownEnd);
    seen.push(await syncAs(ann), await viewOf(ann));
    expect(await gameOf(t, ann)).toMatchObject({
      dailyRemaining: CHALLENGE_GUESSES,
      animeRemaining: GUESSES_PER_ANIME,
      cooldownEnd: null,
      round: { status: "playing", guessesUsed: 0 },
    });
    expectNoneOf([dealt], seen);
  });
});

describe("a round whose anime is no Daily's", () => {
  test.each(ZONES)("carries over as before (%s)", async (zone) => {
    const t = newBackend();
    const pool = await seedAnime(t, 14);
    const [ben] = await signedInPlayers(t, 1);
    await deal(ben, zone);
    const dealt = await dealtAnime(t, ben);
    await guessWrongAs(ben);
    const before = await gameOf(t, ben);
    const others = pool.filter((id) => id !== dealt._id);
    const dayS = dailyNumberAt(Date.now());
    vi.setSystemTime(utcDay(1, "00:00:30"));
    await seedDaily(t, others.slice(0, 5), dayS + 1);
    await seedDaily(t, others.slice(5, 10), dayS + 2);

    // After the player's midnight in UTC and Kolkata, before it in Kiritimati and Pago Pago.
    vi.setSystemTime(utcDay(1, "06:00:00"));
    const resetDue = Date.now() >= before.nextResetAt;
    expect(resetDue).toBe(zone === "UTC" || zone === "Asia/Kolkata");
    const opened = await openGameAs(ben, zone);
    const after = await gameOf(t, ben);
    if (resetDue) {
      // The reset deals another, and shows this one's answer as ever.
      expect(after.previousRound).toMatchObject({ animeId: dealt._id, status: "skipped" });
      expect(opened!.skippedAnswer).toMatchObject({ english: dealt.title.english });
    } else {
      expect(after.round).toEqual(before.round);
      expect(await guessAs(ben, dealt.title.english!)).toMatchObject({ kind: "correct" });
    }
  });
});

describe("the Daily's choice and party rooms", () => {
  test("an anime a room is playing now is not chosen for tomorrow", async () => {
    const t = newBackend();
    const pool = await seedAnime(t, 15);
    const [host, guest] = await signedInPlayers(t, 2);
    vi.setSystemTime(utcDay(0, "23:59:40"));
    const code = await newRoom(host, [guest]);
    await host.as.mutation(api.rooms.configure, { code, rounds: 5, seconds: 30 });
    await host.as.mutation(api.rooms.start, { code });
    const playing = await t.run(async (ctx) => (await ctx.db.query("roomRounds").first())!);
    expect(playing.status).toBe("playing");
    const others = pool.filter((id) => id !== playing.animeId);
    const dayS = dailyNumberAt(Date.now());
    // Recent Dailies hold ten of the others: five anime are left for tomorrow, the room's among them.
    await seedDaily(t, others.slice(0, 5), dayS);
    await seedDaily(t, others.slice(5, 10), dayS + 1);

    vi.setSystemTime(utcDay(1, "00:00:01"));
    await t.mutation(internal.daily.prepare, {});
    const tomorrow = (await dailyAnime(t, dayS + 2)).map((anime) => anime._id);
    expect(tomorrow).toHaveLength(5);
    expect(tomorrow).not.toContain(playing.animeId);
    expect(tomorrow).toEqual(expect.arrayContaining(others.slice(10)));
  });
});

describe("with the Daily's reserve", () => {
  test("a round whose anime joins the reserve is withdrawn and replaced as any deal is", async () => {
    const t = newBackend();
    const pool = await seedAnime(t, DAILY_RESERVE_MIN_POOL);
    const [ann] = await signedInPlayers(t, 1);
    await deal(ann, "Pacific/Pago_Pago");
    const dealt = await dealtAnime(t, ann);
    await guessWrongAs(ann);
    // Every other anime was in a Daily lately: the refill takes the one never in a Daily first.
    const dayS = dailyNumberAt(Date.now());
    await t.run(async (ctx) => {
      for (const animeId of pool) {
        if (animeId !== dealt._id) {
          await ctx.db.insert("dailyAnimeUses", { animeId, lastNumber: dayS - 10 });
        }
      }
    });
    vi.setSystemTime(utcDay(1, "00:00:30"));
    await t.mutation(internal.daily.prepare, {});
    expect(await t.run(async (ctx) => (await ctx.db.get("anime", dealt._id))!.reservedSince)).toBe(
      dayS + 1,
    );

    const seen: unknown[] = [await guessAs(ann, dealt.title.english!)];
    expect(seen[0]).toEqual({ kind: "stale" });
    const view = await viewOf(ann);
    seen.push(view);
    expectNoneOf([dealt], seen);
    expect((await gameOf(t, ann)).round!.animeId).not.toBe(dealt._id);
    await expectOrdinaryDeal(t, view);
  });
});
