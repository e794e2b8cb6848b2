/**
 * What index.html's /game scripts (scripts/prerender, openGameEarly.ts) and the game screen
 * (earlyOpen.ts) agree on. Kept free of imports: the build's prerender plugin reads it too.
 */

/** The page whose round the HTML's script asks Convex for. */
export const EARLY_GAME_ROUTE = "/game";

/** Where that script leaves its call (EarlyCall). */
export const EARLY_GAME_GLOBAL = "__earlyGameOpen";

/**
 * Set by index.html's inline script on /game when the player may be signed in: starts the app's
 * scripts (once, whoever calls it first). openGameEarly.ts calls it once the round it painted
 * has been shown, or at once when it has nothing to show.
 */
export const START_APP_GLOBAL = "__startGameApp";

/**
 * How long the inline script lets the app's scripts wait for the round's paint at most: a slow
 * answer never holds the app back longer than this.
 */
export const APP_WAIT_LIMIT_MS = 1000;

/** How Convex Auth's keys for the token in localStorage begin (then the deployment's address). */
export const AUTH_TOKEN_KEY_PREFIX = "__convexAuthJWT_";

/**
 * The IANA time zone the game last reported, kept by the game screen. The script sends it, so
 * that it need not look the zone up itself: the lookup (ICU's first use) costs some 20 ms of a
 * fast CPU, a long task on a phone. The screen reports a zone that has changed since.
 */
export const TIME_ZONE_STORAGE_KEY = "animeGuess.timeZone";

/** Convex's HTTP API answer: the call's value, or its error. */
export type EarlyAnswer =
  | { status: "success"; value: unknown }
  | { status: "error"; errorMessage: string; errorData?: unknown };

/** The HTML's game:open call, as the game screen finds it. */
export type EarlyCall = {
  promise: Promise<EarlyAnswer | null>;
  /** The answer, once it has come. */
  answer: EarlyAnswer | null;
  /** The time zone the call sent. */
  timeZone: string;
  /** The guess box of the round the script painted, while React has not replaced it. */
  input?: HTMLInputElement;
  /** Whether that box has the focus, still true while React's commit removes it. */
  inputFocused?: boolean;
  /**
   * The last button clicked in the painted round (Enter in its box clicks Submit), as its index
   * among the buttons of the page's <main>: React's screen clicks its own once signed in.
   */
  clickedButton?: number;
  /** Set once React has rendered the page: the script then paints nothing more. */
  claimed?: boolean;
};

declare global {
  interface Window {
    __earlyGameOpen?: EarlyCall;
    __startGameApp?: () => void;
  }
}
