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

crons.hourly("delete closed party rooms", { minuteUTC: 45 }, internal.rooms.cleanup, {});

export default crons;
