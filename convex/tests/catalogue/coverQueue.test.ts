import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../../_generated/api";
import { CATALOGUE_PAGE_SIZE } from "../../model/catalogue/anilist";
import { COVER_WORKERS, queueCover, startCoverWorkers } from "../../model/catalogue/coverQueue";
import { BLUR_STEPS_PX, ROOM_HEARTBEAT_MS, ROOM_REVEAL_MS } from "../../model/shared/rules";
import type { MemberView } from "../../model/rooms/view";
import { newBackend, type TestConvex } from "../../../testing/convex/backend";
import {
  limitScheduler,
  type ModelledJob,
  type SchedulerModel,
} from "../../../testing/convex/scheduler";
import {
  deal,
  gameOf,
  guessAs,
  patchGame,
  seedAnime,
  signedInAs,
  syncAs,
} from "../../../testing/world";
import { fakeSharp } from "../../../testing/fixtures/covers";
import { TEST_ANILIST_ID_BASE, testAnime, WRONG_GUESS } from "../../../testing/fixtures/anime";
import { fakeClockEachTest } from "../../../testing/world/clock";

const SECONDS = 30;
const ROUNDS = 5;
const STEP_MS = (SECONDS * 1000) / BLUR_STEPS_PX.length;
/** How late a timeline step, a time-up or a cooldown end may come and still be on time. */
const ON_TIME_MS = 1_000;
/** The first refresh's anime: seeds from here on, in AniList's popularity order. */
const FIRST_QUEUED = 5_000;
const QUEUED = 1_000;

/** A cover takes 1 to 5 s to fetch and make in Node, different for each anime. */
function coverMs(n: number): number {
  return 1_000 + ((n * 7_919) % 4_001);
}

type Player = Awaited<ReturnType<typeof signedInAs>>;

fakeClockEachTest();

beforeEach(() => {
  // The cover images do not matter here, only the time they take.
  vi.doMock("sharp", fakeSharp);
});
afterEach(() => {
  vi.doUnmock("sharp");
});

/** The image host, answering each cover after the time it takes. */
function stubImageHost() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string): Promise<Response> => {
      const n = Number(/\/(\d+)\.jpg$/.exec(url)?.[1]);
      await new Promise((resolve) => setTimeout(resolve, coverMs(n)));
      return new Response(new Uint8Array([137, 80, 78, 71]), {
        headers: { "Content-Type": "image/png" },
      });
    }),
  );
}

/**
 * A first refresh's 1,000 anime, stored as it stores them (without the title index, which only
 * slows convex-test here) and waiting for their covers; the workers started as it starts them.
 */
async function queueFirstRefresh(t: TestConvex) {
  await t.run(async (ctx) => {
    for (let i = 0; i < QUEUED; i++) {
      const n = FIRST_QUEUED + i;
      const animeId = await ctx.db.insert("anime", testAnime(n, { english: `Queued ${n}` }));
      await queueCover(ctx, (await ctx.db.get("anime", animeId))!, i);
    }
    await startCoverWorkers(ctx, Date.now());
  });
}

async function roomView(player: Player, code: string): Promise<MemberView> {
  const result = await player.as.query(api.rooms.view, { code });
  if (result.kind !== "member") throw new Error(`not a member: ${result.kind}`);
  return result;
}

/**
 * A party in a room, with the scheduler model running: the open pages beat as they do, and each
 * check runs at its time.
 */
function party(sim: SchedulerModel, code: string, players: Player[]) {
  const checks: { at: number; check: () => Promise<void> }[] = [];
  return {
    at(at: number, check: () => Promise<void>) {
      checks.push({ at, check });
    },
    async playUntil(at: number) {
      while (Date.now() < at) {
        const next = Math.min(at, Date.now() + ROOM_HEARTBEAT_MS / 2, ...checks.map((c) => c.at));
        await sim.advance(next - Date.now());
        for (const due of checks.filter((c) => c.at <= Date.now())) {
          checks.splice(checks.indexOf(due), 1);
          await due.check();
        }
        for (const player of players) await player.as.mutation(api.rooms.heartbeat, { code });
      }
    },
    get checksLeft() {
      return checks.length;
    },
  };
}

/** The most cover jobs that were waiting or running at any one time. */
function mostCoverJobsAtOnce(jobs: ModelledJob[]): number {
  const edges = jobs
    .filter((job) => job.name.startsWith("coverMaker:"))
    .flatMap((job) => [
      { at: job.createdAt, change: 1 },
      { at: job.finishedAt ?? Number.POSITIVE_INFINITY, change: -1 },
    ])
    // A run that schedules its successor as it ends hands its place over, it does not add one.
    .sort((a, b) => a.at - b.at || a.change - b.change);
  let now = 0;
  let most = 0;
  for (const edge of edges) {
    now += edge.change;
    most = Math.max(most, now);
  }
  return most;
}

/** The seeds whose covers are made. */
async function madeCovers(t: TestConvex): Promise<Set<number>> {
  const ready = await t.run(
    async (ctx) =>
      await ctx.db
        .query("anime")
        .withIndex("by_coverStatus_and_randomRank", (q) => q.eq("coverStatus", "ready"))
        .take(2_000),
  );
  return new Set(ready.map((anime) => anime.anilistId - TEST_ANILIST_ID_BASE));
}

describe("a first refresh's 1,000 covers on a deployment that runs 8 jobs at once", () => {
  test("leave a party room's timeline and a cooldown's end on time, and make the most popular first", async () => {
    const t = newBackend();
    const sim = await limitScheduler(t);
    try {
      await seedAnime(t, 12);
      stubImageHost();
      // A player spends the day's last guess; most of the cooldown goes by before the refresh, so
      // that its end comes in the middle of the party.
      const solo = await signedInAs(t, "player", { email: "solo@example.com", username: "Solo" });
      await deal(solo);
      await patchGame(t, solo, { dailyRemaining: 1 });
      await guessAs(solo, WRONG_GUESS);
      const cooldownEnd = (await gameOf(t, solo)).cooldownEnd!;
      await sim.advance(cooldownEnd - Date.now() - 60_000);

      const host = await signedInAs(t, "player", { email: "host@example.com", username: "Host" });
      const guest = await signedInAs(t, "player", {
        email: "guest@example.com",
        username: "Guest",
      });
      const { code } = await host.as.mutation(api.rooms.create, {});
      await guest.as.mutation(api.rooms.join, { code });
      await host.as.mutation(api.rooms.configure, { code, rounds: ROUNDS, seconds: SECONDS });
      const room = party(sim, code, [host, guest]);
      // Its open page asks at the cooldown's end (game.sync): a mutation, not a job, so it
      // waits behind no cover job, and the guesses are back at once.
      room.at(cooldownEnd - 1000, async () => {
        await syncAs(solo); // a second early: nothing yet
        expect((await gameOf(t, solo)).cooldownEnd).toBe(cooldownEnd);
      });
      room.at(cooldownEnd, async () => {
        await syncAs(solo);
        expect((await gameOf(t, solo)).cooldownEnd).toBeNull();
      });

      await queueFirstRefresh(t);
      await room.playUntil(Date.now() + 5_000);
      await host.as.mutation(api.rooms.start, { code });
      for (let number = 1; number <= ROUNDS; number++) {
        const round = (await roomView(host, code)).round!;
        expect(round).toMatchObject({ number, status: "playing", step: 0 });
        for (let step = 1; step < BLUR_STEPS_PX.length; step++) {
          await room.playUntil(round.startedAt + step * STEP_MS + ON_TIME_MS);
          expect({ number, step: (await roomView(guest, code)).round!.step }).toEqual({
            number,
            step,
          });
        }
        await room.playUntil(round.endsAt + ON_TIME_MS);
        expect({ number, status: (await roomView(guest, code)).status }).toEqual({
          number,
          status: "reveal",
        });
        await room.playUntil(round.endsAt + ROOM_REVEAL_MS + ON_TIME_MS);
      }
      expect((await roomView(host, code)).status).toBe("finished");
      expect(room.checksLeft).toBe(0);

      const jobs = await sim.jobs();
      const late = jobs.filter(
        (job) =>
          !job.name.startsWith("coverMaker:") &&
          (job.startedAt ?? Date.now()) - job.dueAt > ON_TIME_MS,
      );
      expect(late.map((job) => job.name)).toEqual([]);
      expect(mostCoverJobsAtOnce(jobs)).toBeLessThanOrEqual(COVER_WORKERS);

      // Still making covers, the first page's (AniList's most popular) all made first.
      const made = await madeCovers(t);
      const firstPage = Array.from({ length: CATALOGUE_PAGE_SIZE }, (_, i) => FIRST_QUEUED + i);
      expect(firstPage.filter((n) => !made.has(n))).toEqual([]);
      expect(made.size).toBeGreaterThan(CATALOGUE_PAGE_SIZE);
      expect(made.size).toBeLessThan(QUEUED);
    } finally {
      sim.uninstall();
    }
  });
});
