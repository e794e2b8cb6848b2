"use node";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { internalAction } from "./_generated/server";
import { deriveCoverImages, fetchCover } from "./model/catalogue/coverImages";

/**
 * Fetches an anime's cover once and stores the images a round shows. A cover that cannot be
 * fetched, is too large, is not an image or does not decode is logged and not stored: the anime
 * stays undealt until a later refresh makes it.
 */
export const make = internalAction({
  args: { animeId: v.id("anime"), source: v.string() },
  returns: v.null(),
  handler: async (ctx, { animeId, source }): Promise<null> => {
    const fetched = await fetchCover(source);
    let error = fetched.ok ? null : fetched.error;
    if (fetched.ok) {
      try {
        const images = await deriveCoverImages(fetched.bytes);
        const store = async (bytes: Uint8Array) =>
          await ctx.storage.store(
            new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "image/webp" }),
          );
        const steps: Id<"_storage">[] = [];
        for (const step of images.steps) steps.push(await store(step));
        const clear = await store(images.clear);
        const bytes = images.steps.reduce((sum, s) => sum + s.byteLength, images.clear.byteLength);
        await ctx.runMutation(internal.covers.store, {
          animeId,
          covers: { source, steps, clear, bytes },
        });
        return null;
      } catch (e) {
        error = `undecodable: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    console.warn(`Cover of anime ${animeId} refused (${source}): ${error}`);
    await ctx.runMutation(internal.covers.markMissing, { animeId, source });
    return null;
  },
});
