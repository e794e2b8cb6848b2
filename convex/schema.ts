import { authTables } from "@convex-dev/auth/server";
import { defineSchema, defineTable } from "convex/server";
import { nullable } from "convex-helpers/validators";
import { v } from "convex/values";

/**
 * A player. Convex Auth inserts the document through our `createOrUpdateUser` callback
 * (`createPlayer`), so every field a player needs is written at sign-up; an account made by hand
 * on the Convex dashboard must carry them too. (Deployments from before these fields were
 * required ran `migrations:completeProfiles` first: docs/operations.md, "Migrations".)
 */
export const userFields = {
  email: v.string(),
  username: v.string(),
  /**
   * The username's look-alike key (`usernameKey`, convex/model/accounts/usernameKey.ts): a name
   * is taken when an account holds its key. Indexed, not unique (`isUsernameTaken`).
   */
  usernameKey: v.string(),
  score: v.number(),
  isBetaTester: v.boolean(),
  isAdmin: v.boolean(),
  createdAt: v.number(),
  /** Set when the player joins the beta program. */
  betaJoinDate: v.optional(v.number()),
  /**
   * When the last password-reset codes were sent to this account (newest last, at most
   * RESET_CODES_PER_HOUR within the hour): the limit on codes per account.
   */
  resetCodesSentAt: v.optional(v.array(v.number())),
};

const nullableString = nullable(v.string());

export const coverStatus = v.union(v.literal("ready"), v.literal("missing"));

export const coverSet = v.object({
  /** The cover this set was made from: a changed cover is made again. */
  source: v.string(),
  /** One image per blur step (BLUR_STEPS_PX), each no sharper than its step shows. */
  steps: v.array(v.id("_storage")),
  /** The clear cover, served only once the round has ended. */
  clear: v.id("_storage"),
  /** What a round's images cost, all steps and the clear cover. */
  bytes: v.number(),
});

export const coverClaim = v.object({ token: v.string(), until: v.number() });

/**
 * One anime as the catalogue refresh reads it from AniList (convex/model/catalogue/anilist.ts):
 * what the `anime` table stores for it, apart from what the pool adds (`animeFields`).
 */
export const catalogueItemFields = {
  anilistId: v.number(),
  title: v.object({ english: nullableString, romaji: nullableString, native: nullableString }),
  synonyms: v.array(v.string()),
  /** The de-named, shortened description shown as the clue. */
  clue: v.string(),
  /** Every title form and synonym the judge accepts. */
  answers: v.array(v.string()),
  coverImage: v.string(),
  /** A placeholder colour while the cover loads, e.g. "#e4a15d". */
  coverColor: v.optional(v.string()),
  siteUrl: v.string(),
  format: v.optional(v.string()),
  episodes: v.optional(v.number()),
  duration: v.optional(v.number()),
  genres: v.array(v.string()),
  popularity: v.optional(v.number()),
  averageScore: v.optional(v.number()),
};

/**
 * One anime of the pool the rounds draw from, upserted by AniList id when the
 * catalogue refreshes. The clue and the accepted answers are computed then,
 * once; rounds read this table and never call AniList.
 */
export const animeFields = {
  ...catalogueItemFields,
  /** Uniform in [0, 1), set on insert: drawing walks the index from a random point. */
  randomRank: v.number(),
  updatedAt: v.number(),
  /**
   * Whether the server-made cover images exist: only "ready" anime are dealt. Unset until a
   * cover worker has tried once; "missing" when it failed (the next refresh queues it again).
   */
  coverStatus: v.optional(coverStatus),
  /** The images a round shows (see convex/model/catalogue/coverImages.ts), for `coverImage` as stored. */
  covers: v.optional(coverSet),
  /**
   * Set while the cover images must be made (convex/model/catalogue/coverQueue.ts): the anime's
   * place in the cover queue, its place in AniList's popularity order, so the first page's are
   * made first. Unset once made or refused.
   */
  coverQueue: v.optional(v.number()),
  /** A cover worker making this anime's images now, and until when its claim holds. */
  coverClaim: v.optional(coverClaim),
  /**
   * Set while a cover whose download failed for a passing reason (the image host answering 5xx
   * or 429, a timeout, a network error) waits to be tried again: not before this time. It has left
   * `coverQueue` meanwhile, so the covers behind it are made (convex/model/catalogue/coverQueue.ts).
   */
  coverRetryAt: v.optional(v.number()),
  /** The failed downloads of the cover so far, while it is retried (the backoff grows with them). */
  coverTries: v.optional(v.number()),
  /**
   * The judge's franchise key (convex/model/judge/titleIndex.ts), written with the title index:
   * a clue that tells nothing borrows its franchise's first entry's (catalogue/clue/roundClue.ts).
   */
  franchiseKey: v.optional(v.string()),
  /**
   * Set while the anime is in the Daily's reserve (convex/model/daily/reserve.ts): the number of
   * the Daily on whose day it joined. No deal gives a member to anyone (game/dealBar.ts reads it
   * off the document each deal reads anyway); unset when it is released after its Daily's day.
   * Optional for good: an anime outside the reserve has none.
   */
  reservedSince: v.optional(v.number()),
};

/**
 * The pool's title index for the judge (convex/model/judge/titleIndex.ts): one row
 * per (word or whole name of an anime's titles, anime), with its franchise.
 */
export const titleTermFields = {
  /** "word:titan", "name:attackontitan" or "acronym:aot" (convex/model/judge/titleIndex.ts). */
  term: v.string(),
  franchiseKey: v.string(),
  animeId: v.id("anime"),
};

/**
 * How a main-game round stands. "withdrawn": ended unrevealed because its anime became a Daily's
 * after it was dealt (model/game/withdraw.ts); no screen ever shows its answer or clear cover.
 */
export const roundStatus = v.union(
  v.literal("playing"),
  v.literal("solved"),
  v.literal("outOfGuesses"),
  v.literal("skipped"),
  v.literal("withdrawn"),
);

/**
 * What became of one guess of a daily round: judged ("correct", "wrong": counted), or turned
 * away for free: too generic, a list of titles, or a text the round had already been sent.
 */
export const roundGuessOutcome = v.union(
  v.literal("correct"),
  v.literal("wrong"),
  v.literal("tooGeneric"),
  v.literal("list"),
  v.literal("alreadyTried"),
);

/** One guess of a round's history, as typed (trimmed). */
export const roundGuess = v.object({ text: v.string(), outcome: roundGuessOutcome });

export const roundFields = v.object({
  /** Counts up per player, so a late or repeated submission can be recognised. */
  number: v.number(),
  animeId: v.id("anime"),
  guessesUsed: v.number(),
  status: roundStatus,
  startedAt: v.number(),
  pointsEarned: v.optional(v.number()),
  /** The player had seen this anime's answer before it was dealt: a right guess scores nothing. */
  seenBefore: v.optional(v.boolean()),
  /**
   * The clue as dealt, checked against the pool of that moment (catalogue/clue/roundClue.ts);
   * rounds dealt before it was kept show the anime's stored clue.
   */
  clue: v.optional(v.string()),
  /** Dealt by the daily reset in place of the round then on screen, not asked for by a skip. */
  dealtAtReset: v.optional(v.boolean()),
  /**
   * The round's guesses in order: every counted one, and the first NOT_COUNTED_GUESSES_KEPT of
   * those that cost nothing (absent on rounds dealt before it was kept: none yet).
   */
  guesses: v.optional(v.array(roundGuess)),
});

/** A player's game: the allowance, the current round and what they have seen (one per player). */
export const gameFields = {
  userId: v.id("users"),
  /** IANA time zone the daily reset follows, sent by the client. */
  timeZone: v.string(),
  /** A zone the client reported since: it takes effect at the next reset, so it buys none. */
  pendingTimeZone: v.optional(v.string()),
  dailyRemaining: v.number(),
  animeRemaining: v.number(),
  lastReset: v.number(),
  /**
   * The next local midnight, and never within 20 hours of the last reset; the player's first
   * call from then on applies it (model/game/catchUp.ts).
   */
  nextResetAt: v.number(),
  /**
   * Retired 2026-11-26 (resets and cooldown ends caught up by the player's calls): the reset and
   * cooldown-end jobs once scheduled per player; their functions went 2026-11-28, when the last
   * such job was a day past due. Old games may still carry these until
   * `migrations:clearRetiredGameFields` (2026-11-28) has run; drop them once it has run on every
   * deployment.
   */
  resetJobFor: v.optional(v.number()),
  resetJobId: v.optional(v.id("_scheduled_functions")),
  cooldownEnd: nullable(v.number()),
  cooldownJobId: v.optional(v.id("_scheduled_functions")),
  round: nullable(roundFields),
  /**
   * The round a skip or a reset replaced, kept so its answer can still be shown (never a
   * withdrawn one's: the view names only a skipped round's).
   */
  previousRound: nullable(roundFields),
  /**
   * Retired 2026-11-23 (the seenAnime table replaced it); old games may still carry it until
   * `migrations:clearRetiredGameFields` has run. Dropped with the job fields above.
   */
  recentAnimeIds: v.optional(v.array(v.id("anime"))),
  lastActiveAt: v.number(),
  /**
   * The current round's random cover address (/cover/<token>/<step>): new for every round dealt,
   * so nothing the browser loads names the anime across rounds or players.
   */
  coverToken: v.optional(v.string()),
};

/** An anime whose answer the player has seen (solved, out of guesses, skipped or reset away). */
export const seenAnimeFields = {
  userId: v.id("users"),
  animeId: v.id("anime"),
  seenAt: v.number(),
  /**
   * When the player was last shown it in a party room, and which: no other deal gives it to them
   * for ROOM_SEEN_BAR_MS (convex/model/game/dealBar.ts).
   */
  roomSeenAt: v.optional(v.number()),
  roomId: v.optional(v.id("rooms")),
};

/**
 * Game use per UTC day, written only by the fold (convex/model/tallies/fold.ts) into shard 0.
 * Days counted before the fold existed are split over a few shards; readers sum them all.
 */
export const gameDailyStatsFields = {
  day: v.string(),
  shard: v.number(),
  sessions: v.number(),
  guesses: v.number(),
  correctGuesses: v.number(),
  /** Daily anime played to their end (solved, missed or given up); days before it have none. */
  dailyAnime: v.optional(v.number()),
};

export const refreshStatus = v.union(
  v.literal("running"),
  v.literal("succeeded"),
  v.literal("failed"),
);
export const refreshTrigger = v.union(
  v.literal("daily"),
  v.literal("manual"),
  v.literal("emptyPool"),
);

/**
 * One run of the catalogue refresh, for the Convex dashboard: when it ran, how
 * it went, how many items it stored or refused, and the failed page tries.
 */
export const catalogueRefreshFields = {
  trigger: refreshTrigger,
  status: refreshStatus,
  startedAt: v.number(),
  finishedAt: v.optional(v.number()),
  /** Pages stored so far. */
  pagesFetched: v.number(),
  /** Items upserted into the pool. */
  itemCount: v.number(),
  /** Items refused as "Invalid anime data received". */
  invalidCount: v.number(),
  /**
   * Failed page tries and why, and the cover workers' failures (sharp not loading, a run that
   * crashed), oldest first (the most recent ones only).
   */
  errors: v.array(v.string()),
  /** Stored items whose cover images were not ready, so they were queued for the cover workers. */
  coversMissing: v.optional(v.number()),
  /** While AniList's rate limit holds the refresh back: when the page is tried again. */
  waitingUntil: v.optional(v.number()),
  /**
   * The refresh's last sign of life: its start, a page stored, a failed try recorded, a rate-limit
   * wait begun. Running with none for 2 minutes (a wait counts until it ends), it is dead
   * (convex/model/catalogue/refresh.ts). Unset on refreshes recorded before it existed.
   */
  progressAt: v.optional(v.number()),
  /** The job of the refresh's next page fetch, while one is scheduled or running. */
  pageJob: v.optional(v.id("_scheduled_functions")),
};

/**
 * One of the cover workers (convex/model/catalogue/coverQueue.ts): its run now, and that run's
 * job while it is waiting or running (unset when the worker is idle).
 */
export const coverWorkerFields = {
  slot: v.number(),
  run: v.number(),
  jobId: v.optional(v.id("_scheduled_functions")),
};

/**
 * A cover set a newer one replaced, kept for the rounds dealt before (their addresses keep
 * serving it) until no round can still show it.
 */
export const retiredCoverFields = {
  animeId: v.id("anime"),
  covers: coverSet,
  retiredAt: v.number(),
};

export const FEEDBACK_VERSION = "1.0.0-beta";

export const feedbackDifficulty = v.union(
  v.literal("easy"),
  v.literal("medium"),
  v.literal("hard"),
);

/** What a beta tester sent from the feedback dialog. */
export const betaFeedbackFields = {
  rating: v.number(),
  difficulty: feedbackDifficulty,
  bugReport: v.string(),
  suggestions: v.string(),
  userExperience: v.string(),
  userId: v.id("users"),
  timestamp: v.number(),
  version: v.literal(FEEDBACK_VERSION),
};

/**
 * Running totals over all feedback (one document), kept by each submission so
 * the dashboard's summary reads one document instead of every record.
 */
export const feedbackStatsFields = {
  count: v.number(),
  ratingTotal: v.number(),
  easy: v.number(),
  medium: v.number(),
  hard: v.number(),
};

export const betaActionType = v.union(
  v.literal("beta_registration"),
  v.literal("feedback_submitted"),
);

/** A beta program action, written by the server function that performed it. */
export const betaAnalyticsFields = {
  userId: v.id("users"),
  actionType: betaActionType,
  data: v.record(v.string(), v.union(v.string(), v.number(), v.boolean(), v.null())),
  timestamp: v.number(),
};

/**
 * An account's live password-reset e-mail (at most one: a new one replaces it): the SHA-256 of
 * its code and of its link's token. The code dies after RESET_CODE_MAX_WRONG_TRIES wrong tries;
 * the link, unguessable, works until `expiresAt` like the code; either one used deletes the
 * document. An expired one stays until the account's next request or its deletion (one per
 * account at most, so no job sweeps them). Replaces Convex Auth's `authVerificationCodes` for
 * resets, whose wrong tries locked the address for everyone (issue 38).
 */
export const resetCodeFields = {
  accountId: v.id("authAccounts"),
  codeHash: v.string(),
  linkHash: v.string(),
  sentAt: v.number(),
  expiresAt: v.number(),
  wrongTries: v.number(),
};

/**
 * A single-use admin claim code, created by an operator (`admin:createClaimCode`).
 * Only its SHA-256 is stored; `usedBy` is set once, by the claim that spends it.
 * Deleted some time after `expiresAt` by `admin:cleanupClaims`.
 */
export const adminClaimCodeFields = {
  codeHash: v.string(),
  createdAt: v.number(),
  expiresAt: v.number(),
  usedAt: v.optional(v.number()),
  usedBy: v.optional(v.id("users")),
};

/**
 * A player's recent wrong claim codes (one document per player): the times of
 * the last few, and the lock they earned. Forgotten once `forgetAt` passes.
 */
export const adminClaimAttemptFields = {
  userId: v.id("users"),
  /** Times of the wrong codes within the window, oldest first (at most the limit). */
  failures: v.array(v.number()),
  lockedUntil: v.optional(v.number()),
  forgetAt: v.number(),
};

// Leaderboards by period (convex/model/boards/board.ts and rank.ts).

/**
 * A player's points on one board: "all" (all time), "day:2026-11-23" (a UTC day) or
 * "week:2026-11-23" (the UTC week starting that Monday). Written with the score, in the same
 * mutation; the username is copied so that a board's top N reads N documents.
 */
export const boardEntryFields = {
  board: v.string(),
  userId: v.id("users"),
  username: v.string(),
  score: v.number(),
};

/**
 * Retired 2026-11-26 (the fold): a board's rank statistics are one `boardRanks` document now, and
 * since 2026-11-28 nothing reads these shards but `migrations:mergeBoardStats`, which merges each
 * board's into its document. Drop the table (and RANK_SHARDS) once it has run on every deployment.
 */
export const boardStatsFields = {
  board: v.string(),
  shard: v.number(),
  players: v.number(),
  top: v.array(v.number()),
  buckets: v.array(v.number()),
};

/**
 * A board's rank statistics, the same for every viewer: how many players have points on it, their
 * best scores (at most RANK_EXACT_LIMIT, best first: the exact ranks) and how many fall in each
 * score bucket (the estimate beyond). Written only by the fold's apply, about once a second;
 * viewers read the copy it publishes (`rankSnapshots`).
 */
export const boardRankFields = {
  board: v.string(),
  players: v.number(),
  top: v.array(v.number()),
  buckets: v.array(v.number()),
};

/**
 * A board's rank statistics as viewers are sent them (`leaderboard.ranks`): a copy of its
 * `boardRanks` published at most every RANKS_PUBLISH_MS (model/boards/snapshot.ts), so that the
 * ~7 KB result reaches every viewer a few times a minute, not at every run of the fold.
 */
export const rankSnapshotFields = {
  ...boardRankFields,
  /** When it was published. */
  at: v.number(),
};

// --- The Daily: one puzzle for everyone each UTC day (convex/model/daily/) ---

/**
 * One Daily: its anime in the order everyone plays them, and their clues as dealt (the same for
 * everyone). Written once, before its day starts (the cron at the previous day's start, or the
 * first call of its day), never changed; read by every deal, which must not deal its anime.
 */
export const dailyPuzzleFields = {
  /** Daily #number: UTC days since DAILY_EPOCH_MS, from 1 (rules.ts). */
  number: v.number(),
  animeIds: v.array(v.id("anime")),
  clues: v.array(v.string()),
  createdAt: v.number(),
};

/**
 * The last Daily an anime was in (one document per anime ever chosen, written with the Daily):
 * the choice prefers anime never in one, then the one used longest ago, in one read per anime.
 * Apart from the anime document, which each refresh replaces.
 */
export const dailyAnimeUseFields = {
  animeId: v.id("anime"),
  lastNumber: v.number(),
};

/** How a player's round of a Daily anime stands: guessing, solved, out of guesses, or given up. */
export const dailyRoundStatus = v.union(
  v.literal("playing"),
  v.literal("solved"),
  v.literal("outOfGuesses"),
  v.literal("gaveUp"),
);

/**
 * A player's round of one anime of one Daily (the player's own document, one per anime they
 * reached): the guesses, and the random cover address that serves its blur steps, and the clear
 * cover once it has ended.
 */
export const dailyRoundFields = {
  userId: v.id("users"),
  number: v.number(),
  /** The anime's place in the Daily, from 0. */
  index: v.number(),
  animeId: v.id("anime"),
  status: dailyRoundStatus,
  guessesUsed: v.number(),
  guesses: v.array(roundGuess),
  startedAt: v.number(),
  endedAt: v.optional(v.number()),
  coverToken: v.string(),
};

/** A player's Daily streak: consecutive Daily numbers completed (all anime played to their end). */
export const dailyStreakFields = {
  userId: v.id("users"),
  current: v.number(),
  best: v.number(),
  /** The number of the last Daily completed: the streak goes on only from the one before. */
  lastNumber: v.number(),
};

/** One player's round of a Daily anime that ended, as a tally for the world's results. */
export const dailyRoundEnd = v.object({
  number: v.number(),
  index: v.number(),
  /** The guesses it took when solved (1..5); 0 when missed (out of guesses or given up). */
  solvedIn: v.number(),
});

/** How everyone did on one anime of a Daily, as folded so far. */
export const dailyAnimeResults = v.object({
  /** Players whose round of it ended (each once). */
  players: v.number(),
  /** By the guesses it took: solvedIn[0] solved with the first guess, … */
  solvedIn: v.array(v.number()),
  missed: v.number(),
});

/** The world's results of one Daily, one entry per anime: written only by the fold. */
export const dailyResultFields = {
  number: v.number(),
  anime: v.array(dailyAnimeResults),
};

// --- The fold: facts from players' paths, summed by one writer ---

/** One score change on a board, as the fold applies it to the board's rank statistics. */
export const scoreMove = v.object({ board: v.string(), from: v.number(), to: v.number() });

/**
 * What one call on a player's path did to the shared figures (a game opened, a guess judged,
 * points scored), inserted there and never read there: players never write a shared document.
 * The fold adds each to the day's counters and the boards' statistics, and deletes it in the same
 * transaction. Names no player: rank statistics need only the scores.
 */
export const tallyFields = {
  /**
   * Which of the fold's FOLD_SHARDS lanes adds it up (model/tallies/shard.ts): a player's tallies
   * always share one, so their score moves are applied in the order they were made. Absent on a
   * tally put down before the fold had lanes: lane 0 takes those.
   */
  shard: v.optional(v.number()),
  /** The UTC day the figures count on. */
  day: v.string(),
  sessions: v.optional(v.number()),
  guesses: v.optional(v.number()),
  correctGuesses: v.optional(v.number()),
  moves: v.optional(v.array(scoreMove)),
  /** A player's round of a Daily anime that ended: the fold adds it to that Daily's results. */
  daily: v.optional(dailyRoundEnd),
};

/**
 * The fold's chain of jobs (one document): each run checks that it is the current generation, so
 * a chain restarted after a stall never runs beside the old one. Written only when the fold falls
 * asleep or wakes (never per run): players read `sleeping` to know whether to wake it.
 */
export const foldStateFields = {
  /** The lane (the tallies' shard) this chain folds; absent on the chain from before lanes. */
  shard: v.optional(v.number()),
  generation: v.number(),
  /** True while no tally waits and no run is scheduled; absent in a chain started before it. */
  sleeping: v.optional(v.boolean()),
  /** Written by every run before the fold slept; cleared at the next transition. */
  lastRunAt: v.optional(v.number()),
};

/**
 * Where a lane of the fold stopped (one per shard, written by each run of that lane, read by no
 * player): its next run reads its shard's tallies from here, never stepping over the deleted
 * entries of those it folded, and numbers its next batch.
 */
export const foldCursorFields = {
  shard: v.number(),
  /** The creation time of the last tally it folded (absent: none yet). */
  after: v.optional(v.number()),
  /** The number its next batch gets (its shard's batches are numbered 0, 1, 2, … in order). */
  seq: v.number(),
};

/** A day's game-use counts, as a batch of tallies adds them up. */
export const dayCounts = v.object({
  day: v.string(),
  sessions: v.number(),
  guesses: v.number(),
  correctGuesses: v.number(),
  dailyAnime: v.number(),
});

/**
 * What one run of a lane gathered from up to FOLD_BATCH tallies of its shard, for the apply
 * (model/tallies/apply.ts) to add to the shared figures: a few documents a second for it to read,
 * where the tallies were thousands.
 */
export const foldBatchFields = {
  shard: v.number(),
  seq: v.number(),
  /** How many tallies it holds. */
  tallies: v.number(),
  days: v.array(dayCounts),
  /** Per board, its score moves in the order they were made: from, to, from, to, … */
  moves: v.array(v.object({ board: v.string(), scores: v.array(v.number()) })),
  dailyEnds: v.array(dailyRoundEnd),
};

/**
 * The apply's state (one document, written only by the apply and the ranks' publishing): which
 * batch of each shard it applies next, and the boards moved since their ranks were last published.
 */
export const foldAppliedFields = {
  /** next[shard]: the number of that shard's next batch to apply. */
  next: v.array(v.number()),
  /** Boards whose statistics moved since the last publish. */
  boards: v.array(v.string()),
  /** When the scheduled publish runs (absent: none scheduled). */
  publishAt: v.optional(v.number()),
  /** When the ranks were last published. */
  publishedAt: v.optional(v.number()),
};

// --- Streaks, stats and title suggestions ---

/** How a round of the day ended, one symbol each in the shared result. */
export const roundMark = v.union(
  v.literal("firstTry"),
  v.literal("solvedLater"),
  v.literal("missed"),
  v.literal("skipped"),
);

/**
 * One player's day (the player-local day of the zone their reset follows), written by the
 * mutation that ends each round: one document per player per day played.
 */
export const playerDayFields = {
  userId: v.id("users"),
  /** "YYYY-MM-DD" in the player's zone. */
  day: v.string(),
  rounds: v.number(),
  solved: v.number(),
  firstTry: v.number(),
  points: v.number(),
  /** How each round ended, in order; only the first STATS_MARKS_KEPT (`rounds` counts all). */
  marks: v.array(roundMark),
};

/** A player's totals and streak (one per player), kept beside the day documents. */
export const playerStatsFields = {
  userId: v.id("users"),
  rounds: v.number(),
  solved: v.number(),
  firstTry: v.number(),
  /** Consecutive days with a solve, ending at `lastSolvedDay`. */
  currentStreak: v.number(),
  bestStreak: v.number(),
  lastSolvedDay: v.optional(v.string()),
};

/**
 * Where a player may start typing a title of an anime in the pool, for the guess box's
 * suggestions (convex/model/judge/suggestions.ts): the title's start, or a later word.
 */
export const titlePrefixFields = {
  /** The title's folded words from there on ("kyojin" of "Shingeki no Kyojin"), cut at PREFIX_KEY_CHARS. */
  key: v.string(),
  /** Whether the key starts at the title's first word. */
  start: v.boolean(),
  /** The title as AniList writes it: what the guess box shows. */
  text: v.string(),
  animeId: v.id("anime"),
};

// --- Contested guesses: players' names for an anime that admins may accept (model/contests/) ---

export const contestStatus = v.union(
  v.literal("open"),
  v.literal("accepted"),
  v.literal("dismissed"),
);

/**
 * One name players say names an anime ("this names it"), one document per (anime, name): how many
 * players sent it, and the admin's answer. An accepted one is an alternative title of the anime
 * from then on, and every catalogue refresh adds it back (catalogue/refresh.ts).
 */
export const contestFields = {
  animeId: v.id("anime"),
  /** The name as the judge normalises it (normalizeTitle): one document per key. */
  nameKey: v.string(),
  /** The name as the first player typed it (trimmed): what the admin reads and accepts. */
  name: v.string(),
  /** Players who sent it, each once. */
  count: v.number(),
  lastAt: v.number(),
  status: contestStatus,
};

/**
 * A player's contest of one name (one per player and name): counts them once, and their contests
 * of a UTC day ("YYYY-MM-DD") against CONTESTS_PER_DAY. Deleted with the account.
 */
export const contestVoteFields = {
  userId: v.id("users"),
  animeId: v.id("anime"),
  nameKey: v.string(),
  day: v.string(),
};

// ---------------------------------------------------------------------------
// Party rooms: friends race on the same cover. Room points live here only.

export const roomStatus = v.union(
  v.literal("lobby"),
  v.literal("playing"),
  v.literal("reveal"),
  v.literal("finished"),
  v.literal("closed"),
);

/** A room: its code, host, settings and where its game is (the current round's number). */
export const roomFields = {
  /** Short and unambiguous (ROOM_CODE_ALPHABET), e.g. "K7QM2X". */
  code: v.string(),
  /**
   * Set when the room is private to its link: only the code with this secret lets a newcomer in
   * (model/rooms/privacy.ts). Only members are ever shown it.
   */
  linkSecret: v.optional(v.string()),
  hostId: v.id("users"),
  createdBy: v.id("users"),
  status: roomStatus,
  /** Rounds per game (ROOM_ROUND_CHOICES) and seconds per round. */
  rounds: v.number(),
  seconds: v.number(),
  /** The current round of this game (0 in the lobby). */
  roundNumber: v.number(),
  /** Members (at most ROOM_MAX_PLAYERS), kept here so a join reads one document. */
  playerCount: v.number(),
  createdAt: v.number(),
  /** The last time anyone was present: a room idle for ROOM_IDLE_CLOSE_MS closes. */
  lastPresentAt: v.number(),
  closedAt: v.optional(v.number()),
  /** The one pending presence sweep (rooms:sweep). */
  sweepJobId: v.optional(v.id("_scheduled_functions")),
  /** Since when the room's round has stood still because nobody was present. */
  pausedAt: v.optional(v.number()),
};

/** Someone the host removed from a room: they cannot join it again. */
export const roomBanFields = {
  roomId: v.id("rooms"),
  userId: v.id("users"),
};

/** An account's wrong room codes (a handful a minute), and its lock, which doubles each time. */
export const roomJoinAttemptFields = {
  userId: v.id("users"),
  /** Times of the wrong codes within the last ROOM_JOIN_FAILURE_WINDOW_MS. */
  failures: v.array(v.number()),
  lockedUntil: v.optional(v.number()),
  /** Locks in a row: the next one lasts ROOM_JOIN_LOCK_MS × 2^locks. */
  locks: v.number(),
  lastLockAt: v.optional(v.number()),
};

/** The global budgets (convex/model/ops/budget.ts): what each one limits. */
export const budgetName = v.union(v.literal("signUps"), v.literal("wrongRoomCodes"));

/**
 * One shard of a global budget, a token bucket: `tokens` as of `at`, refilling with time up to
 * the shard's share of the budget. Made on first use; a shard nobody used is full.
 */
export const budgetShardFields = {
  budget: budgetName,
  shard: v.number(),
  tokens: v.number(),
  at: v.number(),
};

/** A player's part in the current round (reset when a round they had not played starts). */
/**
 * A member's part in one round. A right answer stores when it came and at which cover step; its
 * place and points are worked out from the round's answer times (model/rooms/places.ts) and
 * stored here, with the points added to the score, when the round ends.
 */
export const roomPlayerRound = v.object({
  number: v.number(),
  guesses: v.number(),
  solvedAt: v.optional(v.number()),
  step: v.optional(v.number()),
  points: v.number(),
  place: v.optional(v.number()),
});

/** A room member's last heartbeat, apart from their room document (see `lastSeenAt` there). */
export const roomHeartbeatFields = {
  roomId: v.id("rooms"),
  userId: v.id("users"),
  lastSeenAt: v.number(),
};

export const roomPlayerFields = {
  roomId: v.id("rooms"),
  userId: v.id("users"),
  username: v.string(),
  joinedAt: v.number(),
  /** Since when the player has been present without a break: the host hand-over goes by it. */
  presentSince: v.number(),
  /**
   * When the player was seen as they joined or came back; the heartbeats since go to
   * `roomHeartbeats`, which the room view does not read, so that a heartbeat re-runs nobody's view.
   */
  lastSeenAt: v.number(),
  present: v.boolean(),
  /** This game's points and stats. */
  score: v.number(),
  solvedCount: v.number(),
  guessCount: v.number(),
  fastestMs: v.optional(v.number()),
  lastGuessAt: v.optional(v.number()),
  round: nullable(roomPlayerRound),
};

export const roomRoundStatus = v.union(v.literal("playing"), v.literal("ended"));

/** One round of the room's current game (older games' rounds are deleted by Play again). */
export const roomRoundFields = {
  roomId: v.id("rooms"),
  number: v.number(),
  animeId: v.id("anime"),
  /** The cover's random address for this round (/cover/<token>/<step>): it names nothing. */
  coverToken: v.string(),
  /** The clue as dealt (catalogue/clue/roundClue.ts), the same for everyone. */
  clue: v.optional(v.string()),
  /** The blur step everyone sees now (index into BLUR_STEPS_PX). */
  step: v.number(),
  status: roomRoundStatus,
  startedAt: v.number(),
  endsAt: v.number(),
  endedAt: v.optional(v.number()),
  /** When the reveal ends and the next round (or the podium) comes. */
  revealEndsAt: v.optional(v.number()),
  /** The one pending timeline job (a step, the time-up or the reveal's end). */
  jobId: v.optional(v.id("_scheduled_functions")),
};

export default defineSchema({
  ...authTables,
  users: defineTable(userFields)
    .index("by_email", ["email"])
    .index("by_usernameKey", ["usernameKey"])
    .index("by_score", ["score"]),
  resetCodes: defineTable(resetCodeFields).index("by_accountId", ["accountId"]),
  anime: defineTable(animeFields)
    .index("by_anilistId", ["anilistId"])
    .index("by_randomRank", ["randomRank"])
    .index("by_coverStatus_and_randomRank", ["coverStatus", "randomRank"])
    .index("by_coverStatus_and_popularity", ["coverStatus", "popularity"])
    .index("by_coverQueue", ["coverQueue"])
    .index("by_coverRetryAt", ["coverRetryAt"])
    .index("by_franchiseKey_and_anilistId", ["franchiseKey", "anilistId"])
    .index("by_reservedSince", ["reservedSince"]),
  titleTerms: defineTable(titleTermFields)
    .index("by_term_and_franchise", ["term", "franchiseKey"])
    .index("by_animeId", ["animeId"]),
  catalogueRefreshes: defineTable(catalogueRefreshFields).index("by_status", ["status"]),
  coverWorkers: defineTable(coverWorkerFields).index("by_slot", ["slot"]),
  retiredCovers: defineTable(retiredCoverFields)
    .index("by_animeId_and_retiredAt", ["animeId", "retiredAt"])
    .index("by_retiredAt", ["retiredAt"]),
  games: defineTable(gameFields)
    .index("by_userId", ["userId"])
    .index("by_coverToken", ["coverToken"])
    // Whether the game dealt an anime since a time: a Daily never holds one (daily/candidates.ts).
    .index("by_round_animeId_and_startedAt", ["round.animeId", "round.startedAt"]),
  seenAnime: defineTable(seenAnimeFields)
    .index("by_userId_and_animeId", ["userId", "animeId"])
    .index("by_animeId_and_seenAt", ["animeId", "seenAt"]),
  gameDailyStats: defineTable(gameDailyStatsFields).index("by_day_and_shard", ["day", "shard"]),
  beta_feedback: defineTable(betaFeedbackFields)
    .index("by_timestamp", ["timestamp"])
    .index("by_userId_and_timestamp", ["userId", "timestamp"]),
  feedbackStats: defineTable(feedbackStatsFields),
  beta_analytics: defineTable(betaAnalyticsFields)
    .index("by_timestamp", ["timestamp"])
    .index("by_userId", ["userId"]),
  adminClaimCodes: defineTable(adminClaimCodeFields)
    .index("by_codeHash", ["codeHash"])
    .index("by_expiresAt", ["expiresAt"])
    .index("by_usedBy", ["usedBy"]),
  adminClaimAttempts: defineTable(adminClaimAttemptFields)
    .index("by_userId", ["userId"])
    .index("by_forgetAt", ["forgetAt"]),
  boardEntries: defineTable(boardEntryFields)
    .index("by_board_and_score", ["board", "score"])
    .index("by_board_and_userId", ["board", "userId"])
    .index("by_userId", ["userId"]),
  boardStats: defineTable(boardStatsFields).index("by_board_and_shard", ["board", "shard"]),
  boardRanks: defineTable(boardRankFields).index("by_board", ["board"]),
  rankSnapshots: defineTable(rankSnapshotFields).index("by_board", ["board"]),
  // The Daily.
  dailyPuzzles: defineTable(dailyPuzzleFields).index("by_number", ["number"]),
  dailyAnimeUses: defineTable(dailyAnimeUseFields).index("by_animeId", ["animeId"]),
  dailyRounds: defineTable(dailyRoundFields)
    .index("by_userId_and_number_and_index", ["userId", "number", "index"])
    .index("by_coverToken", ["coverToken"]),
  dailyStreaks: defineTable(dailyStreakFields).index("by_userId", ["userId"]),
  dailyResults: defineTable(dailyResultFields).index("by_number", ["number"]),
  // The fold.
  // Each lane reads its shard in creation order (an index ends with _creationTime).
  tallies: defineTable(tallyFields).index("by_shard", ["shard"]),
  foldState: defineTable(foldStateFields).index("by_shard", ["shard"]),
  foldCursors: defineTable(foldCursorFields).index("by_shard", ["shard"]),
  foldBatches: defineTable(foldBatchFields).index("by_shard_and_seq", ["shard", "seq"]),
  foldApplied: defineTable(foldAppliedFields),
  // Streaks, stats and title suggestions.
  playerDays: defineTable(playerDayFields).index("by_userId_and_day", ["userId", "day"]),
  playerStats: defineTable(playerStatsFields).index("by_userId", ["userId"]),
  titlePrefixes: defineTable(titlePrefixFields)
    .index("by_start_and_key", ["start", "key"])
    .index("by_animeId", ["animeId"]),
  contests: defineTable(contestFields)
    .index("by_animeId_and_nameKey", ["animeId", "nameKey"])
    .index("by_animeId_and_status", ["animeId", "status"])
    .index("by_status_and_lastAt", ["status", "lastAt"]),
  contestVotes: defineTable(contestVoteFields)
    .index("by_userId_and_animeId_and_nameKey", ["userId", "animeId", "nameKey"])
    .index("by_userId_and_day", ["userId", "day"]),
  rooms: defineTable(roomFields)
    .index("by_code", ["code"])
    .index("by_createdBy", ["createdBy"])
    .index("by_status_and_closedAt", ["status", "closedAt"]),
  roomPlayers: defineTable(roomPlayerFields)
    .index("by_roomId_and_userId", ["roomId", "userId"])
    .index("by_userId", ["userId"]),
  roomHeartbeats: defineTable(roomHeartbeatFields)
    .index("by_roomId_and_userId", ["roomId", "userId"])
    .index("by_userId", ["userId"]),
  roomBans: defineTable(roomBanFields)
    .index("by_roomId_and_userId", ["roomId", "userId"])
    .index("by_userId", ["userId"]),
  roomJoinAttempts: defineTable(roomJoinAttemptFields).index("by_userId", ["userId"]),
  budgetShards: defineTable(budgetShardFields).index("by_budget_and_shard", ["budget", "shard"]),
  roomRounds: defineTable(roomRoundFields)
    .index("by_roomId_and_number", ["roomId", "number"])
    // Whether an anime is in play in a room now: the Daily's choice passes such an anime over.
    .index("by_animeId_and_status", ["animeId", "status"])
    .index("by_coverToken", ["coverToken"]),
});
