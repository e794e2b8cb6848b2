import { describe, expect, test, vi } from "vitest";
import { api, internal } from "../../_generated/api";
import crons from "../../crons";
import type { Doc } from "../../_generated/dataModel";
import {
  BLUR_STEPS_PX,
  ROOM_DATA_KEPT_MS,
  ROOM_EMPTY_PAUSE_MS,
  ROOM_GUESS_GAP_MS,
  ROOM_GUESSES_PER_ROUND,
  ROOM_HEARTBEAT_MS,
  ROOM_IDLE_CLOSE_MS,
  ROOM_MAX_PLAYERS,
  ROOM_REVEAL_MS,
  roomPointsFor,
} from "../../model/shared/rules";
import { expectErrorCode, newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  memberView as view,
  newRoom,
  roomAndRound,
  roomPlayers as players,
  seedAnime,
  signedInAs,
} from "../../../testing/world";
import { fakeClockEachTest } from "../../../testing/world/clock";
import { WRONG_GUESS } from "../../../testing/fixtures/anime";
import { queryRunsCaused, touches } from "../../../testing/convex/concurrency/occ";
import type { CallRecord } from "../../../testing/convex/concurrency/readWriteSets";
import { recordCall } from "../../../testing/convex/concurrency/recordCall";
import { indexFields } from "../../../testing/convex/concurrency/schemaIndexes";
import * as rooms from "../../rooms";

type Player = Awaited<ReturnType<typeof signedInAs>>;

const SECONDS = 30;
const STEP_MS = (SECONDS * 1000) / BLUR_STEPS_PX.length;

fakeClockEachTest();

/** Everything that names an anime: its titles, AniList id and host, its clear cover. */
function secretsOf(anime: Doc<"anime">): string[] {
  return [
    String(anime.anilistId),
    "anilist.co",
    anime.coverImage,
    "/clear",
    ...[anime.title.english, anime.title.romaji, anime.title.native].filter(
      (title): title is string => title !== null,
    ),
    ...anime.synonyms,
  ];
}

async function currentAnime(t: TestConvex, code: string): Promise<Doc<"anime">> {
  const { round } = await roomAndRound(t, code);
  return (await t.run(async (ctx) => await ctx.db.get("anime", round!.animeId)))!;
}

/** Advances the fake clock in small steps, the open pages beating, the scheduler keeping up. */
async function elapse(t: TestConvex, ms: number, code: string, beating: Player[]) {
  let left = ms;
  while (left > 0) {
    const step = Math.min(left, 1_000);
    vi.advanceTimersByTime(step);
    await t.finishInProgressScheduledFunctions();
    left -= step;
    if (Date.now() % ROOM_HEARTBEAT_MS < 1_000) {
      for (const player of beating) await player.as.mutation(api.rooms.heartbeat, { code });
    }
  }
}

/** Runs the jobs due now (a guess's request to end the round), without moving the clock. */
async function runDueJobs(t: TestConvex) {
  vi.advanceTimersByTime(0);
  await t.finishInProgressScheduledFunctions();
}

async function expectNoSecrets(t: TestConvex, code: string, values: unknown[]) {
  const anime = await currentAnime(t, code);
  const text = JSON.stringify(values);
  for (const secret of secretsOf(anime)) expect(text).not.toContain(secret);
}

describe("party rooms", () => {
  test("the whole timeline: create, join, start, steps, guesses in order, time-up, reveal, next round, end, play again", async () => {
    const t = newBackend();
    await seedAnime(t, 12);
    const [ann, ben, cy] = await players(t, 3);
    const { code } = await ann.as.mutation(api.rooms.create, {});
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    // A code typed in lower case, with a space, finds the room.
    await ben.as.mutation(api.rooms.join, {
      code: ` ${code.slice(0, 2).toLowerCase()} ${code.slice(2)}`,
    });
    await cy.as.mutation(api.rooms.join, { code });

    const lobby = await view(ben, code);
    expect(lobby).toMatchObject({ status: "lobby", isHost: false, roundNumber: 0, round: null });
    expect(lobby.players.map((p) => [p.username, p.isHost, p.present])).toEqual([
      ["Player0", true, true],
      ["Player1", false, true],
      ["Player2", false, true],
    ]);
    await expectErrorCode(
      ben.as.mutation(api.rooms.configure, { code, rounds: 5, seconds: SECONDS }),
      "NOT_ROOM_HOST",
    );
    await expectErrorCode(ben.as.mutation(api.rooms.start, { code }), "NOT_ROOM_HOST");
    for (const [rounds, seconds] of [
      [4, 30],
      [5, 29],
      [5, 91],
      [5, 45.5],
      [Number.NaN, 30],
    ]) {
      await expectErrorCode(
        ann.as.mutation(api.rooms.configure, { code, rounds, seconds }),
        "ROOM_BAD_SETTINGS",
      );
    }
    await ann.as.mutation(api.rooms.configure, { code, rounds: 5, seconds: SECONDS });
    const scoresBefore = await t.run(async (ctx) => await ctx.db.query("users").take(1000));

    await ann.as.mutation(api.rooms.start, { code });
    const everyone = [ann, ben, cy];
    let round = (await view(cy, code)).round!;
    expect(round).toMatchObject({ number: 1, status: "playing", step: 0, answer: null });
    expect(round.endsAt - round.startedAt).toBe(SECONDS * 1000);
    // Everyone sees the same cover address and clue.
    expect((await view(ann, code)).round).toEqual(round);
    const token = /^\/cover\/([0-9a-f]{32})\/0$/.exec(round.coverPath)![1];
    expect((await t.fetch(`/cover/${token}/0`)).status).toBe(200);
    expect((await t.fetch(`/cover/${token}/1`)).status).toBe(404);
    expect((await t.fetch(`/cover/${token}/clear`)).status).toBe(404);
    await expectErrorCode(ann.as.mutation(api.rooms.start, { code }), "ROOM_NOT_IN_LOBBY");

    // One step per fifth of the round, by the scheduler alone.
    await elapse(t, STEP_MS - 1, code, everyone);
    expect((await view(ann, code)).round!.step).toBe(0);
    await elapse(t, 1, code, everyone);
    expect((await view(ann, code)).round!.step).toBe(1);
    expect((await t.fetch(`/cover/${token}/1`)).status).toBe(200);

    const anime = await currentAnime(t, code);
    const answer = anime.title.english!;
    const results: unknown[] = [];
    // Ben is right first, then Ann after a wrong guess, in order of arrival.
    results.push(await ben.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer }));
    results.push(
      await ann.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: WRONG_GUESS }),
    );
    // A second guess within a second is refused and costs nothing.
    await expectErrorCode(
      ann.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer }),
      "ROOM_GUESS_TOO_FAST",
    );
    expect((await view(ann, code)).me.guessesLeft).toBe(ROOM_GUESSES_PER_ROUND - 1);
    await elapse(t, ROOM_GUESS_GAP_MS, code, everyone);
    results.push(await ann.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer }));
    expect(results).toEqual([
      { kind: "correct" },
      { kind: "wrong", guessesLeft: ROOM_GUESSES_PER_ROUND - 1 },
      { kind: "correct" },
    ]);
    // Places and points by the answers' times, live before the round ends.
    expect(roomPointsFor(1, 1)).toBe(100 + 3 * 10);
    expect((await view(ben, code)).me).toMatchObject({ place: 1, points: roomPointsFor(1, 1) });
    expect((await view(ann, code)).me).toMatchObject({ place: 2, points: roomPointsFor(2, 1) });
    const live = await view(cy, code);
    expect(live.round!.solvedCount).toBe(2);
    expect(live.players.map((p) => [p.username, p.score, p.solved, p.rank, p.moved])).toEqual([
      ["Player1", 130, true, 1, 0],
      ["Player0", 110, true, 2, -1],
      ["Player2", 0, false, 3, -2],
    ]);
    results.push(live, await view(ann, code), await view(ben, code));
    await expectNoSecrets(t, code, results);

    // Cy runs out of guesses: everyone present is done, so the round ends before its time.
    for (let i = 0; i < ROOM_GUESSES_PER_ROUND; i++) {
      const outcome = await cy.as.mutation(api.rooms.guess, {
        code,
        roundNumber: 1,
        guess: `x${i}`,
      });
      if (i === ROOM_GUESSES_PER_ROUND - 1) break;
      await expectNoSecrets(t, code, [outcome, await view(cy, code)]);
      await elapse(t, ROOM_GUESS_GAP_MS, code, everyone);
    }
    // The round's end is a job of its own, which the last guess asked for.
    expect((await view(cy, code)).status).toBe("playing");
    await runDueJobs(t);
    let reveal = await view(cy, code);
    expect(reveal.status).toBe("reveal");
    expect(reveal.round).toMatchObject({
      status: "ended",
      step: null,
      answer: { english: answer },
    });
    expect(reveal.round!.coverPath).toBe(`/cover/${token}/clear`);
    expect((await t.fetch(`/cover/${token}/clear`)).status).toBe(200);
    expect(reveal.players.find((p) => p.username === "Player2")!.out).toBe(true);
    // The ended round's points are in the scores now, the same as shown while it played.
    expect(reveal.players.map((p) => [p.username, p.score, p.roundPoints])).toEqual([
      ["Player1", 130, 130],
      ["Player0", 110, 110],
      ["Player2", 0, 0],
    ]);
    const stored = await t.run(async (ctx) => await ctx.db.query("roomPlayers").take(10));
    expect(stored.map((p) => [p.username, p.score, p.round?.place])).toEqual([
      ["Player0", 110, 2],
      ["Player1", 130, 1],
      ["Player2", 0, undefined],
    ]);
    expect(await ben.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer })).toEqual(
      { kind: "roundOver" },
    );

    // The reveal lasts 5 s, then the next round deals itself: a new anime, step 0.
    await elapse(t, ROOM_REVEAL_MS - 1_000, code, everyone);
    expect((await view(ann, code)).status).toBe("reveal");
    await elapse(t, 1_000, code, everyone);
    round = (await view(ann, code)).round!;
    expect(round).toMatchObject({ number: 2, status: "playing", step: 0 });
    expect((await currentAnime(t, code))._id).not.toBe(anime._id);
    expect((await view(ann, code)).players.every((p) => !p.solved && p.roundPoints === 0)).toBe(
      true,
    );

    // Rounds 2 to 5 run out of time: four step changes, then the time-up and the reveal.
    for (let n = 2; n <= 5; n++) {
      const steps: number[] = [];
      for (let s = 0; s < BLUR_STEPS_PX.length; s++) {
        steps.push((await view(ann, code)).round!.step!);
        await expectNoSecrets(t, code, [await view(ben, code)]);
        await elapse(t, STEP_MS, code, everyone);
      }
      expect(steps).toEqual([0, 1, 2, 3, 4]);
      reveal = await view(ann, code);
      expect(reveal).toMatchObject({ status: "reveal", round: { number: n, status: "ended" } });
      await elapse(t, ROOM_REVEAL_MS, code, everyone);
    }
    const podium = await view(cy, code);
    expect(podium.status).toBe("finished");
    expect(
      podium.players.map((p) => [p.username, p.score, p.stats.solved, p.stats.guesses]),
    ).toEqual([
      ["Player1", 130, 1, 1],
      ["Player0", 110, 1, 2],
      ["Player2", 0, 0, 5],
    ]);
    // Room points never touch the account's score, allowance or boards.
    expect(await t.run(async (ctx) => await ctx.db.query("users").take(1000))).toEqual(
      scoresBefore,
    );
    expect(await t.run(async (ctx) => await ctx.db.query("games").take(1000))).toEqual([]);
    // Every member has seen the five answers: none comes back in another room.
    const seen = await t.run(async (ctx) => await ctx.db.query("seenAnime").take(1000));
    expect(seen).toHaveLength(15);

    // Play again: the same room and players, a fresh game.
    await expectErrorCode(cy.as.mutation(api.rooms.start, { code }), "NOT_ROOM_HOST");
    await ann.as.mutation(api.rooms.start, { code });
    const again = await view(cy, code);
    expect(again).toMatchObject({ status: "playing", roundNumber: 1, round: { step: 0 } });
    expect(again.players.map((p) => p.score)).toEqual([0, 0, 0]);
    expect(await t.run(async (ctx) => (await ctx.db.query("roomRounds").take(1000)).length)).toBe(
      1,
    );
    const replayed = seen.map((s) => s.animeId);
    expect(replayed).not.toContain((await currentAnime(t, code))._id);
  });

  test("two right guesses at the same moment get 100 and 80, never 100 twice", async () => {
    const t = newBackend();
    await seedAnime(t, 5);
    const [ann, ben, cy] = await players(t, 3);
    const code = await newRoom(ann, [ben, cy]);
    await ann.as.mutation(api.rooms.start, { code });
    const answer = (await currentAnime(t, code)).title.english!;
    // The same millisecond: the places still differ (the first to join goes first).
    const outcomes = await Promise.all(
      [ben, ann].map((p) =>
        p.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer }),
      ),
    );
    expect(outcomes).toEqual([{ kind: "correct" }, { kind: "correct" }]);
    expect([(await view(ann, code)).me, (await view(ben, code)).me]).toMatchObject([
      { place: 1, points: roomPointsFor(1, 0) },
      { place: 2, points: roomPointsFor(2, 0) },
    ]);
    expect(roomPointsFor(1, 0)).toBe(140);
    expect(roomPointsFor(2, 0)).toBe(120);
    expect(roomPointsFor(3, 4)).toBe(60);
    expect(roomPointsFor(7, 4)).toBe(40);
    // A replay of the winning guess scores nothing more.
    vi.advanceTimersByTime(ROOM_GUESS_GAP_MS);
    expect(await ann.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer })).toEqual(
      {
        kind: "alreadySolved",
      },
    );
    expect(await ann.as.mutation(api.rooms.guess, { code, roundNumber: 0, guess: answer })).toEqual(
      {
        kind: "stale",
      },
    );
    const scores = (await view(cy, code)).players.map((p) => p.score);
    expect(scores).toEqual([140, 120, 0]);
  });

  test("a 13th player is refused with a clear message; members come back freely", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const everyone = await players(t, ROOM_MAX_PLAYERS + 1);
    const code = await newRoom(everyone[0], everyone.slice(1, ROOM_MAX_PLAYERS));
    expect(await everyone[ROOM_MAX_PLAYERS].as.mutation(api.rooms.join, { code })).toEqual({
      kind: "refused",
      reason: "ROOM_FULL",
    });
    await everyone[3].as.mutation(api.rooms.join, { code });
    expect((await view(everyone[0], code)).players).toHaveLength(ROOM_MAX_PLAYERS);
    expect(await everyone[ROOM_MAX_PLAYERS].as.query(api.rooms.view, { code })).toEqual({
      kind: "outside",
    });
    // A seat freed in the lobby can be taken.
    await everyone[5].as.mutation(api.rooms.leave, { code });
    await everyone[ROOM_MAX_PLAYERS].as.mutation(api.rooms.join, { code });
  });

  test("a host who leaves hands the room to the longest-present player, on a closed tab too", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, ben, cy] = await players(t, 3);
    const { code } = await ann.as.mutation(api.rooms.create, {});
    vi.advanceTimersByTime(1_000);
    await ben.as.mutation(api.rooms.join, { code });
    vi.advanceTimersByTime(1_000);
    await cy.as.mutation(api.rooms.join, { code });
    // Ann closes her tab: no more heartbeats. Noticed within 30 s, and Ben (there longest) hosts.
    await elapse(t, 15_000, code, [ben, cy]);
    expect((await view(ben, code)).players.find((p) => p.username === "Player0")!.present).toBe(
      true,
    );
    await elapse(t, 15_000, code, [ben, cy]);
    const after = await view(ben, code);
    expect(after.isHost).toBe(true);
    expect(after.players.map((p) => [p.username, p.present, p.isHost])).toEqual([
      ["Player0", false, false],
      ["Player1", true, true],
      ["Player2", true, false],
    ]);
    // Ann is back, not host; Ben leaves on purpose: Cy (present since she joined) takes over at once.
    await ann.as.mutation(api.rooms.join, { code });
    await ben.as.mutation(api.rooms.leave, { code });
    expect((await view(cy, code)).isHost).toBe(true);
  });

  test("a heartbeat re-runs no member's room view; a member coming back re-runs them all", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const members = await players(t, ROOM_MAX_PLAYERS);
    const [ann, ben] = members;
    const code = await newRoom(ann, members.slice(1));
    await ann.as.mutation(api.rooms.start, { code });
    const views: CallRecord[] = [];
    for (const member of members) {
      const args = { code };
      views.push(
        (await recordCall(member.as, member.userId, "query", "rooms.view", rooms.view, args))
          .record,
      );
    }
    const heartbeatOf = async (player: Player) => {
      const call = await recordCall(
        player.as,
        player.userId,
        "mutation",
        "rooms.heartbeat",
        rooms.heartbeat,
        { code },
      );
      return call.record.writes.map((write) => ({ write, renaming: null }));
    };
    const viewRuns = (writes: Awaited<ReturnType<typeof heartbeatOf>>) =>
      queryRunsCaused(writes, views, members.length, indexFields);

    expect(viewRuns(await heartbeatOf(ben))).toBe(0);
    expect(viewRuns(await heartbeatOf(ben))).toBe(0);
    // Ben is silent long enough to be gone; his next heartbeat brings him back, for all to see.
    await elapse(
      t,
      30_000,
      code,
      members.filter((member) => member !== ben),
    );
    expect((await view(ann, code)).players.find((p) => p.username === "Player1")!.present).toBe(
      false,
    );
    expect(viewRuns(await heartbeatOf(ben))).toBe(ROOM_MAX_PLAYERS);
    expect((await view(ann, code)).players.find((p) => p.username === "Player1")!.present).toBe(
      true,
    );
  });

  test("members guessing at once never touch what another member's guess read or wrote", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const members = await players(t, ROOM_MAX_PLAYERS);
    const code = await newRoom(members[0], members.slice(1));
    await members[0].as.mutation(api.rooms.start, { code });
    const answer = (await currentAnime(t, code)).title.english!;
    const guessOf = async (player: Player, guess: string) =>
      (
        await recordCall(player.as, player.userId, "mutation", "rooms.guess", rooms.guess, {
          code,
          roundNumber: 1,
          guess,
        })
      ).record;
    // Each member a wrong guess, then the right one: the last right answer leaves all done.
    const records = new Map<Player, CallRecord[]>(members.map((member) => [member, []]));
    for (const member of members) records.get(member)!.push(await guessOf(member, WRONG_GUESS));
    vi.advanceTimersByTime(ROOM_GUESS_GAP_MS);
    for (const member of members) records.get(member)!.push(await guessOf(member, answer));
    for (const [member, mine] of records) {
      const theirs = [...records]
        .filter(([other]) => other !== member)
        .flatMap(([, calls]) => calls.flatMap((c) => c.writes))
        .map((write) => ({ write, renaming: null }));
      for (const record of mine) {
        expect(touches(record.reads, theirs, indexFields), record.name).toBe(false);
        // The guesser's own room document, and (the right answer) a job inserted, never read.
        const own = record.writes.filter((w) => w.table !== "_scheduled_functions");
        expect(own.map((w) => [w.table, (w.after ?? w.before)!.userId])).toEqual([
          ["roomPlayers", member.userId],
        ]);
      }
    }
    // All done: the job the last guess asked for ends the round, with places by answer time.
    await runDueJobs(t);
    const reveal = await view(members[0], code);
    expect(reveal.status).toBe("reveal");
    const points = new Map(reveal.players.map((p) => [p.username, p.roundPoints]));
    expect(members.map((_, i) => points.get(`Player${i}`))).toEqual(
      members.map((_, i) => roomPointsFor(i + 1, 0)),
    );
  });

  test("a room nobody is in pauses its round after a minute, closes soon after, and its data is deleted a day later", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, ben, eve] = await players(t, 3);
    const code = await newRoom(ann, [ben]);
    await ann.as.mutation(api.rooms.start, { code });
    // Both tabs close at once: gone within 30 s, and a minute later the round stands still.
    await elapse(t, 30_000 + ROOM_EMPTY_PAUSE_MS, code, []);
    const paused = await view(ann, code);
    expect(paused).toMatchObject({ paused: true, status: "playing" });
    expect(paused.roundNumber).toBeLessThan(paused.settings.rounds);
    const frozen = paused.round!;
    await elapse(t, ROOM_IDLE_CLOSE_MS - ROOM_EMPTY_PAUSE_MS - 60_000, code, []);
    expect((await view(ann, code)).round).toEqual(frozen);
    await elapse(t, 2 * 60_000, code, []);
    expect(await ann.as.query(api.rooms.view, { code })).toEqual({ kind: "closed", code });
    expect(await eve.as.mutation(api.rooms.join, { code })).toEqual({
      kind: "refused",
      reason: "ROOM_CLOSED",
    });
    await expectErrorCode(ann.as.mutation(api.rooms.heartbeat, { code }), "ROOM_CLOSED");
    // No timeline job is left running for it.
    const pending = await t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").take(1000)).filter(
        (job) => job.state.kind === "pending",
      ),
    );
    expect(pending).toEqual([]);

    const count = async () =>
      await t.run(async (ctx) =>
        [
          await ctx.db.query("rooms").take(1000),
          await ctx.db.query("roomPlayers").take(1000),
          await ctx.db.query("roomRounds").take(1000),
        ].map((docs) => docs.length),
      );
    expect(await t.mutation(internal.rooms.cleanup, {})).toBe(0);
    // Nobody was there: the game stood still, its rounds not run out, until the room closed.
    expect(await count()).toEqual([1, 2, paused.roundNumber]);
    vi.advanceTimersByTime(ROOM_DATA_KEPT_MS);
    expect(await t.mutation(internal.rooms.cleanup, {})).toBe(1);
    expect(await count()).toEqual([0, 0, 0]);
    // The hourly cron runs that internal function (no client can call it).
    const jobs = (crons as unknown as { crons: Record<string, { name: string; schedule: object }> })
      .crons;
    expect(jobs["delete closed party rooms"]).toMatchObject({
      name: "rooms:cleanup",
      schedule: { type: "hourly" },
    });
  });

  test("a player outside the room reads nothing of it and can change nothing", async () => {
    const t = newBackend();
    await seedAnime(t, 3);
    const [ann, eve] = await players(t, 2);
    const code = await newRoom(ann, []);
    await ann.as.mutation(api.rooms.start, { code });
    const answer = (await currentAnime(t, code)).title.english!;
    for (const asked of [code, "ZZZZZZ", "", "k7qm9x"]) {
      expect(await eve.as.query(api.rooms.view, { code: asked })).toEqual({ kind: "outside" });
    }
    const before = await t.run(async (ctx) => [
      await ctx.db.query("rooms").take(1000),
      await ctx.db.query("roomPlayers").take(1000),
      await ctx.db.query("roomRounds").take(1000),
    ]);
    for (const call of [
      eve.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: answer }),
      eve.as.mutation(api.rooms.heartbeat, { code }),
      eve.as.mutation(api.rooms.leave, { code }),
      eve.as.mutation(api.rooms.start, { code }),
      eve.as.mutation(api.rooms.configure, { code, rounds: 10, seconds: 60 }),
    ]) {
      await expectErrorCode(call, "NOT_IN_ROOM");
    }
    expect(await eve.as.mutation(api.rooms.join, { code: "ZZZZZZ" })).toEqual({
      kind: "refused",
      reason: "ROOM_NOT_FOUND",
    });
    const after = await t.run(async (ctx) => [
      await ctx.db.query("rooms").take(1000),
      await ctx.db.query("roomPlayers").take(1000),
      await ctx.db.query("roomRounds").take(1000),
    ]);
    expect(after).toEqual(before);
    for (const call of [
      eve.as.mutation(api.rooms.remove, { code, player: (await view(ann, code)).players[0].key }),
    ]) {
      await expectErrorCode(call, "NOT_IN_ROOM");
    }
  });

  test("the deal avoids every member's seen anime and Challenge round; the timeline ignores stale jobs", async () => {
    const t = newBackend();
    const ids = await seedAnime(t, 4);
    const [ann, ben] = await players(t, 2);
    // Ann has seen three of the four: the room can only deal the fourth.
    await t.run(async (ctx) => {
      for (const animeId of ids.slice(0, 3)) {
        await ctx.db.insert("seenAnime", { userId: ann.userId, animeId, seenAt: 0 });
      }
    });
    const code = await newRoom(ann, [ben]);
    await ann.as.mutation(api.rooms.start, { code });
    expect((await currentAnime(t, code))._id).toBe(ids[3]);
    const roundId = await t.run(async (ctx) => (await ctx.db.query("roomRounds").first())!._id);
    // A repeated or out-of-order job changes nothing.
    await t.mutation(internal.rooms.advance, { roundId, phase: "step", step: 3 });
    await t.mutation(internal.rooms.advance, { roundId, phase: "revealEnd" });
    expect((await view(ann, code)).round).toMatchObject({ step: 0, status: "playing" });
    await expectNoSecrets(t, code, [await view(ann, code)]);
  });

  test("a room never deals a member's Challenge anime, and spends none of the Challenge's allowance", async () => {
    const t = newBackend();
    await seedAnime(t, 2);
    const [ann, ben] = await players(t, 2);
    await ann.as.mutation(api.game.start, { timeZone: "UTC" });
    const challenge = async () =>
      await t.run(
        async (ctx) =>
          await ctx.db
            .query("games")
            .withIndex("by_userId", (q) => q.eq("userId", ann.userId))
            .unique(),
      );
    const before = (await challenge())!;
    const code = await newRoom(ann, [ben]);
    await ann.as.mutation(api.rooms.start, { code });
    const anime = await currentAnime(t, code);
    expect(anime._id).not.toBe(before.round!.animeId);
    await ann.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: anime.title.english! });
    await ben.as.mutation(api.rooms.guess, { code, roundNumber: 1, guess: anime.title.english! });
    await runDueJobs(t);
    expect((await view(ann, code)).status).toBe("reveal");
    expect(await challenge()).toEqual(before);
    const user = await t.run(async (ctx) => await ctx.db.get("users", ann.userId));
    expect(user!.score ?? 0).toBe(0);
  });
});
