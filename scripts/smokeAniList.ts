// `npm run smoke:anilist`: one page of the real catalogue query and one cover download, through
// the refresh's own code (fetchCataloguePage, fetchCover and deriveCoverImages), so that launch
// day does not meet AniList's answers for the first time. It prints what came back and fails on
// anything the refresh would not accept. ANILIST_URL sends the query elsewhere (a stand-in).
import sharp from "sharp";
import {
  ANILIST_ENDPOINT,
  CATALOGUE_PAGE_COUNT,
  CATALOGUE_PAGE_SIZE,
  fetchCataloguePage,
} from "../convex/model/catalogue/anilist";
import {
  COVER_USER_AGENT,
  deriveCoverImages,
  fetchCover,
} from "../convex/model/catalogue/coverImages";

type Seen = { url: string; status: number; headers: Headers; ms: number };

function urlOf(input: RequestInfo | URL): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}

/**
 * The refresh's code calls the global fetch: this one sends the catalogue query to `endpoint`
 * and notes each answer's status and headers, which the refresh's results do not carry.
 */
function observedFetch(endpoint: string, seen: Seen[]): typeof fetch {
  const real = globalThis.fetch;
  return async (input, init) => {
    const url = urlOf(input) === ANILIST_ENDPOINT ? endpoint : urlOf(input);
    const started = performance.now();
    const response = await real(url, init);
    seen.push({
      url,
      status: response.status,
      headers: response.headers,
      ms: performance.now() - started,
    });
    return response;
  };
}

function rateLimit(headers: Headers): string {
  const limit = headers.get("X-RateLimit-Limit");
  const remaining = headers.get("X-RateLimit-Remaining");
  const retry = headers.get("Retry-After");
  if (limit === null && remaining === null) return "no rate-limit headers";
  return `rate limit ${remaining ?? "?"} of ${limit ?? "?"} left${retry === null ? "" : `, Retry-After ${retry}`}`;
}

export async function smokeAniList({
  endpoint = ANILIST_ENDPOINT,
  log = console.log,
}: { endpoint?: string; log?: (line: string) => void } = {}): Promise<boolean> {
  const seen: Seen[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = observedFetch(endpoint, seen);
  try {
    log(
      `Catalogue query, page 1 of ${CATALOGUE_PAGE_COUNT} (${CATALOGUE_PAGE_SIZE} a page) → ${endpoint}`,
    );
    const result = await fetchCataloguePage(1);
    const answer = seen.at(-1);
    if (answer)
      log(`  HTTP ${answer.status} in ${Math.round(answer.ms)} ms; ${rateLimit(answer.headers)}`);
    if (!result.ok) {
      log(`FAILED: the refresh would not accept this page: ${result.error}`);
      return false;
    }
    const { items, invalid, hasNextPage } = result.page;
    log(
      `  ${items.length} anime accepted, ${invalid.length} refused; next page: ${hasNextPage ? "yes" : "no"}`,
    );
    log(
      `  first: ${items
        .slice(0, 5)
        .map((item) => item.title.english ?? item.title.romaji)
        .join("; ")}`,
    );
    for (const item of invalid)
      log(`  refused: AniList id ${item.anilistId ?? "?"}: ${item.reason}`);
    if (items.length === 0) {
      log("FAILED: no anime the refresh would keep on this page.");
      return false;
    }
    if (invalid.length > 0) {
      log(
        "FAILED: the most popular page should hold no refused anime: the answer's shape or the rules changed.",
      );
      return false;
    }

    const first = items[0];
    log(`Cover of "${first.title.english ?? first.title.romaji}" → ${first.coverImage}`);
    log(`  User-Agent: ${COVER_USER_AGENT}`);
    const cover = await fetchCover(first.coverImage);
    const download = seen.at(-1);
    if (download && download.url === first.coverImage) {
      log(
        `  HTTP ${download.status} ${download.headers.get("content-type") ?? "(no content type)"} in ${Math.round(download.ms)} ms`,
      );
    }
    if (!cover.ok) {
      log(`FAILED: the cover maker would refuse this cover: ${cover.error}`);
      return false;
    }
    let made;
    try {
      made = await deriveCoverImages(cover.bytes);
    } catch (error) {
      log(
        `FAILED: the cover does not decode: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
    const { format, width, height } = await sharp(cover.bytes).metadata();
    log(
      `  ${cover.bytes.byteLength} bytes, ${format} ${width}×${height}: ${made.steps.length} blur steps and the clear cover made`,
    );
    log("OK: the refresh would accept this page and this cover.");
    return true;
  } finally {
    globalThis.fetch = realFetch;
  }
}
