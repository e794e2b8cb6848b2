/**
 * index.html's first script, inline in its head (scripts/prerender builds and inlines it). On any
 * path but the landing page it marks the document, so that src/index.css hides the landing page's
 * content and its sky from the first frame on: the parser may paint what it has parsed before it
 * reaches start.ts, which empties that content.
 */
import { OTHER_PATH_ATTRIBUTE } from "./protocol";

if (location.pathname !== import.meta.env.BASE_URL) {
  document.documentElement.setAttribute(OTHER_PATH_ATTRIBUTE, "");
}
