import type { Infer } from "convex/values";
import { internal } from "../../_generated/api";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { coverSet } from "../../schema";
import { BLUR_STEPS_PX } from "../shared/rules";

export type CoverSet = Infer<typeof coverSet>;
/** Cover jobs of one stored page start this far apart, not all at once on AniList's image host. */
export const COVER_JOB_SPACING_MS = 300;

/** True when the anime's images exist for the cover it has now. */
export function coversReady(anime: Doc<"anime">): boolean {
  return anime.coverStatus === "ready" && anime.covers?.source === anime.coverImage;
}

/** Schedules the cover job for an anime whose images are missing or out of date. */
export async function scheduleCoverJob(ctx: MutationCtx, anime: Doc<"anime">, delayMs: number) {
  await ctx.scheduler.runAfter(delayMs, internal.coverMaker.make, {
    animeId: anime._id,
    source: anime.coverImage,
  });
}

/** Keeps the images a job made, if the anime still has that cover; the old ones are deleted. */
export async function storeCovers(ctx: MutationCtx, animeId: Id<"anime">, covers: CoverSet) {
  const anime = await ctx.db.get("anime", animeId);
  if (anime === null || anime.coverImage !== covers.source) {
    await deleteCovers(ctx, covers);
    return;
  }
  if (anime.covers !== undefined) await deleteCovers(ctx, anime.covers);
  await ctx.db.patch("anime", animeId, { coverStatus: "ready", covers });
}

export async function markCoversMissing(ctx: MutationCtx, animeId: Id<"anime">, source: string) {
  const anime = await ctx.db.get("anime", animeId);
  if (anime === null || anime.coverImage !== source || coversReady(anime)) return;
  await ctx.db.patch("anime", animeId, { coverStatus: "missing" });
}

async function deleteCovers(ctx: MutationCtx, covers: CoverSet) {
  for (const id of [...covers.steps, covers.clear]) await ctx.storage.delete(id);
}

/** A new random cover address for a round: 128 bits, URL-safe. */
export function newCoverToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The blur step a round shows: one per guess used on this anime, the last one held. */
export function coverStep(guessesUsed: number): number {
  return Math.min(guessesUsed, BLUR_STEPS_PX.length - 1);
}

/** The path a round's cover is shown from now: a step while playing, the clear one after. */
export function coverPath(token: string, round: { status: string; guessesUsed: number }) {
  return `/cover/${token}/${round.status === "playing" ? coverStep(round.guessesUsed) : "clear"}`;
}

/**
 * The image behind /cover/<token>/<step>, or null: only the current round's token, only steps up
 * to the one it shows, and the clear cover only once the round has ended.
 */
export async function coverForToken(
  ctx: QueryCtx,
  token: string,
  step: string,
): Promise<Id<"_storage"> | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const game = await ctx.db
    .query("games")
    .withIndex("by_coverToken", (q) => q.eq("coverToken", token))
    .unique();
  const round = game?.round;
  if (round == null) return await roomCoverForToken(ctx, token, step);
  const anime = await ctx.db.get("anime", round.animeId);
  if (anime === null || anime.covers === undefined) return null;
  if (step === "clear") return round.status === "playing" ? null : anime.covers.clear;
  if (!/^\d$/.test(step)) return null;
  const n = Number(step);
  const allowed = round.status === "playing" ? coverStep(round.guessesUsed) : BLUR_STEPS_PX.length;
  return n <= allowed ? (anime.covers.steps[n] ?? null) : null;
}

/**
 * A party room's round (convex/model/rooms/timeline.ts): the same token for everyone in the room,
 * steps up to the one the round's timeline has reached, the clear cover once it has ended.
 */
async function roomCoverForToken(
  ctx: QueryCtx,
  token: string,
  step: string,
): Promise<Id<"_storage"> | null> {
  const round = await ctx.db
    .query("roomRounds")
    .withIndex("by_coverToken", (q) => q.eq("coverToken", token))
    .unique();
  if (round === null) return null;
  const anime = await ctx.db.get("anime", round.animeId);
  if (anime === null || anime.covers === undefined) return null;
  const playing = round.status === "playing";
  if (step === "clear") return playing ? null : anime.covers.clear;
  if (!/^\d$/.test(step)) return null;
  const allowed = playing ? round.step : BLUR_STEPS_PX.length;
  return Number(step) <= allowed ? (anime.covers.steps[Number(step)] ?? null) : null;
}
