/**
 * index.html's first script, inline in its head (scripts/prerender builds and inlines it): it runs
 * before any of the body is parsed, so what it marks holds from the first frame on.
 *
 * On any path but the landing page it marks the document, so that src/index.css hides the landing
 * page's content and its sky: the parser may paint what it has parsed before it reaches start.ts,
 * which empties that content. On the landing page, for a returning player (a stored token), it
 * marks the document so that src/index.css hides the prerendered visitor's controls (Login, Start
 * Playing), which are not theirs, until the app renders their own.
 */
import { OTHER_PATH_ATTRIBUTE, RETURNING_PLAYER_ATTRIBUTE } from "./protocol";
import { hasStoredToken } from "./storedToken";

if (location.pathname !== import.meta.env.BASE_URL) {
  document.documentElement.setAttribute(OTHER_PATH_ATTRIBUTE, "");
} else if (hasStoredToken()) {
  document.documentElement.setAttribute(RETURNING_PLAYER_ATTRIBUTE, "");
}
