/**
 * A player's contest of a guess the judge did not take ("this names it"), sent once the round is
 * over. It reads the player's own game, their own contest rows, and the one contest document of
 * that (anime, name), which it counts up: the only shared document a player's path writes here,
 * a read-modify-write that only players contesting the same name of the same anime within the
 * same moment can meet (rare: a retry, never a lost count).
 */
import type { Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { utcDay } from "../shared/localTime";
import { repeatKey } from "../round/history";
import { gameOf, type Round } from "../game/state";
import { normalizeTitle } from "../judge/normalize";
import { appError } from "../shared/errors";
import { CONTESTS_PER_DAY } from "../shared/rules";

/** What can be contested: a guess the judge judged wrong, or refused as too generic. */
const CONTESTABLE = new Set(["wrong", "tooGeneric"]);

/**
 * The ended round `roundNumber` of the player's game (the one on screen, or the one a skip or a
 * reset replaced) and the guess `text` as typed in it. A round in play is refused: a contest must
 * tell nothing while the answer is hidden, and after the round the answer is shown anyway.
 */
function contestedGuess(
  rounds: readonly (Round | null)[],
  roundNumber: number,
  text: string,
): { round: Round; typed: string } {
  const round = rounds.find((candidate) => candidate?.number === roundNumber) ?? null;
  if (round === null || round.status === "withdrawn") throw appError("CONTEST_GUESS_NOT_FOUND");
  if (round.status === "playing") throw appError("CONTEST_ROUND_NOT_ENDED");
  const key = repeatKey(text);
  const guess = (round.guesses ?? []).find(
    (kept) => CONTESTABLE.has(kept.outcome) && repeatKey(kept.text) === key,
  );
  if (guess === undefined) throw appError("CONTEST_GUESS_NOT_FOUND");
  return { round, typed: guess.text.trim() };
}

/**
 * Records the player's contest: once per player and name (a second is answered the same and
 * counts nothing), at most CONTESTS_PER_DAY a UTC day. A name already answered by an admin stays
 * as answered: a dismissed name is not shown again, an accepted one scores already.
 */
export async function sendContest(
  ctx: MutationCtx,
  userId: Id<"users">,
  { roundNumber, guess }: { roundNumber: number; guess: string },
): Promise<null> {
  const game = await gameOf(ctx, userId);
  if (game === null) throw appError("GAME_NOT_STARTED");
  const { round, typed } = contestedGuess([game.round, game.previousRound], roundNumber, guess);
  const nameKey = normalizeTitle(typed);
  if (nameKey.length === 0) throw appError("CONTEST_GUESS_NOT_FOUND");
  const { animeId } = round;
  const mine = await ctx.db
    .query("contestVotes")
    .withIndex("by_userId_and_animeId_and_nameKey", (q) =>
      q.eq("userId", userId).eq("animeId", animeId).eq("nameKey", nameKey),
    )
    .first();
  if (mine !== null) return null;
  const now = Date.now();
  const day = utcDay(now);
  const today = await ctx.db
    .query("contestVotes")
    .withIndex("by_userId_and_day", (q) => q.eq("userId", userId).eq("day", day))
    .take(CONTESTS_PER_DAY);
  if (today.length >= CONTESTS_PER_DAY) throw appError("CONTEST_DAILY_LIMIT");
  await ctx.db.insert("contestVotes", { userId, animeId, nameKey, day });
  const contest = await ctx.db
    .query("contests")
    .withIndex("by_animeId_and_nameKey", (q) => q.eq("animeId", animeId).eq("nameKey", nameKey))
    .unique();
  if (contest === null) {
    await ctx.db.insert("contests", {
      animeId,
      nameKey,
      name: typed,
      count: 1,
      lastAt: now,
      status: "open",
    });
  } else if (contest.status === "open") {
    await ctx.db.patch("contests", contest._id, { count: contest.count + 1, lastAt: now });
  }
  return null;
}
