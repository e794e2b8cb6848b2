"use node";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalAction, type ActionCtx } from "./_generated/server";
import {
  deriveCoverImages,
  fetchCover,
  SharpUnavailableError,
  type CoverImages,
} from "./model/catalogue/coverImages";
import { COVERS_PER_RUN, RUN_BUDGET_MS, type ClaimedCover } from "./model/catalogue/coverQueue";

/**
 * One run of a cover worker (convex/model/catalogue/coverQueue.ts): claims the next queued
 * anime, fetches its cover once and stores the images a round shows, a few covers in all, then
 * hands over to its next run while covers are left. A cover whose host failed for a passing
 * reason (5xx, 429, a timeout) waits for a retry, minutes later; one that is refused (404), too
 * large, not an image or does not decode is logged and not stored: the anime stays undealt until
 * a later refresh queues it again. A run that fails (sharp not loading) is recorded in the
 * refresh history, and its slot waits for the next refresh or the cron.
 */
export const work = internalAction({
  args: { slot: v.number(), run: v.number() },
  returns: v.null(),
  handler: async (ctx, { slot, run }): Promise<null> => {
    const startedAt = Date.now();
    let error: string | undefined;
    try {
      for (let made = 0; made < COVERS_PER_RUN; made++) {
        if (Date.now() - startedAt > RUN_BUDGET_MS) break;
        const claimed = await ctx.runMutation(internal.covers.claim, { slot, run });
        if (claimed === null) break;
        await makeCover(ctx, claimed);
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      console.error(`Cover worker ${slot} stopped: ${error}`);
    }
    await ctx.runMutation(internal.covers.finishRun, {
      slot,
      run,
      ...(error === undefined ? {} : { error }),
    });
    return null;
  },
});

/** The images of a fetched cover, or why there are none; throws when sharp cannot load. */
async function imagesOf(
  source: string,
): Promise<{ ok: true; images: CoverImages } | { ok: false; error: string; transient: boolean }> {
  const fetched = await fetchCover(source);
  if (!fetched.ok) return fetched;
  try {
    return { ok: true, images: await deriveCoverImages(fetched.bytes) };
  } catch (e) {
    if (e instanceof SharpUnavailableError) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    return { ok: false, error: `undecodable: ${reason}`, transient: false };
  }
}

async function makeCover(ctx: ActionCtx, { animeId, source, claim }: ClaimedCover) {
  let made;
  try {
    made = await imagesOf(source);
  } catch (e) {
    // Not this cover's fault: it stays first in line for when sharp loads.
    await ctx.runMutation(internal.covers.release, { animeId, claim });
    throw e;
  }
  if (!made.ok) {
    const outcome = made.transient ? "failed, to be retried" : "refused";
    console.warn(`Cover of anime ${animeId} ${outcome} (${source}): ${made.error}`);
    await ctx.runMutation(internal.covers.failed, {
      animeId,
      claim,
      source,
      transient: made.transient,
    });
    return;
  }
  const { images } = made;
  const stored: Id<"_storage">[] = [];
  const store = async (bytes: Uint8Array) => {
    const id = await ctx.storage.store(
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/webp" }),
    );
    stored.push(id);
    return id;
  };
  try {
    const steps: Id<"_storage">[] = [];
    for (const step of images.steps) steps.push(await store(step));
    const clear = await store(images.clear);
    const bytes = images.steps.reduce((sum, s) => sum + s.byteLength, images.clear.byteLength);
    await ctx.runMutation(internal.covers.store, {
      animeId,
      claim,
      covers: { source, steps, clear, bytes },
    });
  } catch (e) {
    // Nothing points at images that were not kept.
    for (const id of stored) await ctx.storage.delete(id);
    throw e;
  }
}
