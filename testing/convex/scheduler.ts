import { AsyncLocalStorage } from "node:async_hooks";
import { vi } from "vitest";
import type { TestConvex } from "./backend";
import { modules } from "./modules";

/**
 * A deployment runs its due scheduled functions a few at a time (8 at once on Convex's Free and
 * Starter plans), the earliest due first; the rest wait, still "pending". convex-test starts every
 * job on its own timer, so a test never sees one wait behind another. `limitScheduler` puts the
 * limit back: it holds convex-test's job timers and starts the due jobs, FIFO by due time, while
 * fewer than `concurrency` run. A job takes the (fake) time its own awaits take, so an action
 * whose fetch is stubbed to answer after 3 s keeps its place for 3 s.
 *
 * It needs the clock faked first (`vi.useFakeTimers` with Date, setTimeout and clearTimeout
 * only), is driven by `advance` instead of `vi.advanceTimersByTime`, and must be installed right
 * after the backend is made (it pairs its jobs with `_scheduled_functions` rows by order).
 *
 * It leans on two details of convex-test 0.0.60 (pinned), and says so when they change: the one
 * timer it sets is a scheduled function's, and that timer's callback settles the job's promise
 * with one `.finally`.
 */
export type SchedulerModel = {
  /** Moves the clock forward `ms`, firing timers and starting jobs as slots free up. */
  advance(ms: number): Promise<void>;
  /** Every job scheduled so far, with when it was due, started and finished (fake time). */
  jobs(): Promise<ModelledJob[]>;
  /** The most jobs that ran at once. */
  readonly maxRunning: number;
  /** Puts convex-test's own timers back: jobs still held are dropped. */
  uninstall(): void;
};

export type ModelledJob = {
  name: string;
  /** When it was scheduled. */
  createdAt: number;
  dueAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** The job's `_scheduled_functions` state now. */
  state: string;
};

/** Convex's limit on the Free and Starter plans. */
export const FREE_PLAN_CONCURRENCY = 8;

type HeldJob = {
  seq: number;
  dueAt: number;
  start: () => void;
  startedAt: number | null;
  finishedAt: number | null;
  /** Its own timers not yet fired: one means it is waiting on the clock. */
  timers: number;
  /** Its calls into the backend so far: a count that moves means it is at work. */
  activity: number;
};

type ConvexSyscalls = {
  syscall: (...args: unknown[]) => unknown;
  asyncSyscall: (...args: unknown[]) => Promise<unknown>;
  jsSyscall: (op: string, args: Record<string, unknown>) => Promise<unknown>;
};

const realSetImmediate = globalThis.setImmediate;
const realSetTimeout = globalThis.setTimeout;
const turn = () => new Promise<void>((resolve) => realSetImmediate(resolve));
const pause = () => new Promise<void>((resolve) => realSetTimeout(resolve, 1));

/**
 * True when the caller of setTimeout is convex-test itself: the one place it sets a timer is a
 * scheduled function's (every other timer is the functions' or the test's own).
 */
function calledByConvexTest(): boolean {
  const caller = (new Error().stack ?? "")
    .split("\n")
    .slice(1)
    .find((frame) => !frame.includes("testing/convex/scheduler"));
  return caller?.includes("/convex-test/") ?? false;
}

/**
 * convex-test's job callback settles a promise with exactly one `.finally` (its bookkeeping of
 * running jobs); calling the callback with that method watched gives the job's own promise.
 */
function startWatched(start: () => void): Promise<unknown> {
  const original = Object.getOwnPropertyDescriptor(Promise.prototype, "finally")!;
  const watched: Promise<unknown>[] = [];
  Object.defineProperty(Promise.prototype as object, "finally", {
    ...original,
    value(this: Promise<unknown>, onFinally?: () => void) {
      watched.push(this);
      return (original.value as Promise<unknown>["finally"]).call(this, onFinally);
    },
  });
  try {
    start();
  } finally {
    Object.defineProperty(Promise.prototype as object, "finally", original);
  }
  if (watched.length !== 1) {
    throw new Error("limitScheduler: convex-test's job callback changed; update the model");
  }
  return watched[0];
}

/**
 * Watches the functions' calls into the backend, to tell a job at work from one waiting on the
 * clock. Returns the undo.
 */
function watchSyscalls(inJob: AsyncLocalStorage<HeldJob>): () => void {
  const holder = globalThis as unknown as { Convex: ConvexSyscalls };
  const original = holder.Convex;
  const seen = () => {
    const job = inJob.getStore();
    if (job !== undefined) job.activity++;
  };
  holder.Convex = {
    get syscall() {
      const syscall = original.syscall;
      return (...args: unknown[]) => {
        seen();
        return syscall(...args);
      };
    },
    get asyncSyscall() {
      const asyncSyscall = original.asyncSyscall;
      return async (...args: unknown[]) => {
        seen();
        return await asyncSyscall(...args);
      };
    },
    get jsSyscall() {
      const jsSyscall = original.jsSyscall;
      return async (op: string, args: Record<string, unknown>) => {
        seen();
        return await jsSyscall(op, args);
      };
    },
  };
  return () => {
    holder.Convex = original;
  };
}

export async function limitScheduler(
  t: TestConvex,
  { concurrency = FREE_PLAN_CONCURRENCY }: { concurrency?: number } = {},
): Promise<SchedulerModel> {
  if (!vi.isFakeTimers()) throw new Error("limitScheduler: fake the clock first");
  // Loading a module is real work outside the fake clock: done once here, not mid-job.
  await Promise.all(Object.values(modules).map((load) => load()));

  const fakeSetTimeout = globalThis.setTimeout;
  const fakeClearTimeout = globalThis.clearTimeout;
  /** The functions' and the test's own timers, by handle: when each is due, and whose it is. */
  const timers = new Map<unknown, { dueAt: number; job: HeldJob | undefined }>();
  const held: HeldJob[] = [];
  const waiting: HeldJob[] = [];
  const running = new Set<HeldJob>();
  let maxRunning = 0;
  let finished = 0;
  /** The job whose work is running, in all that work's async continuations. */
  const inJob = new AsyncLocalStorage<HeldJob>();

  const forget = (handle: unknown) => {
    const timer = timers.get(handle);
    if (timer === undefined) return;
    timers.delete(handle);
    if (timer.job !== undefined) timer.job.timers--;
  };
  const modelSetTimeout = (callback: (...args: unknown[]) => void, ms = 0, ...rest: unknown[]) => {
    const dueAt = Date.now() + Math.max(0, ms);
    if (calledByConvexTest()) {
      const job: HeldJob = {
        seq: held.length,
        dueAt,
        start: callback,
        startedAt: null,
        finishedAt: null,
        timers: 0,
        activity: 0,
      };
      held.push(job);
      waiting.push(job);
      waiting.sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
      return { heldJob: job.seq } as unknown as ReturnType<typeof setTimeout>;
    }
    const handle: ReturnType<typeof setTimeout> = fakeSetTimeout(
      (...args: unknown[]) => {
        forget(handle);
        callback(...args);
      },
      ms,
      ...rest,
    );
    const job = inJob.getStore();
    if (job !== undefined) job.timers++;
    timers.set(handle, { dueAt, job });
    return handle;
  };
  const modelClearTimeout = (handle?: ReturnType<typeof setTimeout>) => {
    forget(handle);
    fakeClearTimeout(handle);
  };
  globalThis.setTimeout = modelSetTimeout as typeof setTimeout;
  globalThis.clearTimeout = modelClearTimeout as typeof clearTimeout;
  const unwatch = watchSyscalls(inJob);

  /** Starts due jobs while slots are free; true when it started any. */
  function startDue(): boolean {
    let started = false;
    while (running.size < concurrency && waiting.length > 0 && waiting[0].dueAt <= Date.now()) {
      const job = waiting.shift()!;
      job.startedAt = Date.now();
      running.add(job);
      maxRunning = Math.max(maxRunning, running.size);
      started = true;
      void startWatched(() => inJob.run(job, job.start)).finally(() => {
        job.finishedAt = Date.now();
        running.delete(job);
        finished++;
      });
    }
    return started;
  }

  /**
   * Real event-loop turns until every running job waits on the clock: a timer of its own
   * pending, and no call into the backend for two turns (its promise chains have settled).
   */
  async function settle() {
    let quiet = 0;
    for (let i = 0; quiet < 2; i++) {
      if (i > 5_000) throw new Error("limitScheduler: a job neither ends nor waits on the clock");
      const before = [...running].reduce((sum, job) => sum + job.activity, finished);
      // A file's hash and the like take real time: after a while, wait a little for them.
      await (i < 20 ? turn() : pause());
      const after = [...running].reduce((sum, job) => sum + job.activity, finished);
      const parked = [...running].every((job) => job.timers > 0);
      quiet = after === before && parked ? quiet + 1 : 0;
    }
  }

  /** Starts what can start now, and lets it run until only the clock can move it on. */
  async function runNow() {
    for (let round = 0; ; round++) {
      if (round > 10_000) throw new Error("limitScheduler: jobs keep starting at one instant");
      const finishedBefore = finished;
      const started = startDue();
      await settle();
      if (!started && finished === finishedBefore) return;
    }
  }

  function nextEventAt(until: number): number {
    let next = until;
    for (const timer of timers.values()) next = Math.min(next, timer.dueAt);
    if (running.size < concurrency && waiting.length > 0) next = Math.min(next, waiting[0].dueAt);
    return Math.max(next, Date.now());
  }

  return {
    async advance(ms) {
      const until = Date.now() + ms;
      await runNow();
      while (Date.now() < until) {
        await vi.advanceTimersByTimeAsync(nextEventAt(until) - Date.now());
        await runNow();
      }
    },
    async jobs() {
      const rows = await t.run(
        async (ctx) => await ctx.db.system.query("_scheduled_functions").take(100_000),
      );
      if (rows.length !== held.length) {
        throw new Error(
          `limitScheduler: ${rows.length} jobs scheduled, ${held.length} held: install it first`,
        );
      }
      return rows.map((row, i) => {
        const job = held[i];
        // Due when scheduled for, or at once when that was already past.
        if (job.dueAt + 1 < row.scheduledTime) {
          throw new Error(`limitScheduler: job ${i} (${row.name}) is not the timer held for it`);
        }
        return {
          name: row.name,
          createdAt: row._creationTime,
          dueAt: job.dueAt,
          startedAt: job.startedAt,
          finishedAt: job.finishedAt,
          state: row.state.kind,
        };
      });
    },
    get maxRunning() {
      return maxRunning;
    },
    uninstall() {
      unwatch();
      globalThis.setTimeout = fakeSetTimeout;
      globalThis.clearTimeout = fakeClearTimeout;
    },
  };
}

/**
 * Runs the scheduled jobs due now (a job a job schedules at once included), one round at a time
 * with `afterRound` after each, until none is due. Needs setTimeout faked (`vi.useFakeTimers`).
 */
export async function runDueJobs(t: TestConvex, afterRound?: () => Promise<void>) {
  for (let round = 0; round < 100; round++) {
    vi.advanceTimersByTime(1);
    await t.finishInProgressScheduledFunctions();
    await afterRound?.();
    const due = await t.run(async (ctx) =>
      (await ctx.db.system.query("_scheduled_functions").take(10_000)).filter(
        (job) => job.state.kind === "pending" && job.scheduledTime <= Date.now(),
      ),
    );
    if (due.length === 0) return;
  }
  throw new Error("Scheduled jobs kept coming for 100 rounds");
}
