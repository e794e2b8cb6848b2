import { z } from "zod";
import type { ObjectType } from "convex/values";
import type { catalogueItemFields } from "../../schema";
import { makeClue } from "./clue";
import { acceptedAnswers } from "../judge/match";

export const ANILIST_ENDPOINT = "https://graphql.anilist.co";
export const CATALOGUE_PAGE_SIZE = 50;
export const CATALOGUE_PAGE_COUNT = 20;
/** A page that has not answered by then is a failed try. */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The pool's query: popular finished or airing TV series and films,
 * no adult titles; plus what makes clues and rounds better: the native title,
 * synonyms, genres, the cover's colour, the AniList page and the main characters.
 */
export const CATALOGUE_QUERY = `query CataloguePage($page: Int, $perPage: Int) {
  Page(page: $page, perPage: $perPage) {
    pageInfo { currentPage hasNextPage }
    media(type: ANIME, format_in: [TV, MOVIE], sort: POPULARITY_DESC, status_in: [FINISHED, RELEASING], isAdult: false) {
      id
      title { english romaji native }
      description
      coverImage { extraLarge large medium color }
      format
      episodes
      duration
      genres
      popularity
      averageScore
      synonyms
      siteUrl
      characters(role: MAIN) { nodes { name { full first middle last native alternative } } }
    }
  }
}`;

const text = z.string().nullish();
const texts = z.array(z.string().nullable()).nullish();
const count = z.number().int().nonnegative().nullish();

/** One media item as AniList returns it; every field may be null. */
const mediaSchema = z.object({
  id: z.number().int().positive(),
  title: z.object({ english: text, romaji: text, native: text }).nullish(),
  description: text,
  coverImage: z.object({ extraLarge: text, large: text, medium: text, color: text }).nullish(),
  format: text,
  episodes: count,
  duration: count,
  genres: texts,
  popularity: count,
  averageScore: z.number().nullish(),
  synonyms: texts,
  siteUrl: text,
  characters: z
    .object({
      nodes: z
        .array(
          z
            .object({
              name: z
                .object({
                  full: text,
                  first: text,
                  middle: text,
                  last: text,
                  native: text,
                  alternative: texts,
                })
                .nullish(),
            })
            .nullable(),
        )
        .nullish(),
    })
    .nullish(),
});

export type AniListMedia = z.infer<typeof mediaSchema>;

const pageSchema = z.object({
  data: z.object({
    Page: z.object({
      pageInfo: z.object({ hasNextPage: z.boolean().nullish() }).nullish(),
      media: z.array(z.unknown()),
    }),
  }),
});

const errorsSchema = z.object({ errors: z.array(z.object({ message: z.string() })).min(1) });

/** What the `anime` table stores for one item, apart from what the pool adds. */
export type CatalogueItem = ObjectType<typeof catalogueItemFields>;

export type InvalidItem = { anilistId: number | null; reason: string };

export type CataloguePage = {
  items: CatalogueItem[];
  invalid: InvalidItem[];
  hasNextPage: boolean;
};

/** The page as a whole could not be read: the page is retried. */
export class CatalogueResponseError extends Error {}

function filled(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function filledList(values: readonly (string | null)[] | null | undefined): string[] {
  const list: string[] = [];
  for (const value of values ?? []) {
    const item = filled(value);
    if (item !== null && !list.includes(item)) list.push(item);
  }
  return list;
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\/\S+$/i.test(value);
}

/** Only defined values: Convex rejects `undefined` inside stored objects. */
function optionalFields<T extends Record<string, unknown>>(
  fields: T,
): Partial<{ [K in keyof T]: Exclude<T[K], null | undefined> }> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<{ [K in keyof T]: Exclude<T[K], null | undefined> }>;
}

/**
 * The stored form of a media item, or why it is refused: an item needs a
 * cover image, a title (English or romaji) and a description; its clue must keep some text once the description is cleaned.
 */
export function toCatalogueItem(media: AniListMedia): CatalogueItem | { reason: string } {
  const title = {
    english: filled(media.title?.english),
    romaji: filled(media.title?.romaji),
    native: filled(media.title?.native),
  };
  if (title.english === null && title.romaji === null) return { reason: "no title" };
  const cover = [media.coverImage?.extraLarge, media.coverImage?.large, media.coverImage?.medium]
    .map(filled)
    .find((url): url is string => url !== null && isHttpUrl(url));
  if (cover === undefined) return { reason: "no cover image" };
  if (filled(media.description) === null) return { reason: "no description" };
  const synonyms = filledList(media.synonyms);
  const genres = filledList(media.genres);
  const clue = makeClue({ ...media, title, synonyms, genres });
  if (clue === "" || clue.startsWith("Genres: "))
    return { reason: "no description left for a clue" };
  const siteUrl = filled(media.siteUrl);
  return {
    anilistId: media.id,
    title,
    synonyms,
    clue,
    answers: acceptedAnswers({ title, synonyms }),
    coverImage: cover,
    siteUrl:
      siteUrl !== null && isHttpUrl(siteUrl) ? siteUrl : `https://anilist.co/anime/${media.id}`,
    genres,
    ...optionalFields({
      coverColor: filled(media.coverImage?.color),
      format: filled(media.format),
      episodes: media.episodes,
      duration: media.duration,
      popularity: media.popularity,
      averageScore: media.averageScore,
    }),
  };
}

function idOf(raw: unknown): number | null {
  if (typeof raw !== "object" || raw === null || !("id" in raw)) return null;
  return typeof raw.id === "number" ? raw.id : null;
}

/**
 * Reads a response body (`data.Page.media`). A body that is not a page at all
 * (GraphQL errors, another shape) throws `CatalogueResponseError`; items that
 * fail the schema or the acceptance rule are returned as invalid, the rest as
 * catalogue items.
 */
export function parseCataloguePage(body: unknown): CataloguePage {
  const page = pageSchema.safeParse(body);
  if (!page.success) {
    const errors = errorsSchema.safeParse(body);
    const detail = errors.success
      ? `AniList errors: ${errors.data.errors.map((error) => error.message).join("; ")}`
      : "unexpected response shape (no data.Page.media)";
    throw new CatalogueResponseError(detail);
  }
  const items: CatalogueItem[] = [];
  const invalid: InvalidItem[] = [];
  for (const raw of page.data.data.Page.media) {
    const media = mediaSchema.safeParse(raw);
    if (!media.success) {
      const issue = media.error.issues[0];
      invalid.push({
        anilistId: idOf(raw),
        reason: `${issue?.path.join(".") || "item"}: ${issue?.message ?? "invalid"}`,
      });
      continue;
    }
    const item = toCatalogueItem(media.data);
    if ("reason" in item) invalid.push({ anilistId: media.data.id, reason: item.reason });
    else items.push(item);
  }
  return { items, invalid, hasNextPage: page.data.data.Page.pageInfo?.hasNextPage ?? true };
}

/**
 * A page, or why there is none. `rateLimited`: AniList answered 429, and `retryAfterMs` is how
 * long its Retry-After header asks to wait (when it sent one).
 */
export type PageFetchResult =
  | { ok: true; page: CataloguePage }
  | { ok: false; error: string; rateLimited?: true; retryAfterMs?: number };

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** One page of the catalogue query; every failure is described, never thrown. */
export async function fetchCataloguePage(page: number): Promise<PageFetchResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  let body: string;
  try {
    response = await fetch(ANILIST_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        query: CATALOGUE_QUERY,
        variables: { page, perPage: CATALOGUE_PAGE_SIZE },
      }),
      signal: controller.signal,
    });
    body = await response.text();
  } catch (error) {
    const timedOut =
      controller.signal.aborted || (error instanceof Error && error.name === "TimeoutError");
    return {
      ok: false,
      error: timedOut
        ? `timed out after ${REQUEST_TIMEOUT_MS / 1000} s`
        : `network error: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get("Retry-After"), Date.now());
    return {
      ok: false,
      error: "HTTP 429 (rate limited)",
      rateLimited: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  if (!response.ok) {
    const reason = errorsSchema.safeParse(safeJson(body));
    const detail = reason.success
      ? `: ${reason.data.errors.map((error) => error.message).join("; ")}`
      : "";
    return { ok: false, error: `HTTP ${response.status}${detail}` };
  }
  const json = safeJson(body);
  if (json === undefined) return { ok: false, error: "malformed JSON" };
  try {
    return { ok: true, page: parseCataloguePage(json) };
  } catch (error) {
    if (error instanceof CatalogueResponseError) return { ok: false, error: error.message };
    throw error;
  }
}
