/** The game's constants (spec §9), shared by the server and the game screen. */
export const DAILY_GUESSES = 20;
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
/** No player gets two daily resets within this long, whatever their clock or time zone says. */
export const MIN_RESET_GAP_MS = 20 * 60 * 60 * 1000;
/** The cover's blur for 0, 1, 2, 3 and 4 guesses used on this anime (the last step also after 5). */
export const BLUR_STEPS_PX = [12, 10, 8, 6, 4] as const;
/** The longest guess judged; longer input is refused (GUESS_TOO_LONG), never cut. */
export const MAX_GUESS_LENGTH = 200;

export type RoundStatus = "playing" | "solved" | "outOfGuesses" | "skipped";

/** Points for a correct guess that was the `guessNumber`-th on its anime (1-based). */
export function pointsFor(guessNumber: number): number {
  return POINTS_PER_CORRECT_GUESS + (guessNumber === 1 ? QUICK_GUESS_BONUS : 0);
}
