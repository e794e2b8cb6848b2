import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Early in the UTC morning, when few play: a refresh takes about a minute of paced requests.
crons.daily(
  "refresh anime catalogue",
  { hourUTC: 4, minuteUTC: 30 },
  internal.catalogue.refreshDaily,
  {},
);

// As each UTC day starts: tomorrow's Daily is chosen now, so that today's deals avoid it too.
// At :00 on purpose: a deal before it could give out an anime that becomes tomorrow's Daily.
// eslint-disable-next-line @convex-dev/no-top-of-hour-crons
crons.daily("choose the next Daily", { hourUTC: 0, minuteUTC: 0 }, internal.daily.prepare, {});

// A cover worker that died (a deploy, a crash) leaves its slot to this check; a queue being worked
// or empty costs a few reads.
crons.interval("restart stalled cover workers", { minutes: 5 }, internal.covers.startWorkers, {});

// Cover sets a refresh replaced, once no round can show them any more.
crons.hourly("delete retired cover sets", { minuteUTC: 35 }, internal.covers.deleteRetired, {});

crons.hourly(
  "forget expired admin claim codes",
  { minuteUTC: 15 },
  internal.admin.cleanupClaims,
  {},
);

// Just after the UTC day changes: the day and week boards past what is kept.
crons.daily(
  "prune past boards",
  { hourUTC: 0, minuteUTC: 20 },
  internal.leaderboard.pruneOldBoards,
  {},
);

// The fold's chain of jobs runs itself while tallies wait and sleeps when none does; this only
// restarts it when tallies wait and it stopped (a failed run, a lost wake). A tally can wait up
// to this long in such a failure, so it stays cheap: 288 runs a day, one read each when idle.
crons.interval("keep the fold running", { minutes: 5 }, internal.tallies.watch, {});

crons.hourly("delete closed party rooms", { minuteUTC: 45 }, internal.rooms.cleanup, {});

export default crons;
