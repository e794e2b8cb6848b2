import type { GenericMutationCtx } from "convex/server";
import { Blob as NodeBlob } from "node:buffer";
import sharp from "sharp";
import type { DataModel, Id } from "../../convex/_generated/dataModel";
import type { MutationCtx } from "../../convex/_generated/server";
import { deriveCoverImages, type CoverImages } from "../../convex/model/catalogue/coverImages";
import { insertAnime, type AnimeFields } from "../../convex/model/judge/titleIndex";
import { coverSvg } from "./browser.mjs";

/** Distinct generated posters: enough to tell rounds apart, few enough to make quickly. */
const VARIANTS = 24;
const made = new Map<number, Promise<CoverImages>>();

/** The cover images of generated poster `n` (tests/support/browser.mjs), made as the server makes them. */
export function testCoverImages(n: number): Promise<CoverImages> {
  const variant = ((n - 1) % VARIANTS) + 1;
  let images = made.get(variant);
  if (images === undefined) {
    images = deriveCoverImages(new TextEncoder().encode(coverSvg(variant)));
    made.set(variant, images);
  }
  return images;
}

type SeedCtx = Pick<GenericMutationCtx<DataModel>, "db"> & {
  storage: { store(blob: Blob): Promise<Id<"_storage">> };
};

/**
 * Gives a seeded anime its cover images, as the cover job would (tests never reach AniList):
 * the one way every seeder makes an anime dealable. The poster follows the AniList id.
 */
export async function attachTestCovers(ctx: SeedCtx, animeId: Id<"anime">): Promise<void> {
  const anime = await ctx.db.get("anime", animeId);
  if (anime === null) throw new Error("no such anime");
  const images = await testCoverImages(anime.anilistId % 1000);
  // Node's Blob, not jsdom's: convex-test hashes its bytes with Node's crypto.
  const store = (bytes: Uint8Array) =>
    ctx.storage.store(new NodeBlob([bytes], { type: "image/webp" }) as unknown as Blob);
  const steps = [];
  for (const step of images.steps) steps.push(await store(step));
  const clear = await store(images.clear);
  const bytes = images.steps.reduce((sum, s) => sum + s.byteLength, images.clear.byteLength);
  await ctx.db.patch("anime", animeId, {
    coverStatus: "ready",
    covers: { source: anime.coverImage, steps, clear, bytes },
  });
}

/**
 * What an image host answers for a cover URL in tests: generated poster PNG, or a refusal
 * given by `kind` (for the cover job's fault tests).
 */
export async function testCoverResponse(
  kind: "ok" | "corrupt" | "huge" | "html" | "missing" = "ok",
): Promise<Response> {
  if (kind === "missing") return new Response("Not found", { status: 404 });
  if (kind === "html") {
    return new Response("<html>hello</html>", { headers: { "Content-Type": "text/html" } });
  }
  if (kind === "corrupt") {
    const junk = new Uint8Array(2_000).map((_, i) => (i * 31) % 256);
    return new Response(junk, { headers: { "Content-Type": "image/jpeg" } });
  }
  if (kind === "huge") {
    // 11 MB, streamed without a Content-Length: the job must count as it reads.
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 11) controller.close();
        else {
          sent++;
          controller.enqueue(chunk);
        }
      },
    });
    return new Response(body, { headers: { "Content-Type": "image/png" } });
  }
  const png = await sharp(new TextEncoder().encode(coverSvg(7)))
    .png()
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
}

/**
 * Puts a seeded anime into the pool as the catalogue stores one (with its title index) and gives
 * it the generated cover images the cover job would make.
 */
export async function insertTestAnime(ctx: MutationCtx, anime: AnimeFields): Promise<Id<"anime">> {
  const animeId = await insertAnime(ctx, anime);
  await attachTestCovers(ctx, animeId);
  return animeId;
}
