import { ANILIST_ENDPOINT } from "@convex/model/catalogue/anilist";
import { testCoverResponse } from "../fixtures/covers";
import sample from "../fixtures/anilist/offline-sample.json";
import type { AniListState, StandInState } from "./protocol";

/** The first page the stand-in serves: a few of the offline sample's anime, and no next page. */
export const STAND_IN_PAGE_SIZE = 3;
/**
 * The image host answers one cover at a time, this far apart: convex-test models no
 * concurrency, and cover jobs storing their images side by side would clash.
 */
const COVER_PACE_MS = 400;

/** What the stand-in's refusals say (the refresh logs each, as a deployment's log would). */
export const STAND_IN_REFUSAL = "the e2e server has no internet";

function firstPage(): Response {
  const media = sample.data.Page.media.slice(0, STAND_IN_PAGE_SIZE);
  return Response.json({
    data: { Page: { pageInfo: { currentPage: 1, hasNextPage: false }, media } },
  });
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}

/**
 * AniList and its image host as the e2e server's catalogue refresh meets them (there is no
 * internet here), each in a state a test sets: "down" refuses at once (the default: a refresh
 * fails, as it always has in these tests), "held" keeps requests waiting until the state changes
 * (or their own time limit ends them), "up" answers: a first page of the offline sample, and a
 * generated poster for any cover.
 */
export function aniListStandIn() {
  let state: AniListState = { catalogue: "down", covers: "down" };
  const held = new Set<() => void>();
  let nextCoverAt = 0;

  async function whileHeld(which: keyof AniListState, signal: AbortSignal | null | undefined) {
    while (state[which] === "held") {
      await new Promise<void>((resolve, reject) => {
        const release = () => {
          held.delete(release);
          resolve();
        };
        held.add(release);
        signal?.addEventListener(
          "abort",
          () => {
            held.delete(release);
            reject(new DOMException("The operation was aborted.", "AbortError"));
          },
          { once: true },
        );
      });
    }
    return state[which] satisfies StandInState;
  }

  async function fetchStandIn(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const which = urlOf(input) === ANILIST_ENDPOINT ? "catalogue" : "covers";
    if ((await whileHeld(which, init?.signal)) === "down") {
      throw new TypeError(`fetch failed: ${STAND_IN_REFUSAL}`);
    }
    if (which === "catalogue") return firstPage();
    const wait = Math.max(0, nextCoverAt - Date.now());
    nextCoverAt = Date.now() + wait + COVER_PACE_MS;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return await testCoverResponse("ok");
  }

  return {
    fetch: fetchStandIn,
    set(next: Partial<AniListState>) {
      state = { ...state, ...next };
      for (const release of [...held]) release();
    },
    reset() {
      this.set({ catalogue: "down", covers: "down" });
      nextCoverAt = 0;
    },
  };
}
