import type { Infer } from "convex/values";
import type { Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import type { coverSet } from "../../schema";
import { BLUR_STEPS_PX } from "../shared/rules";

export type CoverSet = Infer<typeof coverSet>;

/**
 * How long a replaced cover set is kept: longer than any round can show it. A Challenge round lives
 * until the player's next reset (at most a day and a time-zone change later); a room's round
 * for minutes.
 */
export const RETIRED_COVERS_KEPT_MS = 2 * 24 * 60 * 60_000;
/** Retired sets deleted per run of the cleanup (six images each). */
export const RETIRED_DELETE_BATCH = 25;

/** True when the anime's images exist for the cover it has now. */
export function coversReady(anime: Doc<"anime">): boolean {
  return anime.coverStatus === "ready" && anime.covers?.source === anime.coverImage;
}

export async function deleteCoverSet(ctx: MutationCtx, covers: CoverSet): Promise<void> {
  for (const id of [...covers.steps, covers.clear]) await ctx.storage.delete(id);
}

/** Keeps a replaced set for the rounds that were dealt on it (`coverSetAt`). */
export async function retireCovers(
  ctx: MutationCtx,
  animeId: Id<"anime">,
  covers: CoverSet,
  now: number,
): Promise<void> {
  await ctx.db.insert("retiredCovers", { animeId, covers, retiredAt: now });
}

/**
 * The set a round dealt at `dealtAt` shows: the one current then. That is the earliest set
 * retired since (sets are replaced one after the other), or the anime's own when none was. A
 * round dealt in the very millisecond of a replacement shows the older set, kept all the same.
 */
async function coverSetAt(
  ctx: QueryCtx,
  anime: Doc<"anime">,
  dealtAt: number,
): Promise<CoverSet | undefined> {
  const retired = await ctx.db
    .query("retiredCovers")
    .withIndex("by_animeId_and_retiredAt", (q) =>
      q.eq("animeId", anime._id).gte("retiredAt", dealtAt),
    )
    .first();
  return retired?.covers ?? anime.covers;
}

/**
 * Deletes the retired sets no round can show any more, a batch at a time; true when more are
 * due (the caller runs again).
 */
export async function deleteRetiredCovers(ctx: MutationCtx, now: number): Promise<boolean> {
  const due = await ctx.db
    .query("retiredCovers")
    .withIndex("by_retiredAt", (q) => q.lt("retiredAt", now - RETIRED_COVERS_KEPT_MS))
    .take(RETIRED_DELETE_BATCH + 1);
  for (const retired of due.slice(0, RETIRED_DELETE_BATCH)) {
    await deleteCoverSet(ctx, retired.covers);
    await ctx.db.delete("retiredCovers", retired._id);
  }
  return due.length > RETIRED_DELETE_BATCH;
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

/**
 * The path a round's cover is shown from now: a step while playing, the clear one after (a
 * withdrawn round shows none: see the game's view).
 */
export function coverPath(token: string, round: { status: string; guessesUsed: number }) {
  return `/cover/${token}/${round.status === "playing" ? coverStep(round.guessesUsed) : "clear"}`;
}

/** The cover set of a round of `animeId` dealt at `dealtAt`. */
async function roundCovers(ctx: QueryCtx, animeId: Id<"anime">, dealtAt: number) {
  const anime = await ctx.db.get("anime", animeId);
  return anime === null ? undefined : await coverSetAt(ctx, anime, dealtAt);
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
  if (round == null) {
    return (
      (await roomCoverForToken(ctx, token, step)) ?? (await dailyCoverForToken(ctx, token, step))
    );
  }
  return await stepOfRound(ctx, round, step, coverStep(round.guessesUsed));
}

/**
 * The image of `step` of a round's cover set: while the round is in play, steps up to
 * `reachedStep` only; once it has ended, any step and the clear cover.
 */
async function stepOfRound(
  ctx: QueryCtx,
  round: { animeId: Id<"anime">; startedAt: number; status: string },
  step: string,
  reachedStep: number,
): Promise<Id<"_storage"> | null> {
  // A withdrawn round's anime became a Daily's: none of its cover is shown again.
  if (round.status === "withdrawn") return null;
  const covers = await roundCovers(ctx, round.animeId, round.startedAt);
  if (covers === undefined) return null;
  const playing = round.status === "playing";
  if (step === "clear") return playing ? null : covers.clear;
  if (!/^\d$/.test(step)) return null;
  const allowed = playing ? reachedStep : BLUR_STEPS_PX.length;
  return Number(step) <= allowed ? (covers.steps[Number(step)] ?? null) : null;
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
  return await stepOfRound(ctx, round, step, round.step);
}

/**
 * A player's round of a Daily anime (convex/model/daily/): its own token, steps up to the one its
 * guesses reached, the clear cover once it has ended, as a Challenge round.
 */
async function dailyCoverForToken(
  ctx: QueryCtx,
  token: string,
  step: string,
): Promise<Id<"_storage"> | null> {
  const round = await ctx.db
    .query("dailyRounds")
    .withIndex("by_coverToken", (q) => q.eq("coverToken", token))
    .unique();
  if (round === null) return null;
  return await stepOfRound(ctx, round, step, coverStep(round.guessesUsed));
}
