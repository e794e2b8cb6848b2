"use node";
// A type only, gone at runtime: sharp itself is loaded by `loadSharp`.
import type sharpModule from "sharp";
import { BLUR_STEPS_PX } from "../shared/rules";

type Sharp = typeof sharpModule;

/**
 * The cover width the blur steps are defined at: the desktop cover. A step of b px there is a
 * blur of b / 256 of the cover's width on every screen, so a phone shows the same detail.
 */
export const REFERENCE_WIDTH_PX = 256;
/** The clear cover, sharp on a 2x screen at the desktop size. */
export const CLEAR_WIDTH_PX = 512;
/** Refused without decoding: no cover is anywhere near this. */
export const MAX_COVER_BYTES = 10 * 1024 * 1024;
export const COVER_FETCH_TIMEOUT_MS = 15_000;
/**
 * Sent with every cover download: Node's fetch says only "node", which image CDNs' bot filters
 * may refuse; this names a browser-compatible client and the game (`npm run smoke:anilist` shows
 * what the image host answers to it).
 */
export const COVER_USER_AGENT = "Mozilla/5.0 (compatible; AnimeGuess/1.0; cover maker)";

/**
 * The width of the image for a blur of `blurPx` at the reference width: one pixel per blur
 * radius. A Gaussian blur of standard deviation σ keeps under 1 % of the contrast of detail
 * finer than 2σ (the Nyquist limit at one sample per σ), so this image holds all the step shows
 * and nothing more: scaled back up without the CSS blur, it is as vague as the blurred cover.
 */
export function stepWidthPx(blurPx: number): number {
  return Math.ceil(REFERENCE_WIDTH_PX / blurPx);
}

export type CoverImages = { steps: Uint8Array[]; clear: Uint8Array };

/** sharp did not load (a native binary missing or built for another platform): no cover can be made. */
export class SharpUnavailableError extends Error {}

/**
 * sharp, loaded when a cover is first made rather than when the module is: a sharp that fails
 * to load in Convex's Node runtime then fails cover making only, never the deploy (which loads
 * every module) or any other function.
 */
async function loadSharp(): Promise<Sharp> {
  try {
    return (await import("sharp")).default;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SharpUnavailableError(`sharp could not be loaded: ${reason}`);
  }
}

/**
 * The step images (one per BLUR_STEPS_PX) and the clear cover, as WebP. Throws if undecodable,
 * or a SharpUnavailableError when sharp cannot be loaded.
 */
export async function deriveCoverImages(source: Uint8Array): Promise<CoverImages> {
  return await coverImagesWith(await loadSharp(), source);
}

/** `deriveCoverImages` with a sharp loaded by the caller (the tests' fixtures load their own). */
export async function coverImagesWith(sharp: Sharp, source: Uint8Array): Promise<CoverImages> {
  const image = sharp(source, { limitInputPixels: 40_000_000, failOn: "error" });
  const { width, height } = await image.metadata();
  if (!width || !height) throw new Error("not an image");
  // A cover is about 2:3; a strange shape is cropped to it rather than squashed.
  const aspect = 1.5;
  const clear = await image
    .clone()
    .resize({ width: CLEAR_WIDTH_PX, height: Math.round(CLEAR_WIDTH_PX * aspect), fit: "cover" })
    .webp({ quality: 80 })
    .toBuffer();
  const steps = await Promise.all(
    BLUR_STEPS_PX.map(async (blurPx) => {
      const w = stepWidthPx(blurPx);
      return await sharp(clear)
        .resize({ width: w, height: Math.round(w * aspect), fit: "cover" })
        .webp({ quality: 70 })
        .toBuffer();
    }),
  );
  return { steps: steps.map((b) => new Uint8Array(b)), clear: new Uint8Array(clear) };
}

/**
 * A failed fetch says whether it may pass (`transient`: the host busy or down, 5xx, 429 or 408,
 * a timeout, a network error), so the cover is tried again later, or would fail the same way.
 */
export type FetchedCover =
  { ok: true; bytes: Uint8Array } | { ok: false; error: string; transient: boolean };

function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Fetches a cover once: a time limit, an image content type and at most MAX_COVER_BYTES. */
export async function fetchCover(url: string): Promise<FetchedCover> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), COVER_FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers: { "User-Agent": COVER_USER_AGENT },
    });
    if (!response.ok) {
      const transient = isTransientStatus(response.status);
      return { ok: false, error: `HTTP ${response.status}`, transient };
    }
    const refused = (error: string) => ({ ok: false as const, error, transient: false });
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("image/")) return refused(`not an image: "${type}"`);
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_COVER_BYTES) return refused(`too large: ${declared} bytes`);
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = response.body?.getReader();
    if (reader === undefined) return refused("empty body");
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_COVER_BYTES) {
        await reader.cancel();
        return refused(`too large: over ${MAX_COVER_BYTES} bytes`);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return { ok: true, bytes };
  } catch (error) {
    // Timed out, or the host could not be reached (or the body broke off): it may answer later.
    const reason = controller.signal.aborted ? "timed out" : String(error);
    return { ok: false, error: reason, transient: true };
  } finally {
    clearTimeout(timer);
  }
}
