import { defineTable } from "convex/server";
import { v } from "convex/values";

/**
 * What every solo round shares: its status, its guesses' history, and the anime a player has seen
 * (convex/model/round/). convex/schema.ts composes the tables and re-exports the validators, so
 * the code imports them from there.
 */

/**
 * How a Challenge round stands. "withdrawn": ended unrevealed because its anime became a Daily's
 * after it was dealt (model/game/withdraw.ts); no screen ever shows its answer or clear cover.
 */
export const roundStatus = v.union(
  v.literal("playing"),
  v.literal("solved"),
  v.literal("outOfGuesses"),
  v.literal("skipped"),
  v.literal("withdrawn"),
);

/**
 * What became of one guess of a solo round: judged ("correct", "wrong": counted), or turned
 * away for free: too generic, a list of titles, or a text the round had already been sent.
 */
export const roundGuessOutcome = v.union(
  v.literal("correct"),
  v.literal("wrong"),
  v.literal("tooGeneric"),
  v.literal("list"),
  v.literal("alreadyTried"),
);

/** One guess of a round's history, as typed (trimmed). */
export const roundGuess = v.object({ text: v.string(), outcome: roundGuessOutcome });

/** An anime whose answer the player has seen (solved, out of guesses, skipped or reset away). */
export const seenAnimeFields = {
  userId: v.id("users"),
  animeId: v.id("anime"),
  seenAt: v.number(),
  /**
   * When the player was last shown it in a party room, and which: no other deal gives it to them
   * for ROOM_SEEN_BAR_MS (convex/model/round/dealBar.ts).
   */
  roomSeenAt: v.optional(v.number()),
  roomId: v.optional(v.id("rooms")),
};

/** The tables, with their indexes: convex/schema.ts composes every domain's. */
export const roundTables = {
  seenAnime: defineTable(seenAnimeFields)
    .index("by_userId_and_animeId", ["userId", "animeId"])
    .index("by_animeId_and_seenAt", ["animeId", "seenAt"]),
};
