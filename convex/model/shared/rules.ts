import type { Infer } from "convex/values";
import type { roundStatus } from "../../schema";

/** The game's rules as numbers, shared by the server and the screens whose copy renders from them. */

// The Challenge (/game): a player's own anime, scored and ranked, so many guesses a day.
/** The Challenge's (/game) guesses a day, at most GUESSES_PER_ANIME of them on each anime. */
export const CHALLENGE_GUESSES = 20;
export const GUESSES_PER_ANIME = 5;
export const COOLDOWN_MS = 10 * 60 * 1000;
export const POINTS_PER_CORRECT_GUESS = 100;
/** Awarded on top when the first guess on an anime is right (the How to Play text promises it). */
export const QUICK_GUESS_BONUS = 50;
/**
 * After its random probes, a deal walks at most this many anime (one seen-check read each) for
 * one the player has not seen; when all were seen, it repeats the one seen longest ago (which
 * then cannot score).
 */
export const DEAL_CANDIDATES = 24;
/** Independent random picks a deal tries first, before its walk (see `drawAnime`). */
export const DEAL_PROBES = 16;
/** No player gets two midnight resets within this long, whatever their clock or time zone says. */
export const MIN_RESET_GAP_MS = 20 * 60 * 60 * 1000;
/**
 * An open game page asks for its midnight reset at a random moment within this long after it:
 * every page of a time zone would otherwise call at the same instant, past the deployment's cap on
 * functions in flight (scripts/bench/scale.bench.ts). The player sees the new day within 2 s.
 */
export const MIDNIGHT_SPREAD_MS = 2_000;
/** The cover's blur for 0, 1, 2, 3 and 4 guesses used on this anime (the last step also after 5). */
export const BLUR_STEPS_PX = [12, 10, 8, 6, 4] as const;
/**
 * A clue's story says at least this many words (the redaction marks not counted); a shorter one
 * is replaced, when it is dealt, by the clue of its franchise's first entry.
 */
export const MIN_CLUE_WORDS = 12;
/**
 * A round's history keeps every counted guess (GUESSES_PER_ANIME at most) and this many of those
 * that cost nothing (refused, or already tried): free guesses are unbounded, the history is not.
 */
export const NOT_COUNTED_GUESSES_KEPT = 5;
/** The longest guess judged; longer input is refused (GUESS_TOO_LONG), never cut. */
export const MAX_GUESS_LENGTH = 200;
/** Guesses a player may contest a UTC day ("this names it": convex/model/contests/). */
export const CONTESTS_PER_DAY = 10;
/** The admin's list of contested guesses shows at most this many anime... */
export const CONTEST_GROUPS_SHOWN = 50;
/** ...from at most this many open contests, the latest first. */
export const CONTEST_ROWS_READ = 200;
/** Names an admin may accept for one anime: what a catalogue refresh reads back per anime. */
export const ACCEPTED_NAMES_PER_ANIME = 20;

export type RoundStatus = Infer<typeof roundStatus>;

/**
 * Whether a Challenge round of this status shows its answer (title, clear cover): once ended by
 * a guess, a skip or the reset, never while playing, and never once withdrawn (its anime became
 * a Daily's: the answer would answer the Daily).
 */
export function showsAnswer(status: RoundStatus): boolean {
  return status === "solved" || status === "outOfGuesses" || status === "skipped";
}

/** Points for a correct guess that was the `guessNumber`-th on its anime (1-based). */
export function pointsFor(guessNumber: number): number {
  return POINTS_PER_CORRECT_GUESS + (guessNumber === 1 ? QUICK_GUESS_BONUS : 0);
}
// The Daily: one puzzle for everyone each UTC day, unranked.
/** Anime in each Daily, played in the same order by everyone. */
export const DAILY_ANIME_COUNT = 5;
/** Guesses on each of them, as in the Challenge. */
export const DAILY_GUESSES_PER_ANIME = GUESSES_PER_ANIME;
/** No anime comes back in a Daily within this many Dailies (one a day) of its last one. */
export const DAILY_REPEAT_BAR_DAYS = 60;
/** Daily #1 is the one of this UTC day: every Daily's number counts UTC days from it. */
export const DAILY_EPOCH_MS = Date.UTC(2026, 10, 20);
/** The most popular anime with ready covers a Daily is chosen from (at random among them). */
export const DAILY_CANDIDATES = 200;
/**
 * The most anime a Daily's choice reads, most popular first, looking for DAILY_CANDIDATES never
 * in a Daily: a whole pool (CATALOGUE_PAGE_COUNT pages of 50), read once a day.
 */
export const DAILY_CHOICE_SCAN = 1_000;
/**
 * Tomorrow's Daily is chosen a day early (so that today's deals avoid it) only once this many
 * anime are ready: both Dailies and as many again for the game and rooms to deal. A smaller
 * pool keeps tomorrow's for tomorrow rather than hold every anime the game could deal.
 */
export const DAILY_TOMORROW_MIN_POOL = 3 * DAILY_ANIME_COUNT;
/**
 * The Daily's reserve (model/daily/reserve.ts): this many anime no other deal gives anyone, from
 * which every Daily is chosen. Skipping through the pool tells anyone which they are; what keeps
 * the Daily hidden is that it is any of at least 50 of them: tomorrow's any of the reserve but
 * today's five, today's any of it but the five that joined today (65 each; the margin covers
 * members that cannot be chosen, e.g. a cover gone missing). Reasoning: model/daily/reserve.ts.
 */
export const DAILY_RESERVE_SIZE = 70;
/**
 * The reserve is kept only while at least this many anime are ready: it and twice as many again
 * for the game and rooms to deal. A smaller pool chooses the Daily from the whole pool as it
 * always did, and cannot hide it from someone who skips through it (docs/operations.md).
 */
export const DAILY_RESERVE_MIN_POOL = 3 * DAILY_RESERVE_SIZE;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The number of the Daily running at `instant` (server clock): the UTC days since the epoch, from 1. */
export function dailyNumberAt(instant: number): number {
  return Math.floor((instant - DAILY_EPOCH_MS) / DAY_MS) + 1;
}

/** When Daily #`number` starts (00:00 UTC of its day); it ends where #`number + 1` starts. */
export function dailyStartOf(number: number): number {
  return DAILY_EPOCH_MS + (number - 1) * DAY_MS;
}

// Leaderboards: the boards by period and the rank at any scale.
/** Rows on /leaderboard and in the game's Leaderboard dialog. */
export const LEADERBOARD_PAGE_SIZE = 25;
export const LEADERBOARD_DIALOG_SIZE = 10;
/** The most rows `leaderboard.top` returns, whatever the caller asks. */
export const MAX_LEADERBOARD_SIZE = 100;
/** Ranks are exact at least this far down; beyond, the rank is an estimate said to be one. */
export const RANK_EXACT_LIMIT = 1000;
/**
 * Boards scored on before the fold (2026-11-26) split their rank statistics over this many
 * `boardStats` shards; only `migrations:mergeBoardStats` still reads them, and this goes with
 * that table.
 */
export const RANK_SHARDS = 16;
/** Score buckets for the estimate: this many per doubling of the score (about 9 % wide). */
export const RANK_BUCKETS_PER_DOUBLING = 8;
/**
 * A board's rank statistics reach viewers at most this often (model/boards/snapshot.ts): the
 * top rows and the viewer's own points stay live, and their rank is worked out on their screen
 * from their live points, so only the others' scores behind it are up to this old.
 */
export const RANKS_PUBLISH_MS = 10_000;
/** Past boards kept for looking back: a day's for this many days, a week's for this many weeks. */
export const DAY_BOARDS_KEPT_DAYS = 8;
export const WEEK_BOARDS_KEPT_WEEKS = 5;

// Streaks and stats, sharing and the guess box's typeahead.
/** Days of history the stats show, today included. */
export const STATS_HISTORY_DAYS = 7;
/** Round symbols kept per day (skips are free, so a day's rounds are not bounded otherwise). */
export const STATS_MARKS_KEPT = 50;
/** The guess box suggests titles from this many typed characters on... */
export const SUGGEST_MIN_CHARS = 2;
/** ...at most this many... */
export const SUGGESTIONS_MAX = 8;
/** ...picked from this many rows of each index range read (a title's start or a later word). */
export const SUGGEST_CANDIDATES = 24;
/** ...once typing has paused this long. */
export const SUGGEST_DEBOUNCE_MS = 150;

// Party rooms. Room points stay in the room: none of these touch the Challenge.
/**
 * Room codes: 6 characters without look-alikes (no 0/O, 1/I/L), 31^6 ≈ 887 million codes. At
 * the wrong-code limit below (never more than ROOM_JOIN_MAX_FAILURES a minute, and the lock
 * grows), one account trying every code would need over 300 years: more than a thousand times
 * the ROOM_MAX_AGE_MS a room lives at most (room codes: convex/model/rooms/joinLimit.ts).
 */
export const ROOM_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const ROOM_CODE_LENGTH = 6;
/** Wrong room codes an account may try within ROOM_JOIN_FAILURE_WINDOW_MS... */
export const ROOM_JOIN_MAX_FAILURES = 5;
export const ROOM_JOIN_FAILURE_WINDOW_MS = 60_000;
/** ...before joining by code is locked this long, twice as long for each lock in a row... */
export const ROOM_JOIN_LOCK_MS = 60_000;
/** ...up to this long; a day without a lock starts the doubling over. */
export const ROOM_JOIN_LOCK_MAX_MS = 24 * 60 * 60 * 1000;
export const ROOM_JOIN_LOCKS_FORGOTTEN_MS = 24 * 60 * 60 * 1000;
/**
 * Wrong room codes the whole game takes per minute, however many accounts try them (a token
 * bucket holding a minute's worth, in this many shards: convex/model/ops/budget.ts). The limit
 * above is per account and accounts are free; this one is what a script of many accounts gets
 * (docs/operations.md#budgets).
 */
export const ROOM_WRONG_CODES_PER_MINUTE = 60;
export const ROOM_WRONG_CODES_BUDGET_SHARDS = 4;
/**
 * A private room's link carries a secret of this many random bytes (128 bits): guessing it is
 * out of reach at any rate, let alone at the wrong-code limit (convex/model/rooms/privacy.ts).
 */
export const ROOM_LINK_SECRET_BYTES = 16;
export const ROOM_MAX_PLAYERS = 12;
export const ROOM_ROUND_CHOICES = [5, 10, 15] as const;
export const ROOM_SECONDS_MIN = 30;
export const ROOM_SECONDS_MAX = 90;
export const ROOM_DEFAULT_ROUNDS = 5;
export const ROOM_DEFAULT_SECONDS = 60;
/** Guesses per player per round, as in the Challenge. */
export const ROOM_GUESSES_PER_ROUND = GUESSES_PER_ANIME;
/** Points for the first, second and third player to solve a round; everyone after gets the last. */
export const ROOM_PLACE_POINTS = [100, 80, 60] as const;
export const ROOM_LATER_POINTS = 40;
/** Added per cover step not yet shown when the player solved (one step every fifth of the round). */
export const ROOM_POINTS_PER_UNUSED_STEP = 10;
export const ROOM_REVEAL_MS = 5_000;
/** A player's guesses in a room are at least this far apart. */
export const ROOM_GUESS_GAP_MS = 1_000;
/** The client's heartbeat; a player silent for ROOM_PRESENCE_TIMEOUT_MS has left. */
export const ROOM_HEARTBEAT_MS = 8_000;
export const ROOM_PRESENCE_TIMEOUT_MS = 20_000;
/** How often a room with someone present checks its presence (a closed tab: noticed within 30 s). */
export const ROOM_SWEEP_MS = 10_000;
/** A room nobody is present in pauses its round this long after the last one left... */
export const ROOM_EMPTY_PAUSE_MS = 60_000;
/** ...and closes this long after. */
export const ROOM_IDLE_CLOSE_MS = 5 * 60 * 1000;
/** The longest a room lives, however busy: it closes then (the code space above counts on it). */
export const ROOM_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/**
 * An anime a player was shown in a room is dealt to them nowhere else (their solo round, another
 * room) for this long: long enough to cover any round it is in play in, and "that day".
 */
export const ROOM_SEEN_BAR_MS = 24 * 60 * 60 * 1000;
/** A closed room's data is deleted this long after it closed. */
export const ROOM_DATA_KEPT_MS = 24 * 60 * 60 * 1000;
/** A player creates at most one room per this long. */
export const ROOM_CREATE_GAP_MS = 5_000;

/** A room player's points for solving as the `place`-th (1-based) at blur step `step`. */
export function roomPointsFor(place: number, step: number): number {
  const base = ROOM_PLACE_POINTS[place - 1] ?? ROOM_LATER_POINTS;
  const unused = Math.max(0, BLUR_STEPS_PX.length - 1 - step);
  return base + ROOM_POINTS_PER_UNUSED_STEP * unused;
}
