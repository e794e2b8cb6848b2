/** The game's constants (spec §9), shared by the server and the game screen. */
export const DAILY_GUESSES = 20;
export const GUESSES_PER_ANIME = 5;
export const COOLDOWN_MS = 10 * 60 * 1000;
export const POINTS_PER_CORRECT_GUESS = 100;
/** Awarded on top when the first guess on an anime is right (the How to Play text promises it). */
export const QUICK_GUESS_BONUS = 50;
export const RECENT_ANIME_REMEMBERED = 100;
export const START_BLUR_PX = 12;
export const MIN_BLUR_PX = 4;
/** The longest guess judged; longer input is refused (GUESS_TOO_LONG), never cut. */
export const MAX_GUESS_LENGTH = 200;

export type RoundStatus = "playing" | "solved" | "outOfGuesses" | "skipped";

/** Points for a correct guess that was the `guessNumber`-th on its anime (1-based). */
export function pointsFor(guessNumber: number): number {
  return POINTS_PER_CORRECT_GUESS + (guessNumber === 1 ? QUICK_GUESS_BONUS : 0);
}

/**
 * How blurred the cover is: 12 px at the start, sharper as the guesses left
 * for this anime run out (4 + 1.6 × left, clamped to 4–12), clear when solved.
 */
export function blurPx(status: RoundStatus, guessesLeftForAnime: number): number {
  if (status === "solved") return 0;
  const px = MIN_BLUR_PX + 1.6 * guessesLeftForAnime;
  return Math.min(START_BLUR_PX, Math.max(MIN_BLUR_PX, Math.round(px * 10) / 10));
}
