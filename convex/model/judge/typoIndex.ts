/**
 * Whether a guess is a typo of some show's name in the pool, in a few index lookups: the
 * refusals ask it (refusal.ts), so that "Death Not" or "Sword At Online", everyday words typed
 * for an everyday-word title, are judged as that title instead of refused for free. A refusal
 * never depends on the anime dealt, so the question is asked of the whole pool.
 *
 * A name of L letters forgives k typos (match.ts: 1 from 6 letters, 2 from 12), each touching
 * one letter, two neighbours (a swap) or none (an insertion). Cut into k + 1 pieces with a letter
 * between each two, k typos leave one piece whole (pigeonhole): the first piece stays the
 * guess's start, the last its end, and the middle one (k = 2, when both ends are hit) is found
 * one letter either side of where it was. The index holds one row per piece, `typo:<kind><L>:
 * <piece>|<name>`; the guess, whose length is within k of L, looks up each piece it could hold
 * and checks the name after the `|` (one document per lookup that finds a row).
 */
import type { QueryCtx } from "../../_generated/server";
import { isCommonLetter } from "./everydayWords";
import { isTypoOf, typoAllowance } from "./match";
import { normalizeTitle } from "./normalize";

const TYPO_PREFIX = "typo:";
/** Pieces a guess reads a row for before it gives up (each a document). */
const MAX_NEAR_READS = 3;

type Piece = { kind: "p" | "m" | "s"; length: number; piece: string };

/** A name of `length` letters, cut for its typos: piece lengths, with one letter between. */
function cuts(length: number): { edge: number; middle: number } | null {
  const typos = typoAllowance(length);
  if (typos === 1) return { edge: Math.floor((length - 1) / 2), middle: 0 };
  if (typos === 2) {
    const edge = Math.floor((length - 2) / 3);
    return { edge, middle: length - 2 * edge - 2 };
  }
  return null;
}

function keyPrefix({ kind, length, piece }: Piece): string {
  return `${TYPO_PREFIX}${kind}${length}:${piece}|`;
}

/** The index terms of one name (normalised, as match.ts's `typoTargets` gives it). */
export function typoTerms(target: string): string[] {
  const length = target.length;
  const cut = cuts(length);
  if (cut === null) return [];
  // Only a guess of common words asks (the others are never refused): a name it cannot be
  // within typos of, its letters being no common words' ("進撃の巨人"), needs no rows.
  const foreign = [...target].filter((letter) => !isCommonLetter(letter)).length;
  if (foreign > typoAllowance(length)) return [];
  const pieces: Piece[] = [
    { kind: "p", length, piece: target.slice(0, cut.edge) },
    { kind: "s", length, piece: target.slice(length - cut.edge) },
  ];
  if (cut.middle > 0) {
    pieces.push({
      kind: "m",
      length,
      piece: target.slice(cut.edge + 1, cut.edge + 1 + cut.middle),
    });
  }
  return pieces.map((piece) => keyPrefix(piece) + target);
}

/**
 * The index keys (up to the `|`) of the pieces a name within typos of `guess` (normalised) holds
 * whole, one of which it must: names of the guess's own length first (a typo that keeps the
 * length is the commonest).
 */
export function guessKeys(guess: string): string[] {
  return [...new Set(guessPieces(guess).map(keyPrefix))];
}

function guessPieces(guess: string): Piece[] {
  const pieces: Piece[] = [];
  const lengths = [0, -1, 1, -2, 2].map((shift) => guess.length + shift);
  for (const length of lengths) {
    const cut = cuts(length);
    const change = guess.length - length;
    if (cut === null || Math.abs(change) > typoAllowance(length) || guess.length < cut.edge) {
      continue;
    }
    pieces.push({ kind: "p", length, piece: guess.slice(0, cut.edge) });
    pieces.push({ kind: "s", length, piece: guess.slice(guess.length - cut.edge) });
    if (cut.middle === 0) continue;
    // Both ends hit: the first typo moved the middle piece by its own change of length.
    for (const moved of [0, -1, 1]) {
      if (Math.abs(change - moved) > 1) continue;
      const start = cut.edge + 1 + moved;
      if (start + cut.middle > guess.length) continue;
      pieces.push({ kind: "m", length, piece: guess.slice(start, start + cut.middle) });
    }
  }
  return pieces;
}

/**
 * True when the text is within the typos forgiven of a name of some show in the pool. At most 19
 * index lookups (5 lengths, from 12 letters 2 to 5 pieces each), most finding nothing, and at
 * most MAX_NEAR_READS documents: after that many rows of other names it stops and says no, so
 * the refusal's reads stay bounded whatever the pool.
 */
export async function isNearName(ctx: QueryCtx, text: string): Promise<boolean> {
  const guess = normalizeTitle(text);
  let reads = 0;
  for (const prefix of guessKeys(guess)) {
    const row = await ctx.db
      .query("titleTerms")
      // "}" follows "|": every term that starts with the prefix.
      .withIndex("by_term_and_franchise", (q) =>
        q.gte("term", prefix).lt("term", `${prefix.slice(0, -1)}}`),
      )
      .first();
    if (row === null) continue;
    if (isTypoOf(guess, row.term.slice(prefix.length))) return true;
    if (++reads >= MAX_NEAR_READS) return false;
  }
  return false;
}
