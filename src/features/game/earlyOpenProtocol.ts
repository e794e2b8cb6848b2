/**
 * What index.html's /game script (scripts/prerender) and the game screen (earlyOpen.ts) agree on.
 * Kept free of imports: the build's prerender plugin reads it too.
 */

/** The page whose round the HTML's script asks Convex for. */
export const EARLY_GAME_ROUTE = "/game";

/** Where that script leaves its call: `{ promise, answer, timeZone }`. */
export const EARLY_GAME_GLOBAL = "__earlyGameOpen";

/**
 * The IANA time zone the game last reported, kept by the game screen. The script sends it, so
 * that it need not look the zone up itself: the lookup (ICU's first use) costs some 20 ms of a
 * fast CPU, a long task on a phone. The screen reports a zone that has changed since.
 */
export const TIME_ZONE_STORAGE_KEY = "animeGuess.timeZone";
