/**
 * The Daily's reserve: DAILY_RESERVE_SIZE anime that no solo or room deal gives anyone, from
 * which every Daily is chosen, while the pool holds DAILY_RESERVE_MIN_POOL ready (a smaller pool
 * chooses from all of it, as puzzle.ts says). A member carries `reservedSince` on its own anime
 * document, which every deal reads anyway (round/dealBar.ts): membership costs a deal no read, and
 * only the Daily's choice writes it, once a day, so no deal conflicts with another over it.
 *
 * Why the Daily cannot be inferred. Skip is free and shows the answer, so any number of accounts
 * skipping through the pool for days learn the reserve exactly (the anime never dealt), the day
 * each member joined (it stops being dealt) and left (it is dealt again), and today's five once
 * they play today's Daily. Each day, as a Daily is chosen (the cron at 00:00 UTC, or the first
 * Daily call of the day), in this order:
 * 1. members whose Daily has ended are released (dealt again from now on), and so are members
 *    whose cover is no longer ready;
 * 2. the reserve is topped up to DAILY_RESERVE_SIZE from the pool: anime never in a Daily first,
 *    at random among the most popular, then those whose last Daily is oldest;
 * 3. tomorrow's Daily is chosen at random among all members not in today's Daily and not in a
 *    Daily since they joined, by the variety rules alone (never preferring anime never in a
 *    Daily: which members were in past Dailies is known to anyone who played them).
 * So tomorrow's five are any five of the 65 members outside today's Daily, and nothing seen
 * tells them apart; today's are any of the 65 members that did not join today. Both stay at
 * least 50 with 15 to spare for members that cannot be chosen (no clue worth dealing, a room
 * playing it as the choice runs). Members join just before the choice, in the same transaction,
 * and are as likely to be chosen as any: when a member joined tells nothing of whether it is
 * tomorrow's. (Choosing only among members of a day before would leave 60, and the reserve's
 * first day could not choose from it at all.)
 *
 * A round in play whose anime joins the reserve is withdrawn at its player's next call
 * (game/withdraw.ts) and replaced like any other deal: it says only that the anime is a member,
 * which skipping says anyway.
 */
import type { Doc } from "../../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../../_generated/server";
import { DAILY_RESERVE_SIZE } from "../shared/rules";
import { animeOfDailies, poolCandidates, shuffled, useOf } from "./candidates";

/**
 * The reserve's members (one indexed range; at most twice its size, which it never nears: it
 * only grows to DAILY_RESERVE_SIZE, by the refill).
 */
async function membersOf(ctx: QueryCtx): Promise<Doc<"anime">[]> {
  return await ctx.db
    .query("anime")
    .withIndex("by_reservedSince", (q) => q.gte("reservedSince", 0))
    .take(2 * DAILY_RESERVE_SIZE);
}

/** Releases every member: a pool too small for the reserve (at most the members' reads). */
export async function releaseAll(ctx: MutationCtx): Promise<void> {
  for (const member of await membersOf(ctx)) {
    await ctx.db.patch("anime", member._id, { reservedSince: undefined });
  }
}

/**
 * Steps 1 and 2 on Daily #`today`'s day: releases members whose Daily has ended (or whose cover
 * is gone), tops the reserve up, and returns the members the Daily may be chosen from (those in
 * no Daily since they joined). At most 2 × DAILY_RESERVE_SIZE member reads and one use read
 * each, then, to refill, the pool's candidate scan (candidates.ts, DAILY_CHOICE_SCAN at most).
 */
export async function refreshReserve(ctx: MutationCtx, today: number): Promise<Doc<"anime">[]> {
  const choosable: Doc<"anime">[] = [];
  let kept = 0;
  for (const member of await membersOf(ctx)) {
    const since = member.reservedSince!;
    const lastNumber = (await useOf(ctx, member._id))?.lastNumber;
    // A Daily since it joined (on its day at the earliest: anime joining were in none since
    // yesterday's start, whose Daily no refill takes).
    const chosen = lastNumber !== undefined && lastNumber >= since;
    if (member.coverStatus !== "ready" || (chosen && lastNumber < today)) {
      await ctx.db.patch("anime", member._id, { reservedSince: undefined });
      continue;
    }
    kept++;
    if (!chosen) choosable.push(member);
  }
  const wanted = DAILY_RESERVE_SIZE - kept;
  if (wanted <= 0) return choosable;
  // Today's and tomorrow's anime (chosen before the reserve existed) stay out: deals bar them.
  const beside = await animeOfDailies(ctx, [today, today + 1]);
  const { fresh, used } = await poolCandidates(ctx, today + 1, beside);
  for (const anime of [...shuffled(fresh), ...used].slice(0, wanted)) {
    await ctx.db.patch("anime", anime._id, { reservedSince: today });
    choosable.push({ ...anime, reservedSince: today });
  }
  return choosable;
}
